// An image block: a file of the media library (the media field's dialog, over the admin's
// GET /upload/files), or an address and an alternative text typed in. The file is kept as
// Strapi's editor keeps it: its fields, not an id.
import { useState } from 'preact/hooks';
import { Button } from '../ui.js';
import type { Node } from './blocks-model.js';
import type { FileDoc } from './media-kinds.js';
import { MediaLibrary } from './media-library.js';
import { safeImage } from './markdown-render.js';

/** The fields of a file an image block holds (those of Strapi's blocks format). */
const IMAGE_FIELDS = ['name', 'alternativeText', 'url', 'caption', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt'];

type Image = Record<string, unknown> & { url?: unknown; alternativeText?: unknown };

export function ImageBlock(p: { block: Node; blockKey: string; label: string; disabled: boolean; onChange: (block: Node) => void }) {
  const image = (p.block.image ?? {}) as Image;
  const [picking, setPicking] = useState(false);
  const url = typeof image.url === 'string' ? image.url : '';
  const src = url ? safeImage(url, location.origin) : undefined;
  const set = (next: Image) => p.onChange({ ...p.block, image: next });
  const id = `rt-image-${p.blockKey}`;
  return (
    <div class="rt-image" role="group" aria-label={p.label}>
      {src ? <img src={src} alt={typeof image.alternativeText === 'string' ? image.alternativeText : ''} /> : <p class="muted">{url ? 'Not shown: the image is on another site.' : 'No image yet.'}</p>}
      <div class="rt-image-fields">
        <label for={`${id}-url`}>Image address</label>
        <input id={`${id}-url`} type="url" value={url} disabled={p.disabled} data-rt-key={p.blockKey} data-rt-item=""
          onInput={(e) => set({ ...image, url: e.currentTarget.value, ...(image.name ? {} : { name: e.currentTarget.value.split(/[/?#]/).filter(Boolean).pop() ?? '' }) })} />
        <label for={`${id}-alt`}>Alternative text</label>
        <input id={`${id}-alt`} type="text" value={typeof image.alternativeText === 'string' ? image.alternativeText : ''} disabled={p.disabled}
          onInput={(e) => set({ ...image, alternativeText: e.currentTarget.value })} />
        {p.disabled ? null : <Button onClick={() => setPicking(true)}>Choose from the media library</Button>}
      </div>
      {picking ? <MediaLibrary multiple={false} allowedTypes={['images']} taken={NONE} onClose={() => setPicking(false)}
        onPick={([file]) => { setPicking(false); if (file) set(fromFile(file)); }} /> : null}
    </div>
  );
}

const NONE = new Set<number>();

function fromFile(file: FileDoc): Image {
  const out: Image = {};
  const fields = file as unknown as Record<string, unknown>;
  for (const k of IMAGE_FIELDS) if (k in fields) out[k] = fields[k];
  return out;
}
