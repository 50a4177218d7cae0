// The media files every documentation kernel starts with. There is no upload endpoint yet (the
// upload plugin is not written), so the rows are put straight into the files table; docs/README.md
// lists them so examples can refer to them by id.

import type { Kernel } from '../../core/index.js';

export const MEDIA_FIXTURES = [
  {
    id: 1, document_id: 'hx3p0cover8q2m5n7k1w4z6a', name: 'cover.png', alternative_text: 'A cover image', caption: null,
    width: 1200, height: 630, formats: null, hash: 'cover_3f2a', ext: '.png', mime: 'image/png', size: 48.2,
    url: '/uploads/cover_3f2a.png', preview_url: null, provider: 'local', provider_metadata: null,
  },
  {
    id: 2, document_id: 'tq7d2terms9v4b1c6n8e3m0y', name: 'terms.pdf', alternative_text: null, caption: null,
    width: null, height: null, formats: null, hash: 'terms_9c1d', ext: '.pdf', mime: 'application/pdf', size: 210.5,
    url: '/uploads/terms_9c1d.pdf', preview_url: null, provider: 'local', provider_metadata: null,
  },
] as const;

const CREATED = '2024-01-01T00:00:00.000Z';

export async function seedMediaFiles(kernel: Kernel): Promise<void> {
  const stamp = kernel.dialect === 'mysql' ? CREATED.slice(0, 23).replace('T', ' ') : CREATED;
  // Ids come from the table's own sequence (1, 2 in a fresh database) so later inserts do not clash.
  for (const { id: _id, ...file } of MEDIA_FIXTURES) {
    await kernel.db('files').insert({ ...file, created_at: stamp, updated_at: stamp });
  }
}
