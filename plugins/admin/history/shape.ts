// What a history version holds of a document and how it is written back. Read: every attribute
// but private ones (passwords, tokens, createdBy), components and dynamic zones at every depth,
// relations as the documentIds they link (in order) and media as file ids. Restored: the same
// tree as the document service's input, without what is never written (ids, timestamps, locale).

import type { Attribute, Model, ModelRegistry } from '../../../core/index.js';

interface Shape { fields: string[]; populate?: Record<string, unknown> }

const MAX_DEPTH = 12;
/** Attributes a version shows but a restore never writes: the document's own bookkeeping. */
const NOT_WRITTEN = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale', 'localizations', 'status']);

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The attributes a version keeps: private ones are left out (see docs/admin.md, History). */
export function keptAttributes(model: Model): Array<[string, Attribute]> {
  return Object.entries(model.attributes).filter(([, a]) => a.type !== 'password' && a.private !== true && !(a.type === 'relation' && a.versions));
}

const SCALAR_SKIP = new Set(['relation', 'media', 'component', 'dynamiczone']);

export function historyShape(model: Model, registry: ModelRegistry, depth = 0): Shape {
  const kept = keptAttributes(model);
  const fields = kept.filter(([, a]) => !SCALAR_SKIP.has(a.type)).map(([name]) => name);
  if (depth >= MAX_DEPTH) return { fields };
  const populate: Record<string, unknown> = {};
  for (const [name, attr] of kept) {
    if (attr.type === 'component') populate[name] = historyShape(registry.component(attr.component), registry, depth + 1);
    else if (attr.type === 'dynamiczone') {
      populate[name] = { on: Object.fromEntries(attr.components.map((uid) => [uid, historyShape(registry.component(uid), registry, depth + 1)])) };
    } else if (attr.type === 'relation' || attr.type === 'media') populate[name] = { fields: ['documentId'] };
  }
  return Object.keys(populate).length ? { fields, populate } : { fields };
}

/** A read document as a version stores it: links as { documentId } (media as { id, documentId }),
 *  components without their row ids. */
export function toStored(model: Model, registry: ModelRegistry, doc: Raw): Raw {
  const out: Raw = {};
  for (const [name, attr] of keptAttributes(model)) {
    if (!(name in doc)) continue;
    out[name] = storedValue(attr, registry, doc[name]);
  }
  for (const key of ['documentId', 'locale']) if (key in doc) out[key] = doc[key];
  return out;
}

function storedValue(attr: Attribute, registry: ModelRegistry, value: unknown): unknown {
  const link = (v: unknown) => (isObject(v) ? (attr.type === 'media' ? { id: v.id, documentId: v.documentId } : { documentId: v.documentId }) : null);
  switch (attr.type) {
    case 'relation': case 'media':
      return Array.isArray(value) ? value.map(link) : link(value);
    case 'component': {
      const model = registry.component(attr.component);
      return Array.isArray(value) ? value.map((v) => (isObject(v) ? toStored(model, registry, v) : v)) : isObject(value) ? toStored(model, registry, value) : value;
    }
    case 'dynamiczone':
      return Array.isArray(value) ? value.map((v) => {
        if (!isObject(v) || typeof v.__component !== 'string' || !registry.has(v.__component)) return v;
        return { __component: v.__component, ...toStored(registry.component(v.__component), registry, v) };
      }) : value;
    default:
      return value;
  }
}

/** Every link a stored version holds, by the model it points to (to tell which are gone). */
export interface Links { documents: Map<string, Set<string>>; files: Set<number> }

export function collectLinks(model: Model, registry: ModelRegistry, data: Raw, links: Links = { documents: new Map(), files: new Set() }): Links {
  for (const [name, attr] of keptAttributes(model)) {
    const value = data[name];
    if (value === undefined || value === null) continue;
    const items = Array.isArray(value) ? value : [value];
    if (attr.type === 'relation') {
      const set = links.documents.get(attr.target) ?? new Set<string>();
      for (const item of items) if (isObject(item) && typeof item.documentId === 'string') set.add(item.documentId);
      links.documents.set(attr.target, set);
    } else if (attr.type === 'media') {
      for (const item of items) if (isObject(item) && typeof item.id === 'number') links.files.add(item.id);
    } else if (attr.type === 'component') {
      for (const item of items) if (isObject(item)) collectLinks(registry.component(attr.component), registry, item, links);
    } else if (attr.type === 'dynamiczone') {
      for (const item of items) {
        if (isObject(item) && typeof item.__component === 'string' && registry.has(item.__component)) collectLinks(registry.component(item.__component), registry, item, links);
      }
    }
  }
  return links;
}

export interface Missing { attribute: string; documentId?: string; fileId?: number }

/**
 * A stored version as the document service's input: the attributes the model still has (others
 * are reported apart), links to documents and files that still exist (the others reported in
 * `missing`), components without ids.
 */
export function toInput(model: Model, registry: ModelRegistry, data: Raw, exists: { document(uid: string, id: string): boolean; file(id: number): boolean }, missing: Missing[], path = ''): Raw {
  const out: Raw = {};
  for (const [name, attr] of keptAttributes(model)) {
    if (NOT_WRITTEN.has(name) || attr.writable === false || !(name in data)) continue;
    // The other side of a relation is the other documents' to write (their own history keeps it)
    if (attr.type === 'relation' && attr.mappedBy) continue;
    const value = data[name];
    const at = path ? `${path}.${name}` : name;
    switch (attr.type) {
      case 'relation': {
        const ids = (Array.isArray(value) ? value : value === null ? [] : [value])
          .map((v) => (isObject(v) && typeof v.documentId === 'string' ? v.documentId : null))
          .filter((id): id is string => id !== null);
        const kept = ids.filter((id) => exists.document(attr.target, id));
        for (const id of ids) if (!kept.includes(id)) missing.push({ attribute: at, documentId: id });
        out[name] = Array.isArray(value) ? { set: kept.map((documentId) => ({ documentId })) } : (kept[0] ?? null);
        break;
      }
      case 'media': {
        const ids = (Array.isArray(value) ? value : value === null ? [] : [value])
          .map((v) => (isObject(v) && typeof v.id === 'number' ? v.id : null))
          .filter((id): id is number => id !== null);
        const kept = ids.filter((id) => exists.file(id));
        for (const id of ids) if (!kept.includes(id)) missing.push({ attribute: at, fileId: id });
        out[name] = Array.isArray(value) ? kept : (kept[0] ?? null);
        break;
      }
      case 'component': {
        const comp = registry.component(attr.component);
        out[name] = Array.isArray(value)
          ? value.filter(isObject).map((v, i) => toInput(comp, registry, v, exists, missing, `${at}.${i}`))
          : isObject(value) ? toInput(comp, registry, value, exists, missing, at) : null;
        break;
      }
      case 'dynamiczone':
        out[name] = Array.isArray(value) ? value.filter(isObject)
          .filter((v) => typeof v.__component === 'string' && registry.has(v.__component))
          .map((v, i) => ({ __component: v.__component, ...toInput(registry.component(v.__component as string), registry, v, exists, missing, `${at}.${i}`) })) : [];
        break;
      default:
        out[name] = value;
    }
  }
  return out;
}
