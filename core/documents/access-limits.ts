// An ability's limits (AccessLimits: attributes, scope values, rows) applied to every document call
// that carries it, whatever surface made it: the administration's field, locale and "is creator"
// rules live here, not in its routes. Runs on beforeQuery at the SECURITY stage, after plugins
// have scoped the query (the locale a call targets is known), and on afterQuery for what a read
// answers. Abilities without limits() (API tokens, users-permissions roles) pass untouched.

import type { AccessLimits, DocumentAccess } from '../auth/types.js';
import { ForbiddenError, ValidationError, type FieldError } from '../errors/index.js';
import { and, attributeOf, type FilterNode, type PopulateMap, type SortNode } from '../query/ast.js';
import { compileFilters } from '../query/compile.js';
import { invalidKey } from '../query/compile-common.js';
import { readableScalars } from '../query/columns.js';
import type { RestConfig } from '../config/types.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { ContentType } from '../registry/types.js';
import type { DocumentActionDefinition } from './api.js';
import type { QueryContext, QueryResult } from './types.js';

/** A call's state key listing the attributes of its data that a plugin filled in itself (i18n's
 *  values shared by every locale, copied into a new locale version): field limits, which say what
 *  the caller may write, do not apply to them. */
export const FILLED_IN = 'core.filledIn';

const READS = new Set(['findMany', 'findFirst', 'findOne', 'count']);
const WRITES: Record<string, DocumentAccess> = { create: 'create', createMany: 'create', update: 'update', delete: 'delete' };

export interface AccessLimitDeps {
  registry: ModelRegistry;
  rest: RestConfig;
  /** Plugins' document actions, for the access each declares (publish: 'publish'). */
  actions: ReadonlyMap<string, DocumentActionDefinition>;
}

/** The access a document action asks for; a plugin action that declares none counts as an update. */
export function accessOf(action: string, actions: ReadonlyMap<string, DocumentActionDefinition>): DocumentAccess {
  if (READS.has(action)) return 'read';
  return WRITES[action] ?? actions.get(action)?.access ?? 'update';
}

export function enforceAccessLimits(deps: AccessLimitDeps) {
  return (ctx: QueryContext): QueryContext => {
    const ability = ctx.auth?.ability;
    if (!ability?.limits) return ctx;
    const access = accessOf(ctx.action, deps.actions);
    const limits = ability.limits(ctx.uid, access);
    if (limits === undefined) return ctx;
    if (limits === false) throw new ForbiddenError(`Forbidden: ${access} ${ctx.uid}`);
    checkScopes(ctx, limits, access);
    if (limits.rows && access !== 'create') {
      const rows = compileFilters(limits.rows, ctx.contentType, { registry: deps.registry, source: 'internal', rest: deps.rest, paginate: false });
      if (rows) ctx.rowScopes.push((_ct, reach) => (reach === undefined ? rows : undefined));
    }
    if (limits.fields) {
      const allowed = new Set(limits.fields);
      if (access === 'read') narrowRead(ctx, allowed);
      else if (access === 'create' || access === 'update') refuseWrites(ctx, allowed);
      ctx.state[FIELDS_KEY] = allowed;
    }
    return ctx;
  };
}

/** On afterQuery: what a narrowed read answers carries no attribute outside its fields. */
export function stripLimitedFields(result: QueryResult, ctx: QueryContext): QueryResult {
  const allowed = ctx.state[FIELDS_KEY];
  if (!(allowed instanceof Set) || result.kind === 'count') return result;
  const docs = result.kind === 'many' ? result.documents : result.document ? [result.document] : [];
  const hidden = limitedNames(ctx.contentType).filter((name) => !allowed.has(name));
  for (const doc of docs) for (const name of hidden) delete doc[name];
  return result;
}

/** Where a narrowed read keeps its fields for afterQuery (the call's state, which taps carry on). */
const FIELDS_KEY = 'core.accessFields';

/** The attributes field limits speak of: those a write may set, but the scope ones (a locale is
 *  limited by `scopes`, not by `fields`). */
function limitedNames(ct: ContentType): string[] {
  return Object.entries(ct.attributes).filter(([, a]) => a.writable !== false && !a.scope).map(([name]) => name);
}

