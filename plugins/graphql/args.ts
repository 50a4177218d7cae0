// GraphQL arguments as the query engine's parameters: filter inputs become REST filter objects
// ($-prefixed operators, attributes as they are), pagination is checked and capped at amountLimit
// before anything runs, sort keeps the REST syntax.

import { PaginationError, ValidationError, type Model, type ModelRegistry } from '../../core/index.js';
import type { GraphqlSettings } from './config.js';
import { typeNameOf } from './names.js';
import { targetOf } from './spec/models.js';

const LOGICAL = new Set(['and', 'or', 'not']);

/** A <Type>FiltersInput value as the REST filters object. `idKey`: the filter of a content
 *  type's documentId (documentId; id in the v4 shape, where id is the documentId). */
export function filtersParam(registry: ModelRegistry, model: Model, value: unknown, idKey = 'documentId'): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((item) => filtersParam(registry, model, item, idKey));
  if (typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, operand] of Object.entries(value as Record<string, unknown>)) {
    if (LOGICAL.has(key)) {
      out[`$${key}`] = filtersParam(registry, model, operand, idKey);
      continue;
    }
    if (key === idKey && model.modelType === 'contentType') {
      out.documentId = operatorsParam(operand);
      continue;
    }
    const attr = model.attributes[key];
    const target = attr && targetOf(registry, model, attr);
    out[key] = target ? filtersParam(registry, target, operand, idKey) : operatorsParam(operand);
  }
  return out;
}

/** A <Scalar>FilterInput value: every key is an operator. An item of and / or may be a plain
 *  value, Strapi's form: equal to it. */
function operatorsParam(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(operatorsParam);
  const out: Record<string, unknown> = {};
  for (const [key, operand] of Object.entries(value as Record<string, unknown>)) {
    out[`$${key}`] = key === 'and' || key === 'or'
      ? (Array.isArray(operand) ? operand : [operand]).map((item) => (item !== null && typeof item === 'object' ? operatorsParam(item) : { $eq: item }))
      : LOGICAL.has(key) ? operatorsParam(operand) : operand;
  }
  return out;
}

export interface PageArg { page?: number | null; pageSize?: number | null; start?: number | null; limit?: number | null }

/** A list's pagination: page/pageSize or start/limit, as Strapi reads them: a size above
 *  amountLimit is amountLimit, limit -1 is "all, up to amountLimit"; both kinds at once is
 *  Strapi's PaginationError. withCount only when the answer shows the total. */
export function paginationParam(raw: unknown, settings: GraphqlSettings, withCount: boolean, where = 'pagination'): Record<string, unknown> {
  const arg = (raw ?? {}) as PageArg;
  const byPage = arg.page != null || arg.pageSize != null;
  const byOffset = arg.start != null || arg.limit != null;
  if (byPage && byOffset) {
    throw new PaginationError('Cannot use both page & offset pagination in the same query', { key: where, path: where });
  }
  const size = byOffset ? arg.limit : arg.pageSize;
  const sizeKey = byOffset ? 'limit' : 'pageSize';
  // Below 1 is a mistake, not a request for everything (REST says so too); -1 only for limit
  if (size != null && size < 1 && !(byOffset && size === -1)) {
    throw new ValidationError(`${where}.${sizeKey} is ${size}: it must be at least 1${byOffset ? ' (or -1 for as many as amountLimit allows)' : ''}`, {
      key: sizeKey, path: `${where}.${sizeKey}`,
    });
  }
  const capped = size == null ? settings.defaultLimit : size === -1 ? settings.amountLimit : Math.min(size, settings.amountLimit);
  if (byOffset) return { start: arg.start ?? 0, limit: capped, withCount };
  return { page: arg.page ?? 1, pageSize: capped, withCount };
}

/** The page size a pagination argument asks for, capped as paginationParam caps it (the cost
 *  estimate reads it before anything runs). */
export function pageSizeOf(raw: unknown, settings: Pick<GraphqlSettings, 'defaultLimit' | 'amountLimit'>): number {
  const arg = (raw ?? {}) as PageArg;
  const size = arg.pageSize ?? arg.limit ?? settings.defaultLimit;
  return size < 0 ? settings.amountLimit : Math.max(1, Math.min(size, settings.amountLimit));
}

/** `sort: [String]` as the REST sort parameter. */
export function sortParam(raw: unknown): unknown {
  if (raw === null || raw === undefined) return undefined;
  return Array.isArray(raw) && raw.length === 0 ? undefined : raw;
}

/** A <Type>Input value as the document service's data: dynamic-zone entries name their component
 *  by __typename (ComponentSharedQuote) here and by __component (shared.quote) there. */
export function dataParam(registry: ModelRegistry, model: Model, data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const attr = model.attributes[key];
    if (attr?.type === 'component') {
      const component = registry.get(attr.component);
      out[key] = Array.isArray(value) ? value.map((v) => dataParam(registry, component, v)) : dataParam(registry, component, value);
    } else if (attr?.type === 'dynamiczone' && Array.isArray(value)) {
      out[key] = value.map((entry, i) => zoneEntry(registry, attr.components, entry, `${key}.${i}`));
    } else {
      out[key] = value;
    }
  }
  return out;
}

function zoneEntry(registry: ModelRegistry, uids: string[], entry: unknown, path: string): unknown {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
    throw ValidationError.fromFields([{ path: path.split('.'), message: `${path} must be an object with __typename`, name: 'ValidationError' }]);
  }
  const { __typename: typename, ...fields } = entry as Record<string, unknown>;
  const uid = uids.find((u) => typeNameOf(registry.get(u)) === typename);
  if (!uid) {
    const names = uids.map((u) => typeNameOf(registry.get(u))).join(', ');
    throw ValidationError.fromFields([{ path: [...path.split('.'), '__typename'], message: `${path}.__typename must be one of ${names}`, name: 'ValidationError' }]);
  }
  return { __component: uid, ...(dataParam(registry, registry.get(uid), fields) as Record<string, unknown>) };
}
