// The content manager's view settings per content type and component (Strapi's configuration:
// settings, metadatas, layouts), made from the schema and stored in the database once an
// administrator changes them, so every instance shows the same. A stored view is merged over the
// schema's defaults each time it is read: an attribute added since appears, one removed goes.

import {
  NotFoundError, ValidationError, type Component, type ContentType, type FieldError, type Model,
  type OperationDefinition, type PluginApi,
} from '../../../core/index.js';
import type { AdminContext } from '../context.js';
import { CONFIGURATION_UID, CREATED_BY, UPDATED_BY } from '../models.js';
import { contentManagerOperation } from '../operation.js';
import { canNameDocuments, defaultMainField, hasDrafts, isLocalized } from './model.js';

export const CM_CONFIG = {
  contentTypes: 'admin::content-manager.content-types.find',
  components: 'admin::content-manager.components.find',
  contentTypeConfiguration: 'admin::content-manager.content-types.configuration',
  updateContentTypeConfiguration: 'admin::content-manager.content-types.configure',
  componentConfiguration: 'admin::content-manager.components.configuration',
  updateComponentConfiguration: 'admin::content-manager.components.configure',
} as const;

export interface ViewSettings {
  bulkable: boolean;
  filterable: boolean;
  searchable: boolean;
  pageSize: number;
  mainField: string;
  defaultSortBy: string;
  defaultSortOrder: 'ASC' | 'DESC';
}

export interface Metadata {
  edit: { label: string; description: string; placeholder: string; visible: boolean; editable: boolean; mainField?: string };
  list: { label: string; searchable: boolean; sortable: boolean };
}

export interface Configuration {
  uid: string;
  settings: ViewSettings;
  metadatas: Record<string, Metadata>;
  layouts: { list: string[]; edit: Array<Array<{ name: string; size: number }>> };
}

const NOT_LISTED = new Set(['component', 'dynamiczone', 'json', 'blocks', 'richtext', 'password', 'media']);
const NOT_SORTED = new Set(['relation', 'component', 'dynamiczone', 'json', 'blocks', 'media', 'password']);
const FULL_WIDTH = new Set(['component', 'dynamiczone', 'json', 'blocks', 'richtext', 'text']);
const SYSTEM = new Set(['createdAt', 'updatedAt', 'publishedAt', 'locale', 'localizations']);

export class Configurations {
  constructor(private readonly api: PluginApi) {}

  get #docs() { return this.api.documents(CONFIGURATION_UID); }

  async of(model: Model): Promise<Configuration> {
    const stored = await this.#docs.findFirst({ filters: { uid: { $eq: model.uid } }, fields: ['configuration'] });
    return merge(this.defaults(model), stored?.configuration as Partial<Configuration> | undefined);
  }

  async mainField(model: Model): Promise<string> {
    return (await this.of(model)).settings.mainField;
  }

  defaults(model: Model): Configuration {
    const shown = Object.entries(model.attributes).filter(([name, a]) => !a.private && !(a.type === 'relation' && a.versions) && name !== CREATED_BY && name !== UPDATED_BY);
    const metadatas: Record<string, Metadata> = {};
    for (const [name, a] of shown) {
      const label = name;
      metadatas[name] = {
        edit: { label, description: '', placeholder: '', visible: !SYSTEM.has(name), editable: a.writable !== false, ...(a.type === 'relation' ? { mainField: defaultMainField(this.api.registry.get(a.target)) } : {}) },
        list: { label, searchable: !NOT_SORTED.has(a.type), sortable: !NOT_SORTED.has(a.type) },
      };
    }
    const listable = shown.filter(([name, a]) => !NOT_LISTED.has(a.type) && !SYSTEM.has(name) && a.writable !== false).map(([n]) => n);
    const edit: Configuration['layouts']['edit'] = [];
    let row: Array<{ name: string; size: number }> = [];
    let width = 0;
    for (const [name, a] of shown) {
      if (SYSTEM.has(name) || a.writable === false) continue;
      const size = FULL_WIDTH.has(a.type) ? 12 : 6;
      if (width + size > 12) { edit.push(row); row = []; width = 0; }
      row.push({ name, size });
      width += size;
    }
    if (row.length) edit.push(row);
    const mainField = defaultMainField(model);
    return {
      uid: model.uid,
      settings: { bulkable: true, filterable: true, searchable: true, pageSize: 10, mainField, defaultSortBy: mainField === 'id' ? 'id' : mainField, defaultSortOrder: 'ASC' },
      metadatas,
      layouts: { list: ['id', ...listable.slice(0, 3)], edit },
    };
  }

  async save(model: Model, raw: unknown): Promise<Configuration> {
    const defaults = this.defaults(model);
    const checked = check(raw, defaults, model);
    const merged = merge(defaults, checked);
    const stored = await this.#docs.findFirst({ filters: { uid: { $eq: model.uid } }, fields: ['uid'] });
    const data = { uid: model.uid, configuration: { settings: merged.settings, metadatas: merged.metadatas, layouts: merged.layouts } };
    if (stored) await this.#docs.update({ documentId: stored.documentId, data });
    else await this.#docs.create({ data });
    return merged;
  }
}

