// An ability's limits (AccessLimits: attributes, scope values, rows) applied to every document call
// that carries it, whatever surface made it: the administration's field, locale and "is creator"
// rules live here, not in its routes. Runs on beforeQuery at the SECURITY stage, after plugins
// have scoped the query (the locale a call targets is known), and on afterQuery for what a read
// answers. Abilities without limits() (API tokens, users-permissions roles) pass untouched.

import type { AccessLimits, Ability, DocumentAccess } from '../auth/types.js';
import { ForbiddenError, ValidationError, type FieldError } from '../errors/index.js';
import { and, attributeOf, type FilterNode, type PopulateMap, type PopulateNode, type SortNode } from '../query/ast.js';
import { compileFilters } from '../query/compile.js';
import { invalidKey } from '../query/compile-common.js';
import { readableScalars } from '../query/columns.js';
import type { RestConfig } from '../config/types.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { ContentType, Model } from '../registry/types.js';
import { SIBLING_REACH } from '../query/scopes.js';
import type { DocumentActionDefinition } from './api.js';
import { isLinkWrite } from './link-write-reach.js';
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
    new Reached(ctx, ability, deps).walk();
    return ctx;
  };
}

/**
 * The documents a call reaches through relations are read too: each target's own read limits
 * apply there. Populating a target the caller may not read at all is dropped, and filtering or
 * sorting through it is a 400 (as core's relation checks do for `find`); a target narrowed to
 * some fields shows only those and takes filters and sorts on those only; its rows and locales
 * become row scopes wherever it is reached (not where a write changes links).
 */
class Reached {
  readonly #scoped = new Set<string>();
  constructor(private readonly ctx: QueryContext, private readonly ability: Ability, private readonly deps: AccessLimitDeps) {}

  walk(): void {
    const { query, contentType } = this.ctx;
    if (query.filters) this.#filter(query.filters, contentType, 'filters');
    for (const node of query.sort) this.#sort(node, contentType);
    query.populate = this.#populate(query.populate, contentType, 'populate');
  }