function narrowRead(ctx: QueryContext, allowed: ReadonlySet<string>): void {
  const ct = ctx.contentType;
  const limited = new Set(limitedNames(ct));
  const refused = (name: string) => limited.has(name) && !allowed.has(name);
  const query = ctx.query;
  if (query.filters) checkFilter(query.filters, refused, 'filters');
  query.sort.forEach((node: SortNode) => {
    const [name] = node.path;
    if (name !== undefined && refused(name)) throw invalidKey(name, `sort.${node.path.join('.')}`, 'the caller may not read this attribute');
  });
  query.fields = (query.fields ?? readableScalars(ct, ctx.source)).filter((name) => !refused(name));
  const populate: PopulateMap = {};
  for (const [name, node] of Object.entries(query.populate)) if (!refused(attributeOf(name, node))) populate[name] = node;
  query.populate = populate;
  if (query.search) query.searchFields = [...allowed];
}

function checkFilter(node: FilterNode, refused: (name: string) => boolean, path: string): void {
  switch (node.kind) {
    case 'and': case 'or': node.children.forEach((child) => checkFilter(child, refused, path)); return;
    case 'not': case 'sibling': checkFilter(node.child, refused, path); return;
    case 'compare': case 'nested':
      if (refused(node.field)) throw invalidKey(node.field, `${path}.${node.field}`, 'the caller may not read this attribute');
      return;
    case 'correlated': return;
  }
}

function refuseWrites(ctx: QueryContext, allowed: ReadonlySet<string>): void {
  const filled = ctx.state[FILLED_IN];
  const limited = new Set(limitedNames(ctx.contentType).filter((name) => !(Array.isArray(filled) && filled.includes(name))));
  const items = ctx.action === 'createMany' && Array.isArray(ctx.params.data) ? ctx.params.data : [ctx.params.data];
  const errors: FieldError[] = [];
  items.forEach((data, index) => {
    if (typeof data !== 'object' || data === null) return;
    for (const name of Object.keys(data)) {
      if (!limited.has(name) || allowed.has(name)) continue;
      const path = items.length > 1 || ctx.action === 'createMany' ? [String(index), name] : [name];
      errors.push({ path, message: `You may not ${ctx.action === 'update' ? 'update' : 'set'} ${name}`, name: 'ValidationError' });
    }
  });
  if (errors.length) throw ValidationError.fromFields(errors);
}

/** A call aimed at a scope value outside the limits (a locale) is a 403; one aimed at every value
 *  (locale=*) reaches only the allowed ones. */
function checkScopes(ctx: QueryContext, limits: AccessLimits, access: DocumentAccess): void {
  for (const [attribute, values] of Object.entries(limits.scopes ?? {})) {
    const allowed = new Set(values);
    const targeted = access === 'create' ? defaultsOf(ctx)[attribute] : rootValue(ctx, attribute);
    if (typeof targeted === 'string' && !allowed.has(targeted)) {
      throw new ForbiddenError(`Forbidden: ${access} ${ctx.uid} in ${attribute} ${targeted}`);
    }
    if (access === 'create') continue;
    const only: FilterNode = { kind: 'compare', field: attribute, operator: '$in', value: [...allowed] };
    ctx.rowScopes.push((ct, reach) => (reach === undefined && ct.uid === ctx.uid && attribute in ct.attributes ? only : undefined));
  }
}

function defaultsOf(ctx: QueryContext): Record<string, unknown> {
  return Object.assign({}, ...ctx.rowDefaults.map((d) => d(ctx.contentType) ?? {})) as Record<string, unknown>;
}

/** The value the root's row scopes pin `attribute` to (`locale = 'fr'`), if one does. */
function rootValue(ctx: QueryContext, attribute: string): unknown {
  const found = and(...ctx.rowScopes.map((scope) => scope(ctx.contentType)));
  return pinned(found, attribute);
}

function pinned(node: FilterNode | undefined, attribute: string): unknown {
  if (!node) return undefined;
  if (node.kind === 'compare') return node.field === attribute && node.operator === '$eq' ? node.value : undefined;
  if (node.kind !== 'and') return undefined;
  for (const child of node.children) {
    const value = pinned(child, attribute);
    if (value !== undefined) return value;
  }
  return undefined;
}
