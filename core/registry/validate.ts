// Start-up validation of schema files. Every failure names the file and the attribute path, e.g.
// `article.json: attributes.title.maxLength: must be a non-negative integer`. All problems are
// collected and thrown as one KernelError('SCHEMA_ERR_INVALID'), one problem per line.

import { KernelError } from '../errors/index.js';
import { contentTypeUid, isComponentUid, NAME_PATTERN } from './uid.js';
import { IDENTIFIER, isObject, validateAttributes } from './validate-attributes.js';
import type { Json, Reporter, SchemaIndex } from './validate-attributes.js';
import type { ContentTypeSchema, ComponentSchema } from './types.js';

export interface RawContentTypeFile { file: string; schema: unknown }
export interface RawComponentFile { file: string; uid: string; schema: unknown }

const CONTENT_TYPE_KEYS = ['kind', 'collectionName', 'info', 'options', 'pluginOptions', 'attributes'];
const COMPONENT_KEYS = ['collectionName', 'info', 'options', 'pluginOptions', 'attributes'];
const CONTENT_TYPE_INFO_KEYS = ['singularName', 'pluralName', 'displayName', 'description', 'name'];
const COMPONENT_INFO_KEYS = ['displayName', 'icon', 'description'];
const KINDS = ['collectionType', 'singleType'];

/** What the shape checks learned about one file, for the cross-file checks. */
interface ModelInfo {
  display: string;
  report: Reporter;
  modelType: 'contentType' | 'component';
  /** api::<singular>.<singular> (when singularName is valid) or the component uid. */
  uid: string | undefined;
  collectionName?: string;
  names: Array<{ key: 'singularName' | 'pluralName'; value: string }>;
  attributes?: Json;
}

/** Throws KernelError('SCHEMA_ERR_INVALID') naming file and attribute path; returns typed schemas. */
export function validateSchemaFiles(
  contentTypes: RawContentTypeFile[],
  components: RawComponentFile[],
): { contentTypes: Array<{ file: string; schema: ContentTypeSchema }>; components: Array<{ file: string; uid: string; schema: ComponentSchema }> } {
  const problems = new Problems();
  const types = contentTypes.map((f, i) => checkContentType(f, problems.reporter(i, displayFile(f.file, false))));
  const comps = components.map((f, i) =>
    checkComponent(f, problems.reporter(contentTypes.length + i, displayFile(f.file, true))));

  checkDuplicateNames(types);
  checkDuplicateCollectionNames([...types, ...comps]);
  checkDuplicateComponentUids(comps);
  const index = buildIndex(types, comps);
  for (const model of [...types, ...comps]) {
    if (model.attributes && model.uid) {
      validateAttributes({ modelType: model.modelType, uid: model.uid, attributes: model.attributes }, index, model.report);
    }
  }
  checkComponentCycles(comps);
  problems.throwIfAny();

  return {
    contentTypes: contentTypes.map((c) => ({ file: c.file, schema: c.schema as ContentTypeSchema })),
    components: components.map((c) => ({ file: c.file, uid: c.uid, schema: c.schema as ComponentSchema })),
  };
}

/** The file as shown in messages: relative to the content-types folder when it can be told. */
export function displayFile(file: string, isComponent: boolean): string {
  const parts = file.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  if (isComponent && parts.length >= 3 && parts[parts.length - 3] === 'components') {
    return parts.slice(-3).join('/');
  }
  const root = parts.lastIndexOf('content-types');
  if (root >= 0 && root < parts.length - 1) return parts.slice(root + 1).join('/');
  return parts[parts.length - 1] ?? file;
}

class Problems {
  private readonly list: Array<{ order: number; text: string }> = [];

  reporter(order: number, file: string): Reporter {
    return (path, message) => {
      this.list.push({ order, text: path ? `${file}: ${path}: ${message}` : `${file}: ${message}` });
    };
  }

  throwIfAny(): void {
    if (this.list.length === 0) return;
    const lines = [...this.list].sort((a, b) => a.order - b.order).map((p) => p.text);
    throw new KernelError('SCHEMA_ERR_INVALID', lines.join('\n'));
  }
}

