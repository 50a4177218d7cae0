// The content-type builder's data: the server's schema (GET /content-type-builder/schema) turned
// into drafts the screen edits, and the drafts' changes turned into one update-schema request
// (Strapi's body, with `renamedFrom` for a renamed attribute, so its values are kept).

export const CTB_READ = 'plugin::content-type-builder.read';

export interface AttrView { name: string; type: string; [option: string]: unknown }

export interface ModelView {
  uid: string;
  modelType: 'contentType' | 'component';
  kind?: 'collectionType' | 'singleType';
  category?: string;
  info: { displayName?: string; singularName?: string; pluralName?: string; description?: string; icon?: string };
  options?: { draftAndPublish?: boolean };
  pluginOptions?: Record<string, unknown>;
  plugin?: string;
  attributes: AttrView[];
}

export interface SchemaView { contentTypes: Record<string, ModelView>; components: Record<string, ModelView> }

/** An attribute's options as a schema file holds them (no name). */
export type Props = Record<string, unknown> & { type: string };

export interface DraftAttr {
  name: string;
  props: Props;
  /** Its name on the server; absent for an attribute added here. */
  from?: string;
  original?: Props;
  deleted?: boolean;
}

export interface DraftModel {
  uid: string;
  component: boolean;
  isNew: boolean;
  deleted: boolean;
  /** The plugin that owns it: shown, not edited (the builder writes the app's files only). */
  plugin?: string;
  displayName: string;
  kind: 'collectionType' | 'singleType';
  singularName: string;
  pluralName: string;
  category: string;
  draftAndPublish: boolean;
  localized: boolean;
  pluginOptions: Record<string, unknown>;
  original?: { displayName: string; kind: string; draftAndPublish: boolean; localized: boolean };
  attributes: DraftAttr[];
}

const propsOf = ({ name: _name, ...rest }: AttrView): Props => rest as Props;

const isLocalized = (pluginOptions: Record<string, unknown> | undefined) =>
  (pluginOptions?.i18n as { localized?: unknown } | undefined)?.localized === true;

