// The form fields of an upload: fileInfo (one JSON object, or one per file), and ref, refId and
// field to attach the files to a document. Checked before any file is read further.

import { ValidationError } from '../../core/index.js';

export interface FileInfo {
  name?: string | null;
  alternativeText?: string | null;
  caption?: string | null;
  /** Strapi's folder: a folder's id, or null for the root. */
  folder?: number | null;
}

export interface AttachTarget {
  ref: string;
  refId: string;
  field: string;
}

const INFO_KEYS = ['name', 'alternativeText', 'caption', 'folder'];

/** The fileInfo of each of `count` files (an empty object where none was sent). */
export function readFileInfos(raw: unknown, count: number): FileInfo[] {
  const sent = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map((v, i) => parseInfo(v, `fileInfo[${i}]`));
  // One JSON array in one field is also one info per file
  const infos = sent.length === 1 && Array.isArray(sent[0]) ? (sent[0] as unknown[]).map((v, i) => parseInfo(v, `fileInfo[${i}]`)) : sent;
  if (infos.length > Math.max(count, 1)) throw new ValidationError(`fileInfo: ${infos.length} given for ${count} file(s)`, { path: ['fileInfo'] });
  return Array.from({ length: Math.max(count, 1) }, (_, i) => checkInfo(infos[i] ?? {}, `fileInfo${infos.length > 1 ? `[${i}]` : ''}`));
}

function parseInfo(value: unknown, path: string): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new ValidationError(`${path} must be a JSON object`, { path: [path] });
  }
}

function checkInfo(value: unknown, path: string): FileInfo {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ValidationError(`${path} must be an object`, { path: [path] });
  const errors = [];
  for (const [key, v] of Object.entries(value)) {
    if (!INFO_KEYS.includes(key)) errors.push({ path: [path, key], message: `${path}.${key} is not allowed (name, alternativeText, caption, folder)`, name: 'ValidationError' });
    else if (key === 'folder') {
      if (v !== null && !(typeof v === 'number' && Number.isSafeInteger(v) && v > 0) && !(typeof v === 'string' && /^\d{1,15}$/.test(v))) {
        errors.push({ path: [path, key], message: `${path}.folder must be a folder id or null`, name: 'ValidationError' });
      } else if (typeof v === 'string') (value as Record<string, unknown>).folder = Number(v);
    }
    else if (v !== null && typeof v !== 'string') errors.push({ path: [path, key], message: `${path}.${key} must be a string or null`, name: 'ValidationError' });
    else if (typeof v === 'string' && v.length > 10_000) errors.push({ path: [path, key], message: `${path}.${key} is longer than 10000 characters`, name: 'ValidationError' });
  }
  if (errors.length) throw ValidationError.fromFields(errors);
  return value as FileInfo;
}

/** ref, refId and field: all three or none. */
export function readAttachTarget(fields: Record<string, unknown>): AttachTarget | undefined {
  const one = (key: string): string | undefined => {
    const v = fields[key];
    const value = Array.isArray(v) ? (v.length === 1 ? v[0] : undefined) : v;
    if (v !== undefined && typeof value !== 'string') throw new ValidationError(`${key} must be one string`, { path: [key] });
    return value === '' ? undefined : value as string | undefined;
  };
  const ref = one('ref');
  const refId = one('refId');
  const field = one('field');
  if (ref === undefined && refId === undefined && field === undefined) return undefined;
  if (ref === undefined || refId === undefined || field === undefined) {
    throw new ValidationError('ref, refId and field go together: the content type, the entry and its media field', { path: ['ref'] });
  }
  return { ref, refId, field };
}