// --- shape of one file -------------------------------------------------------------------------

function checkKeys(obj: Json, allowed: string[], prefix: string, what: string, report: Reporter): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) report(`${prefix}${key}`, `unknown ${what} key (allowed: ${allowed.join(', ')})`);
  }
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function checkCollectionName(schema: Json, report: Reporter): string | undefined {
  const name = schema.collectionName;
  if (typeof name === 'string' && IDENTIFIER.test(name)) return name;
  report('collectionName', 'must be a non-empty identifier (letters, digits and _, not starting with a digit)');
  return undefined;
}

function checkOptionalObjects(schema: Json, report: Reporter): void {
  const { options, pluginOptions } = schema;
  if (options !== undefined && !isObject(options)) report('options', 'must be an object');
  if (isObject(options) && options.draftAndPublish !== undefined && typeof options.draftAndPublish !== 'boolean') {
    report('options.draftAndPublish', 'must be a boolean');
  }
  if (pluginOptions !== undefined && !isObject(pluginOptions)) report('pluginOptions', 'must be an object');
}

function checkAttributesObject(schema: Json, report: Reporter): Json | undefined {
  if (isObject(schema.attributes)) return schema.attributes;
  report('attributes', 'must be an object');
  return undefined;
}

function checkOptionalStrings(info: Json, keys: string[], report: Reporter): void {
  for (const key of keys) {
    if (info[key] !== undefined && typeof info[key] !== 'string') report(`info.${key}`, 'must be a string');
  }
}

function checkContentType(raw: RawContentTypeFile, report: Reporter): ModelInfo {
  const model: ModelInfo = { display: displayFile(raw.file, false), report, modelType: 'contentType', uid: undefined, names: [] };
  const schema = raw.schema;
  if (!isObject(schema)) {
    report('', 'must be a JSON object');
    return model;
  }
  checkKeys(schema, CONTENT_TYPE_KEYS, '', 'top-level', report);
  if (!KINDS.includes(schema.kind as string)) report('kind', `must be one of ${KINDS.join(', ')}`);
  model.collectionName = checkCollectionName(schema, report);
  checkContentTypeInfo(raw.file, schema.info, model);
  checkOptionalObjects(schema, report);
  model.attributes = checkAttributesObject(schema, report);
  return model;
}

function checkContentTypeInfo(file: string, info: unknown, model: ModelInfo): void {
  const report = model.report;
  if (!isObject(info)) {
    report('info', 'must be an object with singularName, pluralName and displayName');
    return;
  }
  checkKeys(info, CONTENT_TYPE_INFO_KEYS, 'info.', 'info', report);
  for (const key of ['singularName', 'pluralName'] as const) {
    const value = info[key];
    if (typeof value === 'string' && NAME_PATTERN.test(value)) model.names.push({ key, value });
    else report(`info.${key}`, 'must be kebab-case (a-z, 0-9 and -, starting with a letter)');
  }
  const [singular, plural] = [info.singularName, info.pluralName];
  if (typeof singular === 'string' && singular === plural) {
    report('info.pluralName', 'must differ from info.singularName');
    model.names.pop();
  }
  if (typeof singular === 'string' && NAME_PATTERN.test(singular)) {
    model.uid = contentTypeUid(singular);
    const base = file.split(/[\\/]/).pop() ?? file;
    if (base.endsWith('.json') && base !== `${singular}.json`) {
      report('info.singularName', `file name must be ${singular}.json to match singularName "${singular}"`);
    }
  }
  if (!isNonEmptyString(info.displayName)) report('info.displayName', 'must be a non-empty string');
  checkOptionalStrings(info, ['description', 'name'], report);
}

