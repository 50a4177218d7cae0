// Where files are used: the entries whose media fields hold them (at the top, inside components
// and inside dynamic zones' components, at any depth), or whose blocks fields show them in an
// image block, in every locale, draft or published, among the types the administrator may read
// (read with their ability, so rows and locales they may not see are not named). For the media
// library's delete confirmations: one file (GET /upload/files/:id/usage) or a selection
// (GET /upload/usage?fileIds=1,2).
//
// Media fields are found through their links (files_related_mph by file id, then the component
// links up to the entry): indexed reads, one statement per type and status. Blocks are JSON that no
// index serves: an image block keeps the file's url (Strapi's editor keeps no id; an id is matched
// too), tested in the database (`$containsBlock`), in a statement of its own so that the media
// one stays indexed, on the rows of one status of the types that have a blocks field and the
// administrator may read, and at most MAX_LISTED rows brought back from each.

import { FILE_UID, NotFoundError, ValidationError, type Attributes, type OperationCall, type OperationDefinition } from '../../core/index.js';
import type { AdminContext } from './context.js';
import type { Configurations } from './content-manager/configuration.js';
import { hasDrafts, isLocalized } from './content-manager/model.js';

export const MEDIA_USAGE = 'admin::upload.files.usage';

/** Most entries named: enough for a confirmation, the count says the rest. */
const MAX_LISTED = 50;
const MAX_DEPTH = 5;
/** Most files asked about at once (a page of the library is 24). */
export const MAX_USAGE_FILES = 100;

export interface MediaUse { contentType: string; documentId: string; label: string; locale?: string; status?: 'draft' | 'published' }

type Filter = Record<string, unknown>;

/** The ids asked about: the route's :id, or fileIds (a list, or digits separated by commas). */
function fileIdsOf(input: { id?: string; body?: unknown }): number[] {
  if (input.id !== undefined) {
    if (!/^\d{1,15}$/.test(input.id)) throw new NotFoundError('file.notFound', {});
    return [Number(input.id)];
  }
  const raw = (input.body as { fileIds?: unknown } | undefined)?.fileIds;
  const list = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : undefined;
  const bad = () => ValidationError.fromFields([{ path: ['fileIds'], message: `fileIds must be 1 to ${MAX_USAGE_FILES} file ids`, name: 'ValidationError', value: raw }]);
  if (!list?.length || list.length > MAX_USAGE_FILES) throw bad();
  const ids = list.map((v) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : NaN));
  if (ids.some((n) => !Number.isSafeInteger(n) || n < 1)) throw bad();
  return [...new Set(ids)];
}

export function mediaUsageOperation(admin: AdminContext, configurations: Configurations): OperationDefinition {
  const { api } = admin;
  /** A filter per attribute that `match` picks, reached through components and dynamic zones. */
  const reach = (attributes: Attributes, match: (name: string, type: string) => Filter | undefined, readable: (path: string) => boolean, at = '', depth = 0): Filter[] => {
    if (depth > MAX_DEPTH) return [];
    const out: Filter[] = [];
    for (const [name, attr] of Object.entries(attributes)) {
      const path = at ? `${at}.${name}` : name;
      // A field the role may not read cannot be filtered on (a 400): its uses are not listed
      if (!readable(path)) continue;
      const here = match(name, attr.type);
      if (here) out.push(here);
      if (attr.type === 'component') {
        for (const inner of reach(api.registry.component(attr.component).attributes, match, readable, path, depth + 1)) out.push({ [name]: inner });
      } else if (attr.type === 'dynamiczone') {
        for (const uid of attr.components) {
          for (const inner of reach(api.registry.component(uid).attributes, match, readable, path, depth + 1)) out.push({ [name]: { $on: { [uid]: inner } } });
        }
      }
    }
    return out;
  };
  /** Whether the role's read limits on a type let it see `path` (a field, or a dotted path into components). */
  const readableIn = (auth: OperationCall['auth'], uid: string) => {
    const limits = auth?.ability?.limits?.(uid, 'read');
    const fields = limits ? limits.fields : undefined;
    if (!fields) return () => true;
    return (path: string) => fields.some((f) => f === path || f.startsWith(`${path}.`) || path.startsWith(`${f}.`));
  };
  const anyOf = (filters: Filter[]): Filter | undefined => (filters.length === 0 ? undefined : filters.length === 1 ? filters[0] : { $or: filters });
  return {
    name: MEDIA_USAGE, owner: 'admin', realm: 'admin', kind: 'read', params: [],
    description: 'The entries whose media or blocks fields hold files',
    async run(input, call) {
      const ids = fileIdsOf(input);
      const files = await api.documents(FILE_UID).findMany({ source: 'internal', filters: { id: { $in: ids } }, fields: ['url'], pagination: { start: 0, limit: ids.length } });
      if (!files.length) return { data: [], meta: { total: 0 } };
      const found = files.map((f) => Number(f.id));
      // An image block holds the file's fields (its url), or from other editors its id
      const images = files.flatMap((f) => [
        ...(typeof f.url === 'string' && f.url ? [{ type: 'image', image: { url: f.url } }] : []),
        { type: 'image', image: { id: Number(f.id) } },
      ]);
      const inMedia = (name: string, type: string) => (type === 'media' ? { [name]: { id: { $in: found } } } : undefined);
      const inBlocks = (name: string, type: string) => (type === 'blocks' ? anyOf(images.map((block) => ({ [name]: { $containsBlock: block } }))) : undefined);
      const listed: MediaUse[] = [];
      let total = 0;
      for (const ct of api.registry.contentTypes()) {
        if (!admin.models.editable(ct.uid) || !(await api.can(call.auth, `${ct.uid}.find`))) continue;
        // The indexed search and the scan of blocks apart: an $or of both would scan for both
        const readable = readableIn(call.auth, ct.uid);
        const searches = [anyOf(reach(ct.attributes, inMedia, readable)), anyOf(reach(ct.attributes, inBlocks, readable))].filter((f): f is Filter => f !== undefined);
        if (!searches.length) continue;
        const configured = await configurations.mainField(ct);
        const mainField = readable(configured) ? configured : 'id';
        const seen = new Set<string>();
        for (const status of hasDrafts(api, ct) ? ['draft', 'published'] as const : [undefined]) {
          for (const filters of searches) {
            const docs = await api.documents(ct.uid).findMany({
              // Internal: only app code may filter on media, dynamic zones and blocks; the
              // administrator's ability still narrows the rows and locales, and the answer
              // holds only the label
              source: 'internal', auth: call.auth, filters,
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
              if (listed.length < MAX_LISTED) {
                listed.push({
                  contentType: ct.uid, documentId: doc.documentId, label: label === undefined || label === null || label === '' ? String(doc.id) : String(label),
                  ...(locale ? { locale } : {}), ...(status ? { status } : {}),
                });
              }
            }
          }
        }
      }
      return { data: listed, meta: { total } };
    },
  };
}
