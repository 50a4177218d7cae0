// Attaching uploaded files to a document's media field (ref, refId, field): through the document
// service, in the upload's transaction, and only for a caller who may update that content type
// (Strapi's upload writes the link with no such check). refId names a row (Strapi's numeric id)
// or a document; the write goes where any content-API update goes: the draft, when the type has
// draft and publish.

import { ValidationError, type AuthResult, type PluginApi } from '../../core/index.js';
import type { AttachTarget } from './file-info.js';

export async function attachFiles(api: PluginApi, target: AttachTarget, fileIds: number[], auth: AuthResult | undefined): Promise<void> {
  const { ref, refId, field } = target;
  const ct = api.registry.has(ref) && ref.startsWith('api::') ? api.registry.contentType(ref) : undefined;
  if (!ct) throw new ValidationError(`ref: ${ref} is not a content type`, { path: ['ref'], value: ref });
  const attr = ct.attributes[field];
  if (!attr || attr.type !== 'media') throw new ValidationError(`field: ${field} is not a media field of ${ref}`, { path: ['field'], value: field });
  if (!attr.multiple && fileIds.length > 1) throw new ValidationError(`field: ${field} holds one file; ${fileIds.length} were sent`, { path: ['field'] });
  await api.authorize(auth, `${ref}.update`, undefined, `Forbidden: attaching files needs ${ref}.update`);
  const docs = api.documents(ref);
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
  let ids = fileIds;
  if (attr.multiple) {
    const current = await docs.findOne({ ...scope, populate: { [field]: { fields: ['id'] } } });
    const held = (current?.[field] ?? []) as Array<{ id: number }>;
    ids = [...held.map((f) => f.id), ...fileIds];
  }
  await docs.update({ ...scope, data: { [field]: attr.multiple ? ids : ids[0] } });
}