function checkComponent(raw: RawComponentFile, report: Reporter): ModelInfo {
  const model: ModelInfo = { display: displayFile(raw.file, true), report, modelType: 'component', uid: raw.uid, names: [] };
  if (!isComponentUid(raw.uid)) report('', `invalid component uid "${raw.uid}" (expected <category>.<name>, kebab-case)`);
  const schema = raw.schema;
  if (!isObject(schema)) {
    report('', 'must be a JSON object');
    return model;
  }
  checkKeys(schema, COMPONENT_KEYS, '', 'top-level', report);
  model.collectionName = checkCollectionName(schema, report);
  if (!isObject(schema.info)) {
    report('info', 'must be an object with displayName');
  } else {
    checkKeys(schema.info, COMPONENT_INFO_KEYS, 'info.', 'info', report);
    if (!isNonEmptyString(schema.info.displayName)) report('info.displayName', 'must be a non-empty string');
    checkOptionalStrings(schema.info, ['icon', 'description'], report);
  }
  checkOptionalObjects(schema, report);
  model.attributes = checkAttributesObject(schema, report);
  return model;
}

// --- across files ------------------------------------------------------------------------------

/** Singular and plural names share one namespace: they become route segments. */
function checkDuplicateNames(types: ModelInfo[]): void {
  const owners = new Map<string, { model: ModelInfo; key: string }>();
  for (const model of types) {
    for (const { key, value } of model.names) {
      const owner = owners.get(value);
      if (owner && owner.model !== model) {
        model.report(`info.${key}`, `"${value}" is already used as info.${owner.key} of ${owner.model.display}`);
      } else if (!owner) {
        owners.set(value, { model, key });
      }
    }
  }
}

function checkDuplicateCollectionNames(models: ModelInfo[]): void {
  const owners = new Map<string, ModelInfo>();
  for (const model of models) {
    if (model.collectionName === undefined) continue;
    const owner = owners.get(model.collectionName);
    if (owner) model.report('collectionName', `"${model.collectionName}" is already used by ${owner.display}`);
    else owners.set(model.collectionName, model);
  }
}

function checkDuplicateComponentUids(comps: ModelInfo[]): void {
  const owners = new Map<string, ModelInfo>();
  for (const model of comps) {
    if (model.uid === undefined) continue;
    const owner = owners.get(model.uid);
    if (owner) model.report('', `component uid "${model.uid}" is already used by ${owner.display}`);
    else owners.set(model.uid, model);
  }
}

function buildIndex(types: ModelInfo[], comps: ModelInfo[]): SchemaIndex {
  const index: SchemaIndex = { contentTypes: new Map(), components: new Set() };
  for (const model of types) {
    if (model.uid && !index.contentTypes.has(model.uid)) index.contentTypes.set(model.uid, model.attributes ?? {});
  }
  for (const model of comps) if (model.uid) index.components.add(model.uid);
  return index;
}

/** A component may not contain itself, directly or through nested components. */
function checkComponentCycles(comps: ModelInfo[]): void {
  const byUid = new Map<string, ModelInfo>();
  for (const model of comps) if (model.uid && model.attributes && !byUid.has(model.uid)) byUid.set(model.uid, model);

  const edges = (model: ModelInfo): Array<{ via: string; to: string }> =>
    Object.entries(model.attributes ?? {}).flatMap(([via, attr]) =>
      isObject(attr) && attr.type === 'component' && typeof attr.component === 'string' && byUid.has(attr.component)
        ? [{ via, to: attr.component }] : []);

  const state = new Map<string, 'visiting' | 'done'>();
  const stack: Array<{ uid: string; via: string }> = [];
  const reported = new Set<string>();
  const visit = (uid: string): void => {
    state.set(uid, 'visiting');
    for (const edge of edges(byUid.get(uid)!)) {
      stack.push({ uid, via: edge.via });
      if (state.get(edge.to) === 'visiting') {
        const cycle = stack.slice(stack.findIndex((s) => s.uid === edge.to));
        const key = cycle.map((s) => s.uid).sort().join(' ');
        const first = cycle[0]!;
        if (!reported.has(key)) {
          reported.add(key);
          const path = [...cycle.map((s) => s.uid), edge.to].join(' -> ');
          byUid.get(first.uid)!.report(`attributes.${first.via}`, `component cycle: ${path}`);
        }
      } else if (!state.has(edge.to)) {
        visit(edge.to);
      }
      stack.pop();
    }
    state.set(uid, 'done');
  };
  for (const uid of byUid.keys()) if (!state.has(uid)) visit(uid);
}