/** The stored parts over the defaults, each part only where it still fits the schema. */
function merge(defaults: Configuration, stored: Partial<Configuration> | undefined): Configuration {
  if (!stored) return defaults;
  const names = new Set(Object.keys(defaults.metadatas));
  const settings = { ...defaults.settings, ...(stored.settings ?? {}) };
  if (!names.has(settings.mainField) && settings.mainField !== 'id') settings.mainField = defaults.settings.mainField;
  const metadatas: Record<string, Metadata> = {};
  for (const [name, meta] of Object.entries(defaults.metadatas)) {
    const saved = stored.metadatas?.[name];
    metadatas[name] = { edit: { ...meta.edit, ...(saved?.edit ?? {}) }, list: { ...meta.list, ...(saved?.list ?? {}) } };
  }
  const list = (stored.layouts?.list ?? defaults.layouts.list).filter((n) => n === 'id' || names.has(n));
  const placed = new Set<string>();
  const edit = (stored.layouts?.edit ?? defaults.layouts.edit)
    .map((row) => row.filter((f) => names.has(f.name) && !placed.has(f.name) && placed.add(f.name)))
    .filter((row) => row.length > 0);
  // Attributes added to the schema since the view was stored go at the end
  for (const row of defaults.layouts.edit) for (const f of row) if (!placed.has(f.name)) edit.push([f]);
  return { uid: defaults.uid, settings, metadatas, layouts: { list, edit } };
}

/** A configuration sent by the panel: only known keys of the right types, attributes of the
 *  model, sane sizes; a main field that can name a document. */
function check(raw: unknown, defaults: Configuration, model: Model): Partial<Configuration> {
  const errors: FieldError[] = [];
  const fail = (path: string[], message: string) => errors.push({ path, message, name: 'ValidationError' });
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(raw)) throw new ValidationError('Invalid body: expected { settings, metadatas, layouts }');
  for (const key of Object.keys(raw)) if (!['settings', 'metadatas', 'layouts', 'uid'].includes(key)) fail([key], `unknown key ${key}`);
  const names = new Set(Object.keys(defaults.metadatas));
  const out: Partial<Configuration> = {};
  if (raw.settings !== undefined) {
    if (!isObject(raw.settings)) fail(['settings'], 'settings must be an object');
    else {
      const sortable = (v: unknown) => typeof v === 'string' && (v === 'id' || (names.has(v) && defaults.metadatas[v]!.list.sortable));
      const types: Record<keyof ViewSettings, (v: unknown) => boolean> = {
        bulkable: (v) => typeof v === 'boolean', filterable: (v) => typeof v === 'boolean', searchable: (v) => typeof v === 'boolean',
        pageSize: (v) => [10, 20, 50, 100].includes(v as number), mainField: (v) => typeof v === 'string' && (v === 'id' || canNameDocuments(model, v)),
        defaultSortBy: sortable, defaultSortOrder: (v) => v === 'ASC' || v === 'DESC',
      };
      for (const [k, v] of Object.entries(raw.settings)) {
        const ok = types[k as keyof ViewSettings];
        if (!ok) fail(['settings', k], `unknown setting ${k}`);
        else if (!ok(v)) fail(['settings', k], `invalid value for ${k}`);
      }
      out.settings = raw.settings as unknown as ViewSettings;
    }
  }
  if (raw.metadatas !== undefined) {
    if (!isObject(raw.metadatas)) fail(['metadatas'], 'metadatas must be an object of attributes');
    else {
      const kinds = { edit: { label: 'string', description: 'string', placeholder: 'string', visible: 'boolean', editable: 'boolean', mainField: 'string' }, list: { label: 'string', searchable: 'boolean', sortable: 'boolean' } } as const;
      for (const [name, meta] of Object.entries(raw.metadatas)) {
        if (!names.has(name)) { fail(['metadatas', name], `${name} is not an attribute of ${defaults.uid}`); continue; }
        if (!isObject(meta)) { fail(['metadatas', name], 'a metadata is { edit, list }'); continue; }
        for (const [part, value] of Object.entries(meta)) {
          const allowed = kinds[part as keyof typeof kinds] as Record<string, string> | undefined;
          if (!allowed || !isObject(value)) { fail(['metadatas', name, part], `${part} must be an edit or list object`); continue; }
          for (const [k, v] of Object.entries(value)) if (allowed[k] === undefined || typeof v !== allowed[k]) fail(['metadatas', name, part, k], `invalid ${part} setting ${k}`);
        }
      }
      out.metadatas = raw.metadatas as Configuration['metadatas'];
    }
  }
  if (raw.layouts !== undefined) {
    const layouts = raw.layouts;
    if (!isObject(layouts) || (layouts.list !== undefined && !Array.isArray(layouts.list)) || (layouts.edit !== undefined && !Array.isArray(layouts.edit))) {
      fail(['layouts'], 'layouts must be { list: [names], edit: [[{ name, size }]] }');
    } else {
      const list = (layouts.list ?? defaults.layouts.list) as unknown[];
      for (const name of list) if (name !== 'id' && (typeof name !== 'string' || !names.has(name))) fail(['layouts', 'list'], `${String(name)} is not an attribute of ${defaults.uid}`);
      const edit = (layouts.edit ?? defaults.layouts.edit) as unknown[];
      edit.forEach((row, i) => {
        if (!Array.isArray(row)) { fail(['layouts', 'edit', String(i)], 'a row is a list of { name, size }'); return; }
        let width = 0;
        for (const field of row as unknown[]) {
          const f = isObject(field) ? field : {};
          if (typeof f.name !== 'string' || !names.has(f.name)) fail(['layouts', 'edit', String(i)], `${String(f.name)} is not an attribute of ${defaults.uid}`);
          if (!Number.isInteger(f.size) || (f.size as number) < 1 || (f.size as number) > 12) fail(['layouts', 'edit', String(i)], 'size must be an integer from 1 to 12');
          width += Number(f.size) || 0;
        }
        if (width > 12) fail(['layouts', 'edit', String(i)], 'a row is at most 12 wide');
      });
      out.layouts = { list: list as string[], edit: edit as Configuration['layouts']['edit'] };
    }
  }
  if (errors.length) throw ValidationError.fromFields(errors);
  return out;
}

