// A document form's value: the document's fields as the server sent them, changed immutably
// along a path ("blocks.2.title"), so that only the fields on that path re-render. What is sent
// back is built from the schema: media as ids, relations only once an editor changed them (as
// `set`, in order), components and dynamic-zone entries with their ids (kept, not re-created).

import type { Attribute, Component, Schema } from './schema.js';
import { isSystem } from './schema.js';

export type Doc = Record<string, unknown>;

export interface RelationItem { documentId: string; label: string; status?: string; locale?: string | null; id?: number }
/** A relation field once the panel loaded it: the linked documents in order. `dirty` once the
 *  editor changed them; `complete` once every page of them is loaded. */
export interface RelationValue { kind: 'relation'; items: RelationItem[]; dirty: boolean; complete: boolean; total: number }

export const isRelationValue = (v: unknown): v is RelationValue => typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'relation';

function splitPath(path: string): Array<string | number> {
  return path === '' ? [] : path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** A copy of `value` with `next` at `path`; objects off the path are the same objects. */
export function setAt<T>(value: T, path: string, next: unknown): T {
  const keys = splitPath(path);
  const write = (at: unknown, i: number): unknown => {
    if (i === keys.length) return next;
    const key = keys[i]!;
    if (Array.isArray(at)) {
      const copy = at.slice();
      copy[key as number] = write(at[key as number], i + 1);
      return copy;
    }
    const obj = (at ?? {}) as Record<string | number, unknown>;
    return { ...obj, [key]: write(obj[key], i + 1) };
  };
  return write(value, 0) as T;
}

/** Initial values of a new document or component from the attributes' defaults. */
export function defaults(attributes: Record<string, Attribute>, schema: Schema): Doc {
  const out: Doc = {};
  for (const [name, attr] of Object.entries(attributes)) {
    if (isSystem(name, attr)) continue;
    if (attr.default !== undefined) out[name] = attr.default;
    else if (attr.type === 'boolean') out[name] = null;
    else if (attr.type === 'component') out[name] = attr.repeatable ? [] : (attr.required ? defaults(componentOf(schema, attr).attributes, schema) : null);
    else if (attr.type === 'dynamiczone') out[name] = [];
    else if (attr.type === 'media') out[name] = attr.multiple ? [] : null;
    else if (attr.type === 'relation') out[name] = { kind: 'relation', items: [], dirty: false, complete: true, total: 0 } satisfies RelationValue;
    else out[name] = null;
  }
  return out;
}

function componentOf(schema: Schema, attr: Attribute): Component {
  const uid = attr.component ?? '';
  const found = schema.components.get(uid);
  if (!found) throw new Error(`Unknown component ${uid}`);
  return found;
}

/** oneToMany, manyToMany, manyWay; the others link one document. */
export const isToMany = (attr: Attribute) => /Many$|^manyWay$/.test(attr.relation ?? '');

const mediaId = (v: unknown) => (typeof v === 'object' && v !== null ? (v as { id?: unknown }).id : v);

/** The body to send: what the editor may write, as the server takes it. `fields` limits the
 *  top-level attributes (a role's field limits); undefined sends every writable one. */
export function toBody(value: Doc, attributes: Record<string, Attribute>, schema: Schema, fields?: Set<string>, top = true): Doc {
  const out: Doc = {};
  for (const [name, attr] of Object.entries(attributes)) {
    if (isSystem(name, attr) || (top && fields && !fields.has(name)) || !(name in value)) continue;
    const v = value[name];
    switch (attr.type) {
      case 'relation': {
        if (isRelationValue(v)) {
          if (!v.dirty) continue;
          out[name] = !isToMany(attr) ? (v.items[0]?.documentId ?? null) : { set: v.items.map((i) => (i.locale ? { documentId: i.documentId, locale: i.locale } : { documentId: i.documentId })) };
        } else if (!top && v !== undefined && !(typeof v === 'object' && v !== null && 'count' in v)) {
          // A relation inside a component, as the server sent it: kept as it was
          out[name] = Array.isArray(v) ? v.map((r) => (r as { documentId: string }).documentId) : v === null ? null : (v as { documentId: string }).documentId;
        }
        break;
      }
      case 'media':
        out[name] = attr.multiple ? (Array.isArray(v) ? v.map(mediaId) : []) : (v === null || v === undefined ? null : mediaId(v));
        break;
      case 'component': {
        const comp = componentOf(schema, attr);
        const one = (c: unknown) => ({ ...(typeof (c as Doc).id === 'number' ? { id: (c as Doc).id } : {}), ...toBody(c as Doc, comp.attributes, schema, undefined, false) });
        out[name] = attr.repeatable ? (Array.isArray(v) ? v.map(one) : []) : (v === null || v === undefined ? null : one(v));
        break;
      }
      case 'dynamiczone':
        out[name] = (Array.isArray(v) ? v : []).map((entry) => {
          const e = entry as Doc;
          const comp = schema.components.get(String(e.__component));
          return { __component: e.__component, ...(typeof e.id === 'number' ? { id: e.id } : {}), ...(comp ? toBody(e, comp.attributes, schema, undefined, false) : {}) };
        });
        break;
      case 'uid':
        // Left empty, the server makes it from its target field (on create; kept on update)
        if (v !== null && v !== undefined && v !== '') out[name] = v;
        break;
      default:
        out[name] = v === undefined ? null : v;
    }
  }
  return out;
}
