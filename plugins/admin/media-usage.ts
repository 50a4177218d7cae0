// Where a file is used: the entries whose media fields (at the top or inside components, at any
// depth) hold it, in every locale, draft or published, among the types the administrator may read
// (read with their ability, so rows and locales they may not see are not named). For the media
// library's delete confirmation. Dynamic zones are not searched (a filter cannot reach into them).

import { NotFoundError, type Attributes, type OperationDefinition } from '../../core/index.js';
import type { AdminContext } from './context.js';
import type { Configurations } from './content-manager/configuration.js';
import { hasDrafts, isLocalized } from './content-manager/model.js';

export const MEDIA_USAGE = 'admin::upload.files.usage';

/** Most entries named per file: enough for a confirmation, the count says the rest. */
const MAX_LISTED = 50;
const MAX_DEPTH = 5;

export interface MediaUse { contentType: string; documentId: string; label: string; locale?: string; status?: 'draft' | 'published' }

export function mediaUsageOperation(admin: AdminContext, configurations: Configurations): OperationDefinition {
  const { api } = admin;
  /** A filter per media attribute reachable through components, for one file id. */
  const pathsTo = (attributes: Attributes, fileId: number, depth: number): Array<Record<string, unknown>> => {
    if (depth > MAX_DEPTH) return [];
    const out: Array<Record<string, unknown>> = [];
    for (const [name, attr] of Object.entries(attributes)) {
      if (attr.type === 'media') out.push({ [name]: { id: { $eq: fileId } } });
      else if (attr.type === 'component') {
        for (const inner of pathsTo(api.registry.component(attr.component).attributes, fileId, depth + 1)) out.push({ [name]: inner });
      }
    }
    return out;
  };
  return {
    name: MEDIA_USAGE, owner: 'admin', realm: 'admin', kind: 'read', params: [],
    description: 'The entries whose media fields hold a file',
    async run(input, call) {
      const id = String(input.id ?? '');
      if (!/^\d{1,15}$/.test(id)) throw new NotFoundError('file.notFound', {});
      const fileId = Number(id);
      const found: MediaUse[] = [];
      let total = 0;
      for (const ct of api.registry.contentTypes()) {
        if (!admin.models.editable(ct.uid) || !(await api.can(call.auth, `${ct.uid}.find`))) continue;
        const paths = pathsTo(ct.attributes, fileId, 0);
        if (!paths.length) continue;
        const mainField = await configurations.mainField(ct);
        const seen = new Set<string>();
        for (const status of hasDrafts(api, ct) ? ['draft', 'published'] as const : [undefined]) {
          const docs = await api.documents(ct.uid).findMany({
            // Internal: only app code may filter on media; the administrator's ability still
            // narrows the rows and locales, and the answer holds only the label
            source: 'internal', auth: call.auth, filters: paths.length === 1 ? paths[0] : { $or: paths },
            fields: [...(mainField === 'id' ? [] : [mainField]), ...(isLocalized(ct) ? ['locale'] : [])], pagination: { start: 0, limit: MAX_LISTED },
            ...(isLocalized(ct) ? { locale: '*' } : {}), ...(status ? { status } : {}),
          });
          for (const doc of docs) {
            const locale = typeof doc.locale === 'string' ? doc.locale : undefined;
            const key = `${doc.documentId}/${locale ?? ''}`;
            if (seen.has(key)) continue;
            seen.add(key);
            total++;
            const label = doc[mainField];
            if (found.length < MAX_LISTED) {
              found.push({
                contentType: ct.uid, documentId: doc.documentId, label: label === undefined || label === null || label === '' ? String(doc.id) : String(label),
                ...(locale ? { locale } : {}), ...(status ? { status } : {}),
              });
            }
          }
        }
      }
      return { data: found, meta: { total } };
    },
  };
}
