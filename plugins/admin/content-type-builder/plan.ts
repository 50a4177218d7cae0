// What an update-schema request does to the schema files: the files to write and remove, the
// renames to record (with the moves that keep their data), and the rows a deletion leaves behind.
// Worked out on copies of the files as they are; nothing is written here.
//
// Renames are recorded in the order a database can apply them: attributes first (in the tables
// as they are named before the request), then components (whose users' link tables still have
// their old names), then content types. Each also rewrites what the registry's types declare they
// store naming it (storedNames: permissions, API tokens' grants, history versions, view settings).

import { randomBytes } from 'node:crypto';
import {
  addInverseSides, attributeRenameMoves, buildComponentSchema, buildContentTypeSchema, columnTypeOf, componentFile, componentUses, contentTypeFile,
  contentTypeUid, ConflictError, modelRenameMoves, readSchemaDir, splitComponentUid, storedNameMoves, ValidationError, widens,
  type Attribute, type Attributes, type ContentType, type RawSchema, type Rename, type RenamedModel, type SchemaChanges,
} from '../../../core/index.js';
import type { AttributeItem, ComponentItem, ContentTypeItem, UpdateSchemaRequest } from './request.js';

/** A schema file being changed: where it is, what it holds now, and what it held before. */
interface Entry {
  uid: string;
  file: string;
  schema: SchemaDoc;
  /** As it was before the request (moves are worked out from it). */
  before: RenamedModel;
  component: boolean;
}

/** A schema file's content, as far as the builder changes it. */
interface SchemaDoc {
  kind?: string;
  collectionName: string;
  info: Record<string, unknown>;
  options?: Record<string, unknown>;
  pluginOptions?: Record<string, unknown>;
  attributes: Record<string, Attribute>;
}

/** Rows a change leaves behind: schema sync keeps them, but nothing shows them any more. */
export interface Loss { uid: string; attribute?: string; change: string; rows: number }

export interface Plan {
  changes: SchemaChanges;
  renames: Rename[];
  losses: Loss[];
  /** uids created, updated (or renamed: the new uid) and deleted, for the answer. */
  touched: { contentTypes: string[]; components: string[] };
}

export interface PlanDeps {
  dir: string;
  /** Rows holding data of a loaded model or attribute (0 for one not loaded yet). */
  rowsHolding(uid: string, attribute?: string): Promise<number>;
  /** The loaded types, whose storedNames say where plugins keep names a rename changes. */
  stores: readonly ContentType[];
  now?: Date;
}