export function draftsOf(view: SchemaView): Map<string, DraftModel> {
  const out = new Map<string, DraftModel>();
  const add = (m: ModelView, component: boolean) => {
    const draft: DraftModel = {
      uid: m.uid, component, isNew: false, deleted: false, ...(m.plugin ? { plugin: m.plugin } : {}),
      displayName: m.info.displayName ?? m.uid, kind: m.kind ?? 'collectionType',
      singularName: m.info.singularName ?? '', pluralName: m.info.pluralName ?? '', category: m.category ?? m.uid.split('.')[0] ?? '',
      draftAndPublish: m.options?.draftAndPublish === true, localized: isLocalized(m.pluginOptions), pluginOptions: m.pluginOptions ?? {},
      attributes: m.attributes.map((a) => ({ name: a.name, from: a.name, props: propsOf(a), original: propsOf(a) })),
    };
    draft.original = { displayName: draft.displayName, kind: draft.kind, draftAndPublish: draft.draftAndPublish, localized: draft.localized };
    out.set(m.uid, draft);
  };
  for (const m of Object.values(view.contentTypes)) add(m, false);
  for (const m of Object.values(view.components)) add(m, true);
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const attrState = (a: DraftAttr): 'new' | 'deleted' | 'renamed' | 'changed' | undefined => {
  if (!a.from) return a.deleted ? undefined : 'new';
  if (a.deleted) return 'deleted';
  if (a.from !== a.name) return 'renamed';
  return same(a.props, a.original) ? undefined : 'changed';
};

const metaChanged = (m: DraftModel) => !!m.original && (m.displayName !== m.original.displayName || m.kind !== m.original.kind
  || m.draftAndPublish !== m.original.draftAndPublish || m.localized !== m.original.localized);

export const modelChanged = (m: DraftModel) => (m.isNew ? !m.deleted : m.deleted || metaChanged(m) || m.attributes.some((a) => attrState(a) !== undefined));

export interface UpdateBody { data: { contentTypes: unknown[]; components: unknown[] }; confirm?: boolean }

/** The one request that saves every change. */
export function requestOf(drafts: Iterable<DraftModel>): UpdateBody {
  const contentTypes: unknown[] = [];
  const components: unknown[] = [];
  for (const m of drafts) {
    if (m.plugin || !modelChanged(m)) continue;
    const list = m.component ? components : contentTypes;
    if (m.deleted) { list.push({ action: 'delete', uid: m.uid }); continue; }
    const pluginOptions = { ...m.pluginOptions, i18n: { ...(m.pluginOptions.i18n as object | undefined), localized: m.localized } };
    if (m.isNew) {
      const attributes = m.attributes.filter((a) => !a.deleted).map((a) => ({ action: 'create', name: a.name, properties: a.props }));
      list.push(m.component
        ? { action: 'create', uid: m.uid, displayName: m.displayName, attributes }
        : {
          action: 'create', uid: m.uid, singularName: m.singularName, pluralName: m.pluralName, displayName: m.displayName, kind: m.kind,
          draftAndPublish: m.draftAndPublish, pluginOptions: m.localized ? pluginOptions : {}, attributes,
        });
      continue;
    }
    const attributes: unknown[] = [];
    for (const a of m.attributes) {
      const state = attrState(a);
      if (state === 'deleted') attributes.push({ action: 'delete', name: a.from });
      else if (state === 'new') attributes.push({ action: 'create', name: a.name, properties: a.props });
      else if (state === 'renamed') attributes.push({ action: 'update', name: a.name, renamedFrom: a.from, properties: a.props });
      else if (state === 'changed') attributes.push({ action: 'update', name: a.name, properties: a.props });
    }
    list.push(m.component
      ? { action: 'update', uid: m.uid, displayName: m.displayName, attributes }
      : {
        action: 'update', uid: m.uid, displayName: m.displayName, kind: m.kind, draftAndPublish: m.draftAndPublish,
        ...(m.original && m.localized !== m.original.localized ? { pluginOptions } : {}), attributes,
      });
  }
  return { data: { contentTypes, components } };
}

// --- names ---------------------------------------------------------------------------------------

/** The schema files' name rule (kebab-case, starting with a letter). */
export const NAME = /^[a-z][a-z0-9-]*$/;
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const RESERVED = new Set(['id', 'documentId', 'document_id', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations', '__component', '__proto__', 'constructor', 'prototype']);

/** "Blog Post" -> blog-post. */
export const kebab = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/([a-z0-9])([A-Z])/g, '$1-$2')
  .toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^[-0-9]+|-+$/g, '');

/** The generator's plural: +s, consonant+y -> ies, s/x/z/ch/sh -> +es. */
export function pluralize(singular: string): string {
  if (!singular) return '';
  if (/[^aeiou]y$/.test(singular)) return `${singular.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(singular)) return `${singular}es`;
  return `${singular}s`;
}

/** Why an attribute name cannot be used in a model, or undefined. */
export function attributeNameProblem(name: string, m: DraftModel, self?: DraftAttr): string | undefined {
  if (!name) return 'A name is required';
  if (!IDENTIFIER.test(name)) return 'Use letters, digits and _, not starting with a digit';
  if (RESERVED.has(name)) return `"${name}" is reserved`;
  if (m.attributes.some((a) => a !== self && !a.deleted && a.name === name)) return `The type has a field named "${name}" already`;
  return undefined;
}

// --- how an attribute reads ----------------------------------------------------------------------

export const TYPE_LABELS: Record<string, string> = {
  string: 'Text (short)', text: 'Text (long)', richtext: 'Rich text (Markdown)', blocks: 'Rich text (Blocks)', email: 'Email', password: 'Password',
  uid: 'UID', enumeration: 'Enumeration', integer: 'Number (integer)', biginteger: 'Number (big integer)', float: 'Number (float)',
  decimal: 'Number (decimal)', date: 'Date', datetime: 'Date and time', time: 'Time', timestamp: 'Timestamp', boolean: 'Boolean', json: 'JSON',
  media: 'Media', relation: 'Relation', component: 'Component', dynamiczone: 'Dynamic zone',
};

export const RELATION_LABELS: Record<string, string> = {
  oneToOne: 'has one (one-to-one)', oneToMany: 'has many (one-to-many)', manyToOne: 'belongs to one (many-to-one)', manyToMany: 'has and belongs to many (many-to-many)',
};

/** A line saying what the attribute holds, naming its target, component or values. */
export function describe(p: Props, nameOf: (uid: string) => string): string {
  switch (p.type) {
    case 'relation': {
      const other = (p.inversedBy ?? p.mappedBy ?? p.targetAttribute) as string | undefined;
      return `${RELATION_LABELS[String(p.relation)] ?? String(p.relation)} ${nameOf(String(p.target))}${other ? ` (linked back by its field ${other})` : ' (one-way)'}`;
    }
    case 'component': return `${p.repeatable ? 'Repeatable' : 'Single'} ${nameOf(String(p.component))}`;
    case 'dynamiczone': return ((p.components as string[] | undefined) ?? []).map(nameOf).join(', ');
    case 'media': return `${p.multiple ? 'Multiple' : 'Single'}${Array.isArray(p.allowedTypes) ? `: ${(p.allowedTypes as string[]).join(', ')}` : ''}`;
    case 'enumeration': return ((p.enum as string[] | undefined) ?? []).join(', ');
    case 'uid': return p.targetField ? `from ${String(p.targetField)}` : '';
    default: return '';
  }
}

/** The options worth a glance: required, unique, private, bounds, default. */
export function optionsOf(p: Props): string[] {
  const out: string[] = [];
  if (p.required) out.push('required');
  if (p.unique) out.push('unique');
  if (p.private) out.push('private');
  for (const key of ['minLength', 'maxLength', 'min', 'max']) if (p[key] !== undefined) out.push(`${key} ${String(p[key])}`);
  if (p.default !== undefined) out.push(`default ${JSON.stringify(p.default)}`);
  return out;
}
