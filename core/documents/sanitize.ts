// The last word on private fields, on afterQuery's SANITIZE stage: whatever a content-API call
// answers with (its documents, and what they populate at any depth) carries no private or password
// attribute, even if a plugin's tap put one there. The query compiler already never selects them;
// this holds after every tap. It walks results only when a model the query touched has such
// attributes.

import { attributeOf, type PopulateMap, type PopulateNode } from '../query/ast.js';
import { fileModel } from '../registry/media.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { Attribute, Model } from '../registry/types.js';
import type { QueryContext, QueryResult } from './types.js';

type Json = Record<string, unknown>;

/** An attribute that never leaves the server: private, or a password. */
export function isPrivateAttribute(attr: Attribute): boolean {
  return attr.type === 'password' || attr.private === true;
}

const hidden = new WeakMap<Model, string[]>();

function hiddenOf(model: Model): string[] {
  let names = hidden.get(model);
  if (!names) {
    names = Object.entries(model.attributes).filter(([, a]) => isPrivateAttribute(a)).map(([n]) => n);
    hidden.set(model, names);
  }
  return names;
}

export function sanitizePrivateFields(registry: ModelRegistry) {
  /** The model a populated field leads to (for a dynamic zone: resolved per item). */
  const targetOf = (model: Model, field: string): Model | undefined => {
    const attr = model.attributes[field];
    if (attr?.type === 'relation') return registry.get(attr.target);
    if (attr?.type === 'component') return registry.component(attr.component);
    if (attr?.type === 'media') return fileModel(registry);
    return undefined;
  };

  const touchesHidden = (model: Model, map: PopulateMap | undefined): boolean => {
    if (hiddenOf(model).length) return true;
    for (const [key, node] of Object.entries(map ?? {})) {
      const field = attributeOf(key, node);
      const attr = model.attributes[field];
      if (attr?.type === 'dynamiczone') {
        if (attr.components.some((uid) => touchesHidden(registry.component(uid), node.on?.[uid]?.populate ?? node.populate))) return true;
        continue;
      }
      const target = targetOf(model, field);
      if (target && touchesHidden(target, node.populate)) return true;
    }
    return false;
  };

  const clean = (doc: unknown, model: Model, map: PopulateMap | undefined): void => {
    if (Array.isArray(doc)) { for (const d of doc) clean(d, model, map); return; }
    if (typeof doc !== 'object' || doc === null) return;
    const record = doc as Json;
    for (const name of hiddenOf(model)) delete record[name];
    for (const [key, node] of Object.entries(map ?? {})) {
      const value = record[key];
      if (value === null || value === undefined) continue;
      const field = attributeOf(key, node);
      const attr = model.attributes[field];
      if (attr?.type === 'dynamiczone' && Array.isArray(value)) {
        for (const item of value as Json[]) {
          const uid = item.__component;
          if (typeof uid === 'string' && registry.has(uid)) clean(item, registry.component(uid), populateOf(node, uid));
        }
        continue;
      }
      const target = targetOf(model, field);
      if (target) clean(value, target, node.populate);
    }
  };

  return (result: QueryResult, ctx: QueryContext): QueryResult => {
    if (ctx.source !== 'content-api' || result.kind === 'count') return result;
    if (!touchesHidden(ctx.contentType, ctx.query.populate)) return result;
    clean(result.kind === 'many' ? result.documents : result.document, ctx.contentType, ctx.query.populate);
    return result;
  };
}

/** A value some code built from documents (a custom resolver's answer), without the private and
 *  password attributes of `model` and of every model it holds, at any depth: the value is copied,
 *  not changed in place (it may be shared). */
export function withoutPrivateFields(registry: ModelRegistry, model: Model, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutPrivateFields(registry, model, item));
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  const out: Json = { ...(value as Json) };
  for (const name of hiddenOf(model)) delete out[name];
  for (const [name, attr] of Object.entries(model.attributes)) {
    const held = out[name];
    if (held === null || held === undefined || typeof held !== 'object') continue;
    if (attr.type === 'relation' && registry.has(attr.target)) out[name] = withoutPrivateFields(registry, registry.get(attr.target), held);
    else if (attr.type === 'media') out[name] = withoutPrivateFields(registry, fileModel(registry), held);
    else if (attr.type === 'component') out[name] = withoutPrivateFields(registry, registry.component(attr.component), held);
    else if (attr.type === 'dynamiczone' && Array.isArray(held)) {
      out[name] = held.map((item: unknown) => {
        const uid = (item as Json | null)?.__component;
        return typeof uid === 'string' && registry.has(uid) ? withoutPrivateFields(registry, registry.component(uid), item) : item;
      });
    }
  }
  return out;
}

function populateOf(node: PopulateNode, uid: string): PopulateMap | undefined {
  return node.on?.[uid]?.populate ?? node.populate;
}