export async function planUpdate(request: UpdateSchemaRequest, deps: PlanDeps): Promise<Plan> {
  const files = readSchemaDir(deps.dir);
  const entries = new Map<string, Entry>();
  for (const f of files.contentTypes) {
    const schema = structuredClone(f.schema) as SchemaDoc;
    const singular = (schema.info as { singularName?: unknown }).singularName;
    if (typeof singular !== 'string') continue;
    add(entries, contentTypeUid(singular), f.file, schema, false);
  }
  for (const f of files.components) add(entries, f.uid, f.file, structuredClone(f.schema) as SchemaDoc, true);

  const at = (deps.now ?? new Date()).toISOString();
  const renames: { attribute: Rename[]; component: Rename[]; contentType: Rename[] } = { attribute: [], component: [], contentType: [] };
  const rename = (kind: Rename['kind'], from: string, to: string, moves: Rename['moves'], model?: string): Rename =>
    ({ id: `${at}-${randomBytes(3).toString('hex')}`, kind, ...(model ? { model } : {}), from, to, at, moves });
  const losses: Loss[] = [];
  const refusals: string[] = [];
  /** Draft-and-publish or i18n switched on a type that holds entries. Their rows would need a
   *  migration that is not built: turned off, the drafts or other locales would be listed as
   *  entries of their own; turned on, the entries would have no draft or no locale. Strapi
   *  deletes the drafts or the other locales when either is turned off. */
  const switches: string[] = [];
  const checkSwitches = async (uid: string, before: SchemaDoc, item: ContentTypeItem) => {
    const changes: string[] = [];
    const wasDp = (before.options as { draftAndPublish?: unknown } | undefined)?.draftAndPublish === true;
    if (item.draftAndPublish !== undefined && item.draftAndPublish !== wasDp) changes.push(`draft and publish ${item.draftAndPublish ? 'on' : 'off'}`);
    if (item.pluginOptions && localized(item.pluginOptions) !== localized(before.pluginOptions)) changes.push(`internationalization ${localized(item.pluginOptions) ? 'on' : 'off'}`);
    if (!changes.length) return;
    const rows = await holding(uid);
    if (rows > 0) switches.push(`${uid}: ${changes.join(' and ')} while ${rows} row(s) hold its entries (delete them first, or export and import them around the change)`);
  };
  const removed = new Set<string>();
  const changed = new Set<Entry>();
  const touched: Plan['touched'] = { contentTypes: [], components: [] };

  // Components renamed so far (new uid -> old), and the renames whose stored names wait for the end
  const componentOrigin = new Map<string, string>();
  const componentRenames: Array<{ rename: Rename; from: string }> = [];
  /** The app's models as a rename recorded now finds them when it runs: attributes renamed so far
   *  (attribute renames run first, in order), uids as before the request (model renames run after). */
  const modelsNow = () => [...entries.values()].map((e) => ({ uid: e.before.uid, attributes: withOriginalComponents(e.schema.attributes, componentOrigin) }));

  const holding = async (uid: string, attribute?: string) => deps.rowsHolding(uid, attribute).catch(() => 0);
  const lose = async (uid: string, change: string, attribute?: string) => {
    const rows = await holding(uid, attribute);
    if (rows > 0) losses.push({ uid, ...(attribute ? { attribute } : {}), change, rows });
  };
  const find = (uid: string, component: boolean, path: string): Entry => {
    const entry = entries.get(uid);
    if (!entry || entry.component !== component) throw new ValidationError(`${path}: no ${component ? 'component' : 'content type'} ${uid} in the schema files`);
    return entry;
  };

  /** Applies attribute items to an entry: created, changed, renamed (and recorded), deleted. */
  const applyAttributes = async (entry: Entry, items: readonly AttributeItem[]) => {
    for (const item of items) {
      const attrs = entry.schema.attributes;
      const where = `${entry.uid}.${item.name}`;
      if (item.action === 'create') {
        if (Object.hasOwn(attrs, item.name)) throw new ValidationError(`${where}: the attribute exists already; update it`);
        entry.schema.attributes = { ...attrs, [item.name]: attributeOf(item.properties!) };
        addOtherSide(entry, item.name);
        continue;
      }
      const from = item.renamedFrom ?? item.name;
      const old = attrs[from];
      if (!old) throw new ValidationError(`${entry.uid}.${from}: no such attribute`);
      if (item.action === 'delete') {
        await lose(entry.uid, 'delete attribute', item.name);
        entry.schema.attributes = Object.fromEntries(Object.entries(attrs).filter(([n]) => n !== item.name));
        await dropOtherSide(entry, item.name, old);
        continue;
      }
      const next = attributeOf(item.properties!);
      if (from !== item.name) {
        if (Object.hasOwn(attrs, item.name)) throw new ValidationError(`${where}: cannot rename ${from} to a name the type has already`);
        const uses = entry.component ? componentUses(modelsNow(), entry.before.uid) : [];
        const stored = storedNameMoves(deps.stores, { kind: 'attribute', model: entry.before.uid, from, to: item.name, uses });
        renames.attribute.push(rename('attribute', from, item.name, [...attributeRenameMoves(entry.before, from, item.name), ...stored], entry.uid));
        entry.schema.attributes = Object.fromEntries(Object.entries(attrs).map(([n, a]) => (n === from ? [item.name, next] : [n, a])));
        renameOtherSide(entry, from, item.name, next);
      } else {
        entry.schema.attributes = { ...attrs, [item.name]: next };
      }
      await checkRetype(entry, from, old, next);
    }
  };

  /** A type change: a column that cannot hold the old values refuses (schema sync would stop the
   *  start); an attribute that leaves its column, link or components behind is a loss. */
  const checkRetype = async (entry: Entry, name: string, old: Attribute, next: Attribute) => {
    if (old.type === next.type && (old.type !== 'relation' || next.type !== 'relation' || old.target === next.target)) return;
    const [a, b] = [columnTypeOf(old), columnTypeOf(next)];
    if (a && b) {
      if (widens(a, b)) return;
      const rows = await holding(entry.uid, name);
      if (rows > 0) refusals.push(`${entry.uid}.${name}: ${old.type} cannot become ${next.type} while ${rows} row(s) hold a value (schema sync keeps every value; move the data first, docs/operations.md)`);
      return;
    }
    await lose(entry.uid, `change type from ${old.type} to ${next.type}`, name);
  };

  const relationPartner = (entry: Entry, attr: Attribute): { other: Entry; name: string } | undefined => {
    if (attr.type !== 'relation') return undefined;
    const name = attr.inversedBy ?? attr.mappedBy;
    const other = name ? entries.get(attr.target) : undefined;
    return other && name && Object.hasOwn(other.schema.attributes, name) ? { other: other === entry ? entry : other, name } : undefined;
  };
  /** A new relation naming its other side gets it written into the target, by the generator's code. */
  const addOtherSide = (entry: Entry, name: string) => {
    if (entry.component) return;
    const types = [...entries.values()].filter((e) => !e.component && e !== entry);
    const updated = addInverseSides(entry.uid, { [name]: entry.schema.attributes[name]! }, entry.schema as unknown as RawSchema, types.map((e) => ({ file: e.file, schema: e.schema })));
    for (const file of updated) {
      const other = types.find((e) => e.file === file.file);
      if (other) changed.add(other);
    }
  };
  const dropOtherSide = async (entry: Entry, name: string, old: Attribute) => {
    const partner = relationPartner(entry, old);
    if (!partner) return;
    const { other, name: otherName } = partner;
    const otherAttr = other.schema.attributes[otherName]!;
    if (otherAttr.type !== 'relation' || (otherAttr.inversedBy ?? otherAttr.mappedBy) !== name) return;
    await lose(other.uid, 'delete attribute (the other side of a deleted relation)', otherName);
    other.schema.attributes = Object.fromEntries(Object.entries(other.schema.attributes).filter(([n]) => n !== otherName));
    changed.add(other);
  };
  const renameOtherSide = (entry: Entry, from: string, to: string, next: Attribute) => {
    const partner = relationPartner(entry, next);
    if (!partner) return;
    const otherAttr = partner.other.schema.attributes[partner.name]!;
    if (otherAttr.type !== 'relation') return;
    if (otherAttr.mappedBy === from) otherAttr.mappedBy = to;
    if (otherAttr.inversedBy === from) otherAttr.inversedBy = to;
    changed.add(partner.other);
  };

  // --- components -------------------------------------------------------------------------------
  for (const [i, item] of request.components.entries()) await planComponent(item, `data.components.${i}`);
  async function planComponent(item: ComponentItem, path: string): Promise<void> {
    if (item.action === 'create') {
      if (entries.has(item.uid)) throw new ValidationError(`${path}: component ${item.uid} exists already`);
      const schema = buildComponentSchema({ uid: item.uid, ...(item.displayName ? { displayName: item.displayName } : {}) }) as unknown as SchemaDoc;
      if (item.collectionName) schema.collectionName = item.collectionName;
      if (item.icon) schema.info.icon = item.icon;
      if (item.description) schema.info.description = item.description;
      const entry = add(entries, item.uid, componentFile(deps.dir, item.uid), schema, true);
      await applyAttributes(entry, item.attributes);
      changed.add(entry);
      touched.components.push(item.uid);
      return;
    }
    const entry = find(item.renamedFrom ?? item.uid, true, path);
    if (item.action === 'delete') {
      await lose(entry.uid, 'delete component');
      removeEntry(entry);
      touched.components.push(entry.uid);
      return;
    }
    await applyAttributes(entry, item.attributes);
    if (item.displayName) entry.schema.info.displayName = item.displayName;
    if (item.icon) entry.schema.info.icon = item.icon;
    if (item.description !== undefined) entry.schema.info.description = item.description;
    if (item.renamedFrom && item.renamedFrom !== item.uid) {
      splitComponentUid(item.uid);
      if (entries.has(item.uid)) throw new ValidationError(`${path}: component ${item.uid} exists already`);
      const collection = item.collectionName ?? buildComponentSchema({ uid: item.uid }).collectionName;
      const users = [...entries.values()].filter((e) => e !== entry && Object.values(e.before.attributes).some((a) => usesComponent(a, entry.uid)));
      const renamedAttrs = { ...entry.before, attributes: entry.schema.attributes as Attributes };
      const recorded = rename('component', entry.uid, item.uid, modelRenameMoves(renamedAttrs, item.uid, collection, users.map((u) => u.before)));
      renames.component.push(recorded);
      componentRenames.push({ rename: recorded, from: entry.uid });
      componentOrigin.set(item.uid, entry.uid);
      for (const user of entries.values()) if (replaceComponent(user.schema.attributes, entry.uid, item.uid)) changed.add(user);
      moveEntry(entry, item.uid, componentFile(deps.dir, item.uid));
      entry.schema.collectionName = collection;
    }
    changed.add(entry);
    touched.components.push(entry.uid);
  }

  // --- content types ----------------------------------------------------------------------------
  for (const [i, item] of request.contentTypes.entries()) await planContentType(item, `data.contentTypes.${i}`);
  async function planContentType(item: ContentTypeItem, path: string): Promise<void> {
    if (item.action === 'create') {
      const schema = buildContentTypeSchema({
        singularName: item.singularName!, pluralName: item.pluralName!, kind: item.kind ?? 'collectionType',
        ...(item.displayName ? { displayName: item.displayName } : {}), ...(item.description ? { description: item.description } : {}),
        draftAndPublish: item.draftAndPublish ?? false, i18n: localized(item.pluginOptions),
      }) as unknown as SchemaDoc;
      const uid = contentTypeUid(item.singularName!);
      if (item.uid && item.uid !== uid) throw new ValidationError(`${path}.uid: a content type named ${item.singularName} is ${uid}`);
      if (entries.has(uid)) throw new ValidationError(`${path}: content type ${uid} exists already`);
      if (item.collectionName) schema.collectionName = item.collectionName;
      if (item.pluginOptions) schema.pluginOptions = { ...item.pluginOptions };
      const entry = add(entries, uid, contentTypeFile(deps.dir, item.singularName!), schema, false);
      await applyAttributes(entry, item.attributes);
      changed.add(entry);
      touched.contentTypes.push(uid);
      return;
    }
    const entry = find(item.renamedFrom ?? item.uid, false, path);
    if (item.action === 'delete') {
      await lose(entry.uid, 'delete content type');
      // Relations of other types to it go with it (validation would refuse them)
      for (const other of entries.values()) {
        if (other === entry) continue;
        for (const [name, attr] of Object.entries(other.schema.attributes)) {
          if (attr.type !== 'relation' || attr.target !== entry.uid) continue;
          await lose(other.uid, 'delete attribute (a relation to a deleted type)', name);
          other.schema.attributes = Object.fromEntries(Object.entries(other.schema.attributes).filter(([n]) => n !== name));
          changed.add(other);
        }
      }
      removeEntry(entry);
      touched.contentTypes.push(entry.uid);
      return;
    }
    await applyAttributes(entry, item.attributes);
    const s = entry.schema;
    if (item.displayName) s.info.displayName = item.displayName;
    if (item.description !== undefined) s.info.description = item.description;
    if (item.kind) s.kind = item.kind;
    await checkSwitches(entry.uid, s, item);
    if (item.draftAndPublish !== undefined) s.options = { ...s.options, draftAndPublish: item.draftAndPublish };
    if (item.pluginOptions) s.pluginOptions = { ...item.pluginOptions };
    if (item.renamedFrom && item.renamedFrom !== item.uid) {
      const singular = item.singularName ?? /^api::([^.]+)\.\1$/.exec(item.uid)?.[1];
      if (!singular || contentTypeUid(singular) !== item.uid) throw new ValidationError(`${path}.uid: a renamed content type is api::<singularName>.<singularName>; give singularName and pluralName`);
      if (entries.has(item.uid)) throw new ValidationError(`${path}: content type ${item.uid} exists already`);
      const names = buildContentTypeSchema({ singularName: singular, ...(item.pluralName ? { pluralName: item.pluralName } : {}) });
      const collection = item.collectionName ?? names.collectionName;
      const renamedAttrs = { ...entry.before, attributes: s.attributes as Attributes };
      const stored = storedNameMoves(deps.stores, { kind: 'contentType', from: entry.uid, to: item.uid });
      renames.contentType.push(rename('contentType', entry.uid, item.uid, [...modelRenameMoves(renamedAttrs, item.uid, collection), ...stored]));
      for (const other of entries.values()) if (retarget(other.schema.attributes, entry.uid, item.uid)) changed.add(other);
      s.info = { ...s.info, singularName: names.info.singularName, pluralName: names.info.pluralName };
      s.collectionName = collection;
      moveEntry(entry, item.uid, contentTypeFile(deps.dir, singular));
    }
    changed.add(entry);
    touched.contentTypes.push(entry.uid);
  }

  if (switches.length) {
    throw new ConflictError(`Draft and publish and internationalization can only be switched on a type without entries: ${switches.join('; ')}`, { switches });
  }
  if (refusals.length) throw new ConflictError(`This change would narrow columns that hold data: ${refusals.join('; ')}`, { narrowing: refusals });
  if (losses.length && !request.confirm) {
    const rows = losses.reduce((n, l) => n + l.rows, 0);
    throw new ConflictError(
      `This change leaves the data of ${rows} row(s) behind (${losses.map((l) => `${l.change} ${l.uid}${l.attribute ? `.${l.attribute}` : ''}: ${l.rows}`).join('; ')}). ` +
      'The database keeps it, but no API shows it any more. Send confirm: true with the request to apply it.',
      { losses, rows },
    );
  }

  // A renamed component's stored names, with the types' attributes as every attribute rename of
  // the request left them: its renames run after theirs (a dynamic zone renamed too is found)
  for (const { rename: r, from } of componentRenames) {
    r.moves.push(...storedNameMoves(deps.stores, { kind: 'component', from, to: r.to, uses: componentUses(modelsNow(), from) }));
  }

  const write = new Map<string, unknown>();
  for (const entry of changed) if (entries.get(entry.uid) === entry) write.set(entry.file, entry.schema);
  for (const file of write.keys()) removed.delete(file);
  return {
    changes: { write, remove: removed },
    renames: [...renames.attribute, ...renames.component, ...renames.contentType],
    losses,
    touched,
  };

  function removeEntry(entry: Entry): void {
    entries.delete(entry.uid);
    removed.add(entry.file);
    changed.delete(entry);
  }
  function moveEntry(entry: Entry, uid: string, file: string): void {
    entries.delete(entry.uid);
    removed.add(entry.file);
    entry.uid = uid;
    entry.file = file;
    entries.set(uid, entry);
  }
}

