// Core's own parameters: the query engine's (Strapi's REST query parameters).

import type { ContentType } from '../registry/types.js';
import type { ParamRegistry } from './registry.js';
import type { ParamDefinition } from './types.js';

/** A list of a collection type: the only action that pages, filters, sorts and searches. */
const isList = (ct: ContentType, action: string) => action === 'find' && ct.kind === 'collectionType';
/** Every action that answers with documents: all but delete. */
const answers = (_ct: ContentType, action: string) => action !== 'delete';

const CORE: Array<Omit<ParamDefinition, 'owner'>> = [
  { name: 'filters', description: 'Conditions the documents must meet ($eq, $contains, $and, relations...)', schema: { type: 'query', shape: 'filters' }, appliesTo: isList },
  { name: 'sort', description: 'Attributes to sort by, each optionally :asc or :desc', schema: { type: 'query', shape: 'sort' }, appliesTo: isList },
  { name: 'fields', description: 'The attributes to return (id and documentId always come)', schema: { type: 'query', shape: 'fields' }, appliesTo: answers },
  { name: 'populate', description: 'Relations, components, dynamic zones and media to return, nested', schema: { type: 'query', shape: 'populate' }, appliesTo: answers },
  { name: 'pagination', description: 'page and pageSize, or start and limit; withCount', schema: { type: 'query', shape: 'pagination' }, appliesTo: isList },
  { name: 'page', description: 'The page number (shorthand of pagination[page])', schema: { type: 'integer', minimum: 1 }, appliesTo: isList },
  { name: 'pageSize', description: 'Documents per page (shorthand of pagination[pageSize])', schema: { type: 'integer', minimum: 1 }, appliesTo: isList },
  { name: 'start', description: 'Documents to skip (shorthand of pagination[start])', schema: { type: 'integer', minimum: 0 }, appliesTo: isList },
  { name: 'limit', description: 'Documents to return (shorthand of pagination[limit])', schema: { type: 'integer' }, appliesTo: isList },
  { name: '_q', description: 'Full-text search over the string and text attributes', schema: { type: 'query', shape: 'search' }, appliesTo: isList },
];

export function defineCoreParams(params: ParamRegistry): void {
  for (const param of CORE) params.define({ ...param, owner: 'core' });
}

/** What a collection type's list accepts from core, and what its other answers accept: for
 *  operations that serve another model (a plugin's users) with the same rules. */
export const LIST_PARAMS: readonly string[] = CORE.filter((p) => p.appliesTo === isList || p.appliesTo === answers).map((p) => p.name);
export const ONE_PARAMS: readonly string[] = CORE.filter((p) => p.appliesTo === answers).map((p) => p.name);
