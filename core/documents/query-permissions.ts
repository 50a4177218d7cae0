// Every relation a content-API query reaches is checked against the caller's ability: populating a
// target the caller cannot `find` is dropped silently (the spec), while filtering or sorting
// through it is a 400, because answering would reveal something about rows the caller may not
// read. Runs on beforeQuery at the SECURITY stage, after plugins have scoped the query.

import type { QueryContext } from './types.js';
import { attributeOf, type FilterNode, type PopulateMap, type PopulateNode, type SortNode } from '../query/ast.js';
import { invalidKey } from '../query/compile-common.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { Attribute, Model } from '../registry/types.js';
import type { Ability } from '../auth/types.js';

export function enforceQueryPermissions(registry: ModelRegistry) {
  return (ctx: QueryContext): QueryContext => {
    if (ctx.source !== 'content-api') return ctx;
    const ability = ctx.auth?.ability;
    if (!ability) return ctx;
    const check = new Checker(registry, ability);
    const model = ctx.contentType;
    if (ctx.query.filters) check.filter(ctx.query.filters, model, 'filters');
    for (const node of ctx.query.sort) check.sort(node, model, 'sort');
    ctx.query = { ...ctx.query, populate: check.populate(ctx.query.populate, model, 'populate') };
    return ctx;
  };
}

class Checker {
  constructor(private readonly registry: ModelRegistry, private readonly ability: Ability) {}

  /** The model an attribute leads to, or undefined for scalars and media. */
  #next(attr: Attribute | undefined): Model | undefined {
    if (attr?.type === 'relation') return this.registry.get(attr.target);
    if (attr?.type === 'component') return this.registry.get(attr.component);
    return undefined;
  }

  #readable(attr: Attribute | undefined): boolean {
    return attr?.type !== 'relation' || this.ability.can(`${attr.target}.find`);
  }

  filter(node: FilterNode, model: Model, path: string): void {
    switch (node.kind) {
      case 'and': case 'or':
        node.children.forEach((child, i) => this.filter(child, model, `${path}.$${node.kind}.${i}`));
        return;
      case 'not': this.filter(node.child, model, `${path}.$not`); return;
      case 'sibling': this.filter(node.child, model, path); return;
      case 'compare': case 'correlated': case 'contains-block': return;
      case 'nested': {
        const attr = model.attributes[node.field];
        const here = `${path}.${node.field}`;
        if (!this.#readable(attr)) throw invalidKey(node.field, here, 'the caller cannot find the relation\'s target');
        if (attr?.type === 'dynamiczone') {
          const component = node.component === undefined ? undefined : this.registry.get(node.component);
          if (component) this.filter(node.child, component, here);
          return;
        }
        const next = this.#next(attr);
        if (next) this.filter(node.child, next, here);
      }
    }
  }

  sort(node: SortNode, model: Model, path: string): void {
    let current: Model | undefined = model;
    for (const [i, name] of node.path.entries()) {
      if (!current) return;
      const attr: Attribute | undefined = current.attributes[name];
      if (!this.#readable(attr)) throw invalidKey(name, `${path}.${node.path.slice(0, i + 1).join('.')}`, 'the caller cannot find the relation\'s target');
      current = this.#next(attr);
    }
  }

  populate(map: PopulateMap, model: Model, path: string): PopulateMap {
    const out: PopulateMap = {};
    for (const [name, node] of Object.entries(map)) {
      const attr = model.attributes[attributeOf(name, node)];
      if (!this.#readable(attr)) continue;
      const here = `${path}.${name}`;
      if (attr?.type === 'dynamiczone') {
        out[name] = node.on ? { ...node, on: this.#onEntries(node.on, here) } : node;
        continue;
      }
      const next = this.#next(attr);
      out[name] = next ? this.#node(node, next, here) : node;
    }
    return out;
  }

  #onEntries(on: Record<string, PopulateNode>, path: string): Record<string, PopulateNode> {
    const out: Record<string, PopulateNode> = {};
    for (const [uid, node] of Object.entries(on)) out[uid] = this.#node(node, this.registry.get(uid), `${path}.on.${uid}`);
    return out;
  }

  #node(node: PopulateNode, model: Model, path: string): PopulateNode {
    if (node.filters) this.filter(node.filters, model, `${path}.filters`);
    for (const s of node.sort ?? []) this.sort(s, model, `${path}.sort`);
    return node.populate ? { ...node, populate: this.populate(node.populate, model, `${path}.populate`) } : node;
  }
}