/** Attributes whose component references name the components renamed in this request by their
 *  uid before it: what the rows hold until the component renames run. */
function withOriginalComponents(attrs: Record<string, Attribute>, origin: ReadonlyMap<string, string>): Attributes {
  const old = (uid: string) => origin.get(uid) ?? uid;
  return Object.fromEntries(Object.entries(attrs).map(([name, a]) => [name,
    a.type === 'component' ? { ...a, component: old(a.component) } : a.type === 'dynamiczone' ? { ...a, components: a.components.map(old) } : a]));
}

function add(entries: Map<string, Entry>, uid: string, file: string, schema: SchemaDoc, component: boolean): Entry {
  schema.attributes ??= {};
  const entry: Entry = {
    uid, file, schema, component,
    before: { uid, collectionName: schema.collectionName, attributes: structuredClone(schema.attributes) as Attributes },
  };
  entries.set(uid, entry);
  return entry;
}

/** The attribute a schema file holds, from the builder's properties: Strapi's `targetAttribute`
 *  names the other side of a relation (inversedBy here; the generator writes that side), and
 *  empty values (null, Strapi's panel sends them) are left out. */
function attributeOf(properties: Attribute): Attribute {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) if (value !== null && value !== undefined && key !== 'name' && key !== 'targetAttribute') out[key] = value;
  const target = (properties as { targetAttribute?: unknown }).targetAttribute;
  if (out.type === 'relation' && typeof target === 'string' && target !== '' && out.inversedBy === undefined && out.mappedBy === undefined) out.inversedBy = target;
  return out as unknown as Attribute;
}

function localized(pluginOptions: Record<string, unknown> | undefined): boolean {
  const i18n = pluginOptions?.i18n;
  return typeof i18n === 'object' && i18n !== null && (i18n as { localized?: unknown }).localized === true;
}

function usesComponent(attr: Attribute, uid: string): boolean {
  return (attr.type === 'component' && attr.component === uid) || (attr.type === 'dynamiczone' && attr.components.includes(uid));
}

function replaceComponent(attrs: Record<string, Attribute>, from: string, to: string): boolean {
  let changed = false;
  for (const attr of Object.values(attrs)) {
    if (attr.type === 'component' && attr.component === from) { attr.component = to; changed = true; }
    if (attr.type === 'dynamiczone' && attr.components.includes(from)) { attr.components = attr.components.map((c) => (c === from ? to : c)); changed = true; }
  }
  return changed;
}

function retarget(attrs: Record<string, Attribute>, from: string, to: string): boolean {
  let changed = false;
  for (const attr of Object.values(attrs)) if (attr.type === 'relation' && attr.target === from) { attr.target = to; changed = true; }
  return changed;
}

