// Shared (non-localized) values moved between locale versions: read with populate, written back as
// input (relations as documentIds, media as ids, components without their row ids, which belong
// to the version they came from).

import type { Attribute, ContentType, Model, ModelRegistry } from '../../core/index.js';

type PopulateSpec = Record<string, unknown>;

/** What to populate to read `names` of a content type as input values. */
export function sharedPopulate(registry: ModelRegistry, ct: ContentType, names: string[]): PopulateSpec {
  const out: PopulateSpec = {};
  for (const name of names) {
    const attr = ct.attributes[name];
    if (attr) { const spec = populateFor(registry, attr); if (spec !== undefined) out[name] = spec; }
  }
  return out;
}

function populateFor(registry: ModelRegistry, attr: Attribute): unknown {
  switch (attr.type) {
    case 'relation': return { fields: ['documentId'] };
    case 'media': return { fields: ['id'] };
    case 'component': return nested(registry, registry.component(attr.component));
    case 'dynamiczone': return { on: Object.fromEntries(attr.components.map((uid) => [uid, nested(registry, registry.component(uid))])) };
    default: return undefined;
  }
}

function nested(registry: ModelRegistry, model: Model): unknown {
  const inner: PopulateSpec = {};
  for (const [name, attr] of Object.entries(model.attributes)) {
    const spec = populateFor(registry, attr);
    if (spec !== undefined) inner[name] = spec;
  }
  return Object.keys(inner).length ? { populate: inner } : true;
}

/** A populated value of `attr` as it would be written in a request body for another version. */
export function toInput(registry: ModelRegistry, attr: Attribute, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  switch (attr.type) {
    case 'relation':
      return Array.isArray(value) ? value.map(documentIdOf) : typeof value === 'object' ? documentIdOf(value) : value;
    case 'media':
      return Array.isArray(value) ? value.map(idOf) : typeof value === 'object' ? idOf(value) : value;
    case 'component': {
      const model = registry.component(attr.component);
      return Array.isArray(value) ? value.map((v) => componentInput(registry, model, v)) : componentInput(registry, model, value);
    }
    case 'dynamiczone':
      return Array.isArray(value)
        ? value.map((v) => {
          const uid = (v as { __component?: string }).__component;
          return uid && registry.has(uid) ? { __component: uid, ...componentInput(registry, registry.component(uid), v) } : v;
        })
        : value;
    default:
      return value;
  }
}

function componentInput(registry: ModelRegistry, model: Model, value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    const attr = model.attributes[name];
    if (!attr || attr.writable === false) continue; // id, __component and read-only values stay behind
    out[name] = toInput(registry, attr, v);
  }
  return out;
}

// Populated shapes become references; anything else (a documentId, a { connect } object) stays as sent
const documentIdOf = (v: unknown): unknown => (typeof v === 'object' && v !== null && 'documentId' in v ? (v as { documentId: unknown }).documentId : v);
const idOf = (v: unknown): unknown => (typeof v === 'object' && v !== null && 'id' in v ? (v as { id: unknown }).id : v);
