// Attaching uploaded files to a document's media field (ref, refId, field): checked before any file
// is stored, written through the document service in the upload's transaction, and only for a
// caller who may update that content type (Strapi's upload writes the link with no such check).
// refId names a row (Strapi's numeric id) or a document; the write goes where any content-API
// update goes: the draft, when the type has draft and publish, in the row's locale.

import { ValidationError, type AuthResult, type DocumentApi, type PluginApi } from '../../core/index.js';
import type { AttachTarget } from './file-info.js';

export interface Attachment {
  /** Locks the entry and reads the files its field holds: the first statement of the upload's
   *  transaction, so that of two uploads to one field the second appends to what the first wrote. */
  lock(): Promise<number[]>;
  /** Writes the field: the files held, then the new ones (a single field: the new one). */
  write(held: number[], fileIds: number[]): Promise<void>;
}

export async function prepareAttachment(api: PluginApi, target: AttachTarget, fileCount: number, auth: AuthResult | undefined): Promise<Attachment> {
  const { ref, refId, field } = target;
  const ct = api.registry.has(ref) && api.contentApi.has(ref) ? api.registry.contentType(ref) : undefined;
  if (!ct) throw new ValidationError(`ref: ${ref} is not a content type`, { path: ['ref'], value: ref });
  const attr = ct.attributes[field];
  if (!attr || attr.type !== 'media' || attr.private) throw new ValidationError(`field: ${field} is not a media field of ${ref}`, { path: ['field'], value: field });
  if (!attr.multiple && fileCount > 1) throw new ValidationError(`field: ${field} holds one file; ${fileCount} were sent`, { path: ['field'] });
  await api.authorize(auth, `${ref}.update`, undefined, `Forbidden: attaching files needs ${ref}.update`);
  const docs: DocumentApi = api.documents(ref);
  const byId = /^\d{1,15}$/.test(refId);
  if (!byId && !/^[a-z0-9]{1,64}$/i.test(refId)) throw new ValidationError(`refId: ${JSON.stringify(refId)} is neither an id nor a documentId`, { path: ['refId'] });
  const filters = byId ? { id: Number(refId) } : { documentId: refId };
  // Every version in every locale: the row named may be a published one, or in another locale
  const fields = 'locale' in ct.attributes ? ['locale'] : ['id'];
  const versions = [
    ...await docs.findMany({ filters, status: 'draft', locale: '*', fields }),
    ...await docs.findMany({ filters, status: 'published', locale: '*', fields }),
  ];
  const row = versions[0];
  if (!row) throw new ValidationError(`refId: no ${ref} entry ${refId}`, { path: ['refId'], value: refId });
  const scope = { documentId: row.documentId, ...(typeof row.locale === 'string' ? { locale: row.locale } : {}), status: 'draft' };
  const gone = () => new ValidationError(`refId: no ${ref} entry ${refId}`, { path: ['refId'], value: refId });
  return {
    async lock() {
      // An update with a precondition locks the entry's row until the transaction ends
      if (!await docs.update({ ...scope, filters: { documentId: row.documentId }, data: {} })) throw gone();
      if (!attr.multiple) return [];
      const current = await docs.findOne({ ...scope, populate: { [field]: { fields: ['id'] } } });
      return ((current?.[field] ?? []) as Array<{ id: number }>).map((f) => f.id);
    },
    async write(held, fileIds) {
      await docs.update({ ...scope, data: { [field]: attr.multiple ? [...held, ...fileIds] : fileIds[0] } });
    },
  };
}
