// A media field's allowedTypes (Strapi's kinds: images, videos, audios, files) as what a file
// input accepts, what the library lists and which uploads the field takes.

export interface FileDoc {
  id: number;
  documentId?: string;
  name: string;
  url: string;
  mime: string;
  ext?: string | null;
  size?: number | null;
  width?: number | null;
  height?: number | null;
  alternativeText?: string | null;
  formats?: Record<string, { url: string } | undefined> | null;
}

const PREFIX: Record<string, string> = { images: 'image/', videos: 'video/', audios: 'audio/' };

export const kindOf = (mime: string) => Object.keys(PREFIX).find((k) => mime.startsWith(PREFIX[k]!)) ?? 'files';

/** Every kind allowed: no limit to apply. */
const open = (allowed: string[] | undefined) => !allowed?.length || ['images', 'videos', 'audios', 'files'].every((k) => allowed.includes(k));

export const allows = (allowed: string[] | undefined, mime: string) => open(allowed) || allowed!.includes(kindOf(mime));

/** The file input's accept, or undefined when "files" (any other type) is allowed. */
export const acceptOf = (allowed: string[] | undefined) => (!allowed?.length || allowed.includes('files') ? undefined : allowed.map((k) => `${PREFIX[k] ?? ''}*`).join(','));

/** The library's filters for the allowed kinds. */
export function filtersOf(allowed: string[] | undefined): Record<string, unknown> | undefined {
  if (open(allowed)) return undefined;
  const byKind = (k: string) => (k === 'files'
    ? { $and: Object.values(PREFIX).map((prefix) => ({ $not: { mime: { $startsWith: prefix } } })) }
    : { mime: { $startsWith: PREFIX[k] } });
  return { $or: allowed!.map(byKind) };
}

/** What an image is shown by: its thumbnail when it has one. */
export const previewOf = (f: FileDoc) => (f.mime?.startsWith('image/') ? f.formats?.thumbnail?.url ?? f.url : undefined);
