// The content-type builder's data: the server's schema (GET /content-type-builder/schema) turned
// into drafts the screen edits, and the drafts' changes turned into one update-schema request
// (Strapi's body, with `renamedFrom` for a renamed attribute, content type or component, so its
// values are kept). A relation given another target takes its other sides along here.

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
  /** Its uid after the changes (a rename changes it); the drafts' map is keyed by it. */
  uid: string;
  /** Its uid on the server; absent for one created here. */
  from?: string;
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
  /** As the server has it: what a change is told from, and the names a rename warning shows. */
  original?: { displayName: string; kind: string; draftAndPublish: boolean; localized: boolean; singularName: string; pluralName: string };
  attributes: DraftAttr[];
}

const propsOf = ({ name: _name, ...rest }: AttrView): Props => rest as Props;

const isLocalized = (pluginOptions: Record<string, unknown> | undefined) =>
  (pluginOptions?.i18n as { localized?: unknown } | undefined)?.localized === true;

export function draftsOf(view: SchemaView): Map<string, DraftModel> {
  const out = new Map<string, DraftModel>();
  const add = (m: ModelView, component: boolean) => {
    const draft: DraftModel = {
      uid: m.uid, from: m.uid, component, isNew: false, deleted: false, ...(m.plugin ? { plugin: m.plugin } : {}),
      displayName: m.info.displayName ?? m.uid, kind: m.kind ?? 'collectionType',
      singularName: m.info.singularName ?? '', pluralName: m.info.pluralName ?? '', category: m.category ?? m.uid.split('.')[0] ?? '',
      draftAndPublish: m.options?.draftAndPublish === true, localized: isLocalized(m.pluginOptions), pluginOptions: m.pluginOptions ?? {},
      attributes: m.attributes.map((a) => ({ name: a.name, from: a.name, props: propsOf(a), original: propsOf(a) })),
    };
    draft.original = {
      displayName: draft.displayName, kind: draft.kind, draftAndPublish: draft.draftAndPublish, localized: draft.localized,
      singularName: draft.singularName, pluralName: draft.pluralName,
    };
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

/** Renamed on the screen: its uid (and so its names) differs from the server's. */
export const isRenamed = (m: DraftModel) => !m.isNew && !!m.from && m.from !== m.uid;

const metaChanged = (m: DraftModel) => isRenamed(m) || (!!m.original && (m.displayName !== m.original.displayName || m.kind !== m.original.kind
  || m.draftAndPublish !== m.original.draftAndPublish || m.localized !== m.original.localized));

export const modelChanged = (m: DraftModel) => (m.isNew ? !m.deleted : m.deleted || metaChanged(m) || m.attributes.some((a) => attrState(a) !== undefined));

/** The uid of a content type named `singular`, or of a component. */
export const contentTypeUid = (singular: string) => `api::${singular}.${singular}`;

/** Renames a model in the drafts: its key, and every attribute (sent or not) that names it, so
 *  the screen shows the new uid everywhere; requestOf sends the names the server expects. */
export function renameModel(drafts: Map<string, DraftModel>, from: string, to: { uid: string; singularName: string; pluralName: string; category: string }): void {
  const m = drafts.get(from);
  if (!m || from === to.uid) { if (m) Object.assign(m, to); return; }
  drafts.delete(from);
  Object.assign(m, to);
  drafts.set(to.uid, m);
  for (const other of drafts.values()) {
    for (const a of other.attributes) {
      a.props = renameRefs(a.props, from, to.uid);
      if (a.original) a.original = renameRefs(a.original, from, to.uid);
    }
  }
}

function renameRefs(p: Props, from: string, to: string): Props {
  if (p.type === 'relation' && p.target === from) return { ...p, target: to };
  if (p.type === 'component' && p.component === from) return { ...p, component: to };
  if (p.type === 'dynamiczone' && Array.isArray(p.components) && p.components.includes(from)) return { ...p, components: (p.components as string[]).map((c) => (c === from ? to : c)) };
  return p;
}

export const INVERSE_RELATION: Record<string, string> = { oneToOne: 'oneToOne', oneToMany: 'manyToOne', manyToOne: 'oneToMany', manyToMany: 'manyToMany' };

/** The attribute on a relation's target that is its other side (mappedBy / inversedBy naming it). */
export function otherSide(drafts: Map<string, DraftModel>, owner: string, name: string, p: Props): { model: DraftModel; attr: DraftAttr } | undefined {
  if (p.type !== 'relation') return undefined;
  const otherName = (p.inversedBy ?? p.mappedBy) as string | undefined;
  const model = otherName ? drafts.get(String(p.target)) : undefined;
  const attr = model?.attributes.find((a) => !a.deleted && a.name === otherName);
  if (!model || !attr || attr.props.type !== 'relation' || attr.props.target !== owner) return undefined;
  return (attr.props.inversedBy ?? attr.props.mappedBy) === name ? { model, attr } : undefined;
}

/**
 * Saves a field edited in the dialog into its model's draft. A relation given another target
 * leaves its other side: the old target's field goes (its mapped side; an owning side becomes
 * one-way and keeps its links), and a name for the new target's field adds it there, as the
 * server writes a new relation's other side.
 */
export function saveAttribute(drafts: Map<string, DraftModel>, uid: string, at: DraftAttr | undefined, name: string, props: Props, inverse?: string): void {
  const m = drafts.get(uid);
  if (!m) return;
  let p = props;
  const old = at?.from ? at.original : undefined;
  if (old?.type === 'relation' && p.type === 'relation' && old.target !== p.target) {
    const side = otherSide(drafts, uid, at!.from!, old);
    if (side) {
      if (side.attr.props.mappedBy !== undefined) dropAttribute(side.model, side.attr);
      else { const { inversedBy: _i, targetAttribute: _t, ...rest } = side.attr.props; side.attr.props = rest as Props; }
    }
    const { inversedBy: _i, mappedBy: _m, targetAttribute: _t, ...rest } = p;
    p = rest as Props;
    const target = drafts.get(String(p.target));
    if (inverse && target && !m.component) {
      p = { ...p, inversedBy: inverse };
      target.attributes.push({ name: inverse, props: { type: 'relation', relation: INVERSE_RELATION[String(p.relation)] ?? String(p.relation), target: uid, mappedBy: name } });
    }
  }
  if (!at) m.attributes.push({ name, props: p });
  else m.attributes = m.attributes.map((x) => ((at.from ? x.from === at.from : x.name === at.name && !x.from) ? { ...x, name, props: p } : x));
}

/** Marks a field deleted (one added here is simply removed). */
export function dropAttribute(m: DraftModel, a: DraftAttr): void {
  if (!a.from) m.attributes = m.attributes.filter((x) => x.name !== a.name || x.from);
  else m.attributes = m.attributes.map((x) => (x.from === a.from ? { ...x, deleted: true } : x));
}

export interface UpdateBody { data: { contentTypes: unknown[]; components: unknown[] }; confirm?: boolean }

/**
 * The one request that saves every change. The server applies components, then content types,
 * each in the request's order, and a model's attributes before its rename: so renamed models go
 * first, and an attribute names a renamed model by its new uid only when that rename is applied
 * before it (by its old uid otherwise, which the rename then rewrites). A model deleting the
 * mapped side of a relation goes after the others, so the owning side, if changed, is changed
 * first (the server deletes an owning side whose mapped side goes).
 */
export function requestOf(drafts: Iterable<DraftModel>): UpdateBody {
  const all = [...drafts].filter((m) => !m.plugin && modelChanged(m));
  const rank = (m: DraftModel) => (isRenamed(m) ? 0 : m.attributes.some((a) => a.deleted && a.from && a.original?.mappedBy !== undefined) ? 2 : 1);
  // Array sort is stable: the list's order holds within a rank
  const byRank = (list: DraftModel[]) => list.sort((a, b) => rank(a) - rank(b));
  const ordered = [...byRank(all.filter((m) => m.component)), ...byRank(all.filter((m) => !m.component))];
  const position = new Map(ordered.map((m, i) => [m.uid, i]));
  const renamed = new Map(ordered.filter(isRenamed).map((m) => [m.uid, m]));
  /** How `holder`'s attribute names `uid` at the time the server applies it. */
  const ref = (holder: DraftModel, uid: string) => {
    const r = renamed.get(uid);
    return r && (position.get(uid) ?? 0) >= (position.get(holder.uid) ?? 0) ? r.from! : uid;
  };
  const sent = (holder: DraftModel, p: Props): Props => {
    if (!renamed.size) return p;
    if (p.type === 'relation') return { ...p, target: ref(holder, String(p.target)) };
    if (p.type === 'component') return { ...p, component: ref(holder, String(p.component)) };
    if (p.type === 'dynamiczone' && Array.isArray(p.components)) return { ...p, components: (p.components as string[]).map((c) => ref(holder, c)) };
    return p;
  };

  const contentTypes: unknown[] = [];
  const components: unknown[] = [];
  for (const m of ordered) {
    const list = m.component ? components : contentTypes;
    if (m.deleted) { list.push({ action: 'delete', uid: m.from ?? m.uid }); continue; }
    const pluginOptions = { ...m.pluginOptions, i18n: { ...(m.pluginOptions.i18n as object | undefined), localized: m.localized } };
    if (m.isNew) {
      const attributes = m.attributes.filter((a) => !a.deleted).map((a) => ({ action: 'create', name: a.name, properties: sent(m, a.props) }));
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
      else if (state === 'new') attributes.push({ action: 'create', name: a.name, properties: sent(m, a.props) });
      else if (state === 'renamed') attributes.push({ action: 'update', name: a.name, renamedFrom: a.from, properties: sent(m, a.props) });
      else if (state === 'changed') attributes.push({ action: 'update', name: a.name, properties: sent(m, a.props) });
    }
    const rename = isRenamed(m) ? { renamedFrom: m.from } : {};
    list.push(m.component
      ? { action: 'update', uid: m.uid, ...rename, displayName: m.displayName, attributes }
      : {
        action: 'update', uid: m.uid, ...rename, ...(isRenamed(m) ? { singularName: m.singularName, pluralName: m.pluralName } : {}),
        displayName: m.displayName, kind: m.kind, draftAndPublish: m.draftAndPublish,
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