export function configurationOperations(admin: AdminContext, configurations: Configurations): OperationDefinition[] {
  const { api } = admin;
  const op = contentManagerOperation;
  const contentType = (uid: string): ContentType => {
    const ct = admin.models.editable(uid);
    if (!ct) throw new NotFoundError(`No content type ${uid}`);
    return ct;
  };
  const component = (uid: string): Component => {
    if (!api.registry.has(uid) || uid.includes('::')) throw new NotFoundError(`No component ${uid}`);
    return api.registry.component(uid);
  };
  /** The components a model uses, at any depth, with their configurations. */
  const componentsOf = async (model: Model, seen = new Map<string, Configuration>()): Promise<Record<string, Configuration>> => {
    for (const attr of Object.values(model.attributes)) {
      const uids = attr.type === 'component' ? [attr.component] : attr.type === 'dynamiczone' ? attr.components : [];
      for (const uid of uids) {
        if (seen.has(uid)) continue;
        const c = api.registry.component(uid);
        seen.set(uid, await configurations.of(c));
        await componentsOf(c, seen);
      }
    }
    return Object.fromEntries(seen);
  };
  const schemaOf = (ct: ContentType) => ({
    uid: ct.uid, isDisplayed: true, apiID: ct.singularName, kind: ct.kind,
    info: { ...ct.info }, options: { ...ct.options, draftAndPublish: hasDrafts(api, ct) }, pluginOptions: { ...ct.pluginOptions, i18n: { localized: isLocalized(ct) } },
    attributes: visibleAttributes(ct),
  });
  return [
    op(CM_CONFIG.contentTypes, 'read', 'The content types an administrator edits, with their schemas', async (_input, call) => {
      const all = api.registry.contentTypes().filter((ct) => admin.models.editable(ct.uid));
      const readable = [];
      for (const ct of all) if (await api.can(call.auth, `${ct.uid}.find`)) readable.push(schemaOf(ct));
      return readable;
    }),
    op(CM_CONFIG.components, 'read', 'Every component, with its schema', async () => api.registry.components().map((c) => ({
      uid: c.uid, category: c.category, apiId: c.name, isDisplayed: true, info: { ...c.info }, attributes: visibleAttributes(c),
    }))),
    op(CM_CONFIG.contentTypeConfiguration, 'read', 'A content type\'s views, with those of the components it uses', async (input, call) => {
      const ct = contentType(input.uid);
      await api.authorize(call.auth, `${ct.uid}.find`);
      return { contentType: await configurations.of(ct), components: await componentsOf(ct) };
    }),
    op(CM_CONFIG.updateContentTypeConfiguration, 'write', 'Changes a content type\'s views', async (input, call) => {
      const ct = contentType(input.uid);
      await api.authorize(call.auth, `plugin::content-manager.${ct.kind === 'singleType' ? 'single-types' : 'collection-types'}.configure-view`);
      return { contentType: await configurations.save(ct, input.data), components: await componentsOf(ct) };
    }),
    op(CM_CONFIG.componentConfiguration, 'read', 'A component\'s edit view', async (input) => {
      const c = component(input.uid);
      return { component: await configurations.of(c), components: await componentsOf(c) };
    }),
    op(CM_CONFIG.updateComponentConfiguration, 'write', 'Changes a component\'s edit view', async (input, call) => {
      const c = component(input.uid);
      await api.authorize(call.auth, 'plugin::content-manager.components.configure-layout');
      return { component: await configurations.save(c, input.data), components: await componentsOf(c) };
    }),
  ];
}

/** A model's attributes as the panel needs them: no private ones, no admin bookkeeping. */
function visibleAttributes(model: Model): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, attr] of Object.entries(model.attributes)) {
    if (attr.private || name === CREATED_BY || name === UPDATED_BY) continue;
    out[name] = { ...attr };
  }
  return out;
}
