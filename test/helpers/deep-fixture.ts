// What the statement-count tests hang their articles on: a media file (straight into the files
// table: there is no upload route yet), a category under a parent, and three authors with an
// avatar and a link component.

import type { TestKernel } from './kernel.js';

export interface DeepFixture {
  file: number;
  category: { documentId: string };
  authors: Array<{ documentId: string }>;
}

export async function seedDeepFixture(app: TestKernel): Promise<DeepFixture> {
  const docs = (uid: string) => app.kernel.documents(uid);
  const now = app.kernel.dialect === 'mysql' ? new Date().toISOString().slice(0, 23).replace('T', ' ') : new Date().toISOString();
  const [fileId] = await app.kernel.db('files').insert({ document_id: 'f'.repeat(24), name: 'a.png', mime: 'image/png', url: '/a.png', created_at: now, updated_at: now }, ['id']);
  const file = typeof fileId === 'object' ? Number((fileId as { id: number }).id) : Number(fileId);
  const parent = await docs('api::category.category').create({ data: { name: 'Root' } });
  const category = await docs('api::category.category').create({ data: { name: 'Leaf', parent: parent.documentId } });
  const authors = [];
  for (let i = 0; i < 3; i++) {
    authors.push(await docs('api::author.author').create({ data: { name: `A${i}`, email: `a${i}@example.com`, avatar: file, links: [{ label: 'site', url: 'https://example.com' }] } }));
  }
  return { file, category, authors };
}
