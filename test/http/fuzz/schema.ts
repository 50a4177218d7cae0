// The example app's schemas as the fuzzers see them: read from content-types/ at load time, so
// the generators follow the schema files (attribute names, relation targets, component uids).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_CONTENT_TYPES } from '../../helpers/kernel.js';

export interface FuzzAttribute {
  type: string;
  /** relation target uid, component uid, or the dynamic zone's component uids */
  target?: string;
  components?: string[];
  relation?: string;
  multiple?: boolean;
  repeatable?: boolean;
  private?: boolean;
  enum?: string[];
  required?: boolean;
  unique?: boolean;
  regex?: string;
  maxLength?: number;
}

export interface FuzzModel {
  uid: string;
  kind: 'contentType' | 'component';
  attributes: Record<string, FuzzAttribute>;
}

interface SchemaFile {
  info?: { singularName?: string };
  attributes: Record<string, Record<string, unknown>>;
}

function toAttribute(raw: Record<string, unknown>): FuzzAttribute {
  const attr: FuzzAttribute = { type: String(raw.type) };
  if (typeof raw.target === 'string') attr.target = raw.target;
  if (typeof raw.component === 'string') attr.target = raw.component;
  if (Array.isArray(raw.components)) attr.components = raw.components.map(String);
  if (typeof raw.relation === 'string') attr.relation = raw.relation;
  if (raw.multiple === true) attr.multiple = true;
  if (raw.repeatable === true) attr.repeatable = true;
  if (raw.private === true) attr.private = true;
  if (Array.isArray(raw.enum)) attr.enum = raw.enum.map(String);
  if (raw.required === true) attr.required = true;
  if (raw.unique === true) attr.unique = true;
  if (typeof raw.regex === 'string') attr.regex = raw.regex;
  if (typeof raw.maxLength === 'number') attr.maxLength = raw.maxLength;
  return attr;
}

function load(): Map<string, FuzzModel> {
  const models = new Map<string, FuzzModel>();
  for (const file of readdirSync(FIXTURE_CONTENT_TYPES)) {
    if (!file.endsWith('.json')) continue;
    const schema = JSON.parse(readFileSync(join(FIXTURE_CONTENT_TYPES, file), 'utf8')) as SchemaFile;
    const name = schema.info?.singularName ?? file.replace(/\.json$/, '');
    const uid = `api::${name}.${name}`;
    // Every content type also has the system attributes createdAt and updatedAt
    const attributes = { ...mapAttributes(schema), createdAt: { type: 'datetime' }, updatedAt: { type: 'datetime' } };
    models.set(uid, { uid, kind: 'contentType', attributes });
  }
  const componentsDir = join(FIXTURE_CONTENT_TYPES, 'components');
  for (const category of readdirSync(componentsDir)) {
    for (const file of readdirSync(join(componentsDir, category))) {
      if (!file.endsWith('.json')) continue;
      const schema = JSON.parse(readFileSync(join(componentsDir, category, file), 'utf8')) as SchemaFile;
      const uid = `${category}.${file.replace(/\.json$/, '')}`;
      models.set(uid, { uid, kind: 'component', attributes: mapAttributes(schema) });
    }
  }
  return models;
}

function mapAttributes(schema: SchemaFile): Record<string, FuzzAttribute> {
  const out: Record<string, FuzzAttribute> = {};
  for (const [name, raw] of Object.entries(schema.attributes)) out[name] = toAttribute(raw);
  return out;
}

export const MODELS: ReadonlyMap<string, FuzzModel> = load();

export function model(uid: string): FuzzModel {
  const m = MODELS.get(uid);
  if (!m) throw new Error(`fuzz schema: no model ${uid}`);
  return m;
}

export const ARTICLE = 'api::article.article';
export const CATEGORY = 'api::category.category';
export const AUTHOR = 'api::author.author';

/** The list endpoints the fuzzers hit, with the model each one reads. */
export const ENDPOINTS: ReadonlyArray<{ path: string; uid: string }> = [
  { path: '/api/articles', uid: ARTICLE },
  { path: '/api/categories', uid: CATEGORY },
  { path: '/api/authors', uid: AUTHOR },
];

export const NESTABLE = new Set(['relation', 'component']);
export const POPULATABLE = new Set(['relation', 'component', 'media', 'dynamiczone']);

/** Names of attributes of a model whose type is in `types` (all when omitted). */
export function attributeNames(m: FuzzModel, types?: ReadonlySet<string>): string[] {
  return Object.entries(m.attributes).filter(([, a]) => !types || types.has(a.type)).map(([n]) => n);
}

/** Whether a relation reaches at most one target from this side. */
export function isToOne(attr: FuzzAttribute): boolean {
  return attr.relation === 'oneToOne' || attr.relation === 'manyToOne';
}

/** Private and password attributes of any model. */
export function isHidden(attr: FuzzAttribute): boolean {
  return attr.private === true || attr.type === 'password';
}