  /** The read limits of a relation's target (undefined: not narrowed). */
  #limitsOf(model: Model, name: string): { target: ContentType; limits: AccessLimits | false | undefined } | undefined {
    const attr = model.attributes[name];
    if (attr?.type !== 'relation' || !this.deps.registry.has(attr.target)) return undefined;
    const target = this.deps.registry.contentType(attr.target);
    const limits = this.ability.limits!(target.uid, 'read');
    if (limits) this.#scope(target, limits);
    return { target, limits };
  }

  #scope(target: ContentType, limits: AccessLimits): void {
    if (this.#scoped.has(target.uid) || (!limits.rows && !limits.scopes)) return;
    this.#scoped.add(target.uid);
    const rows = limits.rows ? compileFilters(limits.rows, target, { registry: this.deps.registry, source: 'internal', rest: this.deps.rest, paginate: false }) : undefined;
    const values = Object.entries(limits.scopes ?? {}).map(([field, allowed]): FilterNode => ({ kind: 'compare', field, operator: '$in', value: [...allowed] }));
    const condition = and(rows, ...values);
    if (!condition) return;
    this.ctx.rowScopes.push((ct, reach) => (
      reach !== undefined && reach.attribute !== SIBLING_REACH && !isLinkWrite(reach) && ct.uid === target.uid ? condition : undefined
    ));
  }

  #populate(map: PopulateMap, model: Model, path: string): PopulateMap {
    const out: PopulateMap = {};
    for (const [key, node] of Object.entries(map)) {
      const name = attributeOf(key, node);
      const attr = model.attributes[name];
      const here = `${path}.${key}`;
      if (attr?.type === 'component') {
        out[key] = node.populate ? { ...node, populate: this.#populate(node.populate, this.deps.registry.component(attr.component), `${here}.populate`) } : node;
        continue;
      }
      if (attr?.type === 'dynamiczone') {
        const on = node.on ? Object.fromEntries(Object.entries(node.on).map(([uid, n]) => [uid, n.populate ? { ...n, populate: this.#populate(n.populate, this.deps.registry.component(uid), `${here}.on.${uid}.populate`) } : n])) : undefined;
        out[key] = { ...node, ...(on ? { on } : {}), ...(node.populate ? { populate: node.populate } : {}) };
        continue;
      }
      const reached = this.#limitsOf(model, name);
      if (!reached) { out[key] = node; continue; }
      const { target, limits } = reached;
      if (limits === false) continue;
      const refused = refusedBy(target, limits);
      if (node.filters) this.#filter(node.filters, target, `${here}.filters`, refused);
      for (const s of node.sort ?? []) this.#sort(s, target, refused);
      const narrowed: PopulateNode = { ...node };
      if (limits?.fields) narrowed.fields = (node.fields ?? readableScalars(target, this.ctx.source)).filter((f) => !refused(f));
      if (node.populate) {
        const kept = Object.fromEntries(Object.entries(node.populate).filter(([k, n]) => !refused(attributeOf(k, n))));
        narrowed.populate = this.#populate(kept, target, `${here}.populate`);
      }
      out[key] = narrowed;
    }
    return out;
  }

  #filter(node: FilterNode, model: Model, path: string, refused: (name: string) => boolean = () => false): void {
    switch (node.kind) {
      case 'and': case 'or': node.children.forEach((child) => this.#filter(child, model, path, refused)); return;
      case 'not': case 'sibling': this.#filter(node.child, model, path, refused); return;
      case 'correlated': return;
      case 'compare': case 'contains-block':
        if (refused(node.field)) throw invalidKey(node.field, `${path}.${node.field}`, 'the caller may not read this attribute');
        return;
      case 'nested': {
        if (refused(node.field)) throw invalidKey(node.field, `${path}.${node.field}`, 'the caller may not read this attribute');
        const attr = model.attributes[node.field];
        if (attr?.type === 'component') { this.#filter(node.child, this.deps.registry.component(attr.component), `${path}.${node.field}`); return; }
        if (attr?.type === 'dynamiczone') {
          if (node.component !== undefined) this.#filter(node.child, this.deps.registry.component(node.component), `${path}.${node.field}`);
          return;
        }
        const reached = this.#limitsOf(model, node.field);
        if (!reached) return;
        if (reached.limits === false) throw invalidKey(node.field, `${path}.${node.field}`, 'the caller may not read the relation\'s target');
        this.#filter(node.child, reached.target, `${path}.${node.field}`, refusedBy(reached.target, reached.limits));
      }
    }
  }

  #sort(node: SortNode, model: Model, refused: (name: string) => boolean = () => false): void {
    let current: Model | undefined = model;
    let deny = refused;
    for (const [i, name] of node.path.entries()) {
      if (!current) return;
      const at = `sort.${node.path.slice(0, i + 1).join('.')}`;
      if (deny(name)) throw invalidKey(name, at, 'the caller may not read this attribute');
      const attr: Model['attributes'][string] | undefined = current.attributes[name];
      if (attr?.type === 'component') { current = this.deps.registry.component(attr.component); deny = () => false; continue; }
      const reached = this.#limitsOf(current, name);
      if (!reached) { current = undefined; continue; }
      if (reached.limits === false) throw invalidKey(name, at, 'the caller may not read the relation\'s target');
      current = reached.target;
      deny = refusedBy(reached.target, reached.limits);
    }
  }
}

/** Which attributes of `ct` its read limits hide. */
function refusedBy(ct: ContentType, limits: AccessLimits | undefined): (name: string) => boolean {
  if (!limits?.fields) return () => false;
  const allowed = new Set(limits.fields);
  const limited = new Set(limitedNames(ct));
  return (name) => limited.has(name) && !allowed.has(name);
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
    case 'compare': case 'nested': case 'contains-block':
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
