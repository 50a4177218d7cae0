// The model registry: content types and components, changed only through methods that record who
// changed what, so a conflict names both sides. Until it is frozen (after registerModels) it hands
// out read-only views, so a plugin cannot change a model behind the methods' backs; a change that
// widens exposure (a private field made public) must be asked for in so many words, and is logged.

import { KernelError } from '../errors/index.js';
import type {
  Attribute, Component, ComponentSchema, ContentType, ContentTypeSchema, Model, StoredName,
} from './types.js';
import { copyData, ReadOnlyViews } from './read-only-view.js';
import { contentTypeUid } from './uid.js';

export interface Owned { owner: string }

/** The value of each flag that narrows who sees or writes an attribute. A patch that moves one
 *  away from it widens exposure: allowed when the patch names the flag, and warned about. */
const NARROWING: Record<string, unknown> = { private: true, writable: false, configurable: false, visible: false };

/** Attributes every content type has, owned by core. */
const SYSTEM_ATTRIBUTES: Record<string, Attribute> = {
  createdAt: { type: 'datetime', writable: false },
  updatedAt: { type: 'datetime', writable: false },
};

export class ModelRegistry {
  readonly #contentTypes = new Map<string, ContentType>();
  readonly #components = new Map<string, Component>();
  readonly #attributeOwners = new Map<string, string>();
  readonly #views = new ReadOnlyViews();
  readonly #warn: (message: string) => void;
  #frozen = false;

  constructor(options: { warn?: (message: string) => void } = {}) {
    this.#warn = options.warn ?? (() => undefined);
  }

  /** What callers get: a read-only view while models are registered, the frozen object after. */
  #out<T extends Model>(model: T): T {
    return this.#frozen ? model : this.#views.of(model, model.uid);
  }

  /** `indexes`: lookups a plugin's own type needs (lists of attribute names, each an index);
   *  `storedNames`: its attributes that store names of the app's schema (StoredName). Schema
   *  files can set neither. */
  addContentType(
    schema: ContentTypeSchema,
    { owner, uid, indexes, storedNames }: Owned & { uid?: string; indexes?: readonly string[][]; storedNames?: readonly StoredName[] },
  ): ContentType {
    this.#assertMutable(`add content type ${uid ?? schema.info.singularName}`);
    const id = uid ?? contentTypeUid(schema.info.singularName);
    const existing = this.#contentTypes.get(id);
    if (existing) {
      throw new KernelError('SCHEMA_ERR_CONFLICT',
        `content type ${id}: added by ${owner}, already registered by ${existing.owner}`);
    }
    const contentType: ContentType = {
      uid: id,
      modelType: 'contentType',
      kind: schema.kind,
      collectionName: schema.collectionName,
      singularName: schema.info.singularName,
      pluralName: schema.info.pluralName,
      info: { ...schema.info },
      options: { ...(schema.options ?? {}) },
      pluginOptions: { ...(schema.pluginOptions ?? {}) },
      attributes: {},
      owner,
      ...(indexes?.length ? { indexes: indexes.map((names) => [...names]) } : {}),
      ...(storedNames?.length ? { storedNames: copyData(storedNames) } : {}),
    };
    this.#contentTypes.set(id, contentType);
    for (const [name, attr] of Object.entries(schema.attributes)) this.addAttribute(id, name, attr, { owner });
    for (const [name, attr] of Object.entries(SYSTEM_ATTRIBUTES)) {
      if (!(name in contentType.attributes)) this.addAttribute(id, name, attr, { owner: 'core' });
    }
    const unknown = (indexes ?? []).flat().filter((name) => name !== 'id' && !(name in contentType.attributes));
    if (unknown.length) throw new KernelError('SCHEMA_ERR_INVALID', `content type ${id} (${owner}): an index names no attribute: ${unknown.join(', ')}`);
    return this.#out(contentType);
  }

  addComponent(uid: string, schema: ComponentSchema, { owner }: Owned): Component {
    this.#assertMutable(`add component ${uid}`);
    const existing = this.#components.get(uid);
    if (existing) {
      throw new KernelError('SCHEMA_ERR_CONFLICT',
        `component ${uid}: added by ${owner}, already registered by ${existing.owner}`);
    }
    const [category = '', name = ''] = uid.split('.');
    const component: Component = {
      uid, modelType: 'component', category, name,
      collectionName: schema.collectionName,
      info: { ...schema.info },
      options: { ...(schema.options ?? {}) },
      pluginOptions: { ...(schema.pluginOptions ?? {}) },
      attributes: {},
      owner,
    };
    this.#components.set(uid, component);
    for (const [attrName, attr] of Object.entries(schema.attributes)) this.addAttribute(uid, attrName, attr, { owner });
    return this.#out(component);
  }

  /** Adds an attribute; a name already defined by someone else is a conflict naming both owners. */
  addAttribute(uid: string, name: string, attribute: Attribute, { owner }: Owned): void {
    this.#assertMutable(`add attribute ${name} to ${uid}`);
    const model = this.#model(uid);
    const key = `${uid}#${name}`;
    if (name in model.attributes) {
      throw new KernelError('SCHEMA_ERR_CONFLICT',
        `attribute ${name} on ${uid}: added by ${owner}, already defined by ${this.#attributeOwners.get(key) ?? model.owner}`);
    }
    model.attributes[name] = copyData(attribute);
    this.#attributeOwners.set(key, owner);
  }

  /** Changes an attribute's definition (a plugin marking a field private, say). Only the flags
   *  the patch sets change: a patch built from a copy that lost `private` keeps it private. */
  extendAttribute(uid: string, name: string, patch: Partial<Attribute>, { owner }: Owned): void {
    this.#assertMutable(`extend attribute ${name} of ${uid} (by ${owner})`);
    const model = this.#model(uid);
    const current = model.attributes[name];
    if (!current) throw new KernelError('SCHEMA_ERR_CONFLICT', `attribute ${name} on ${uid}: not defined (extended by ${owner})`);
    const next: Record<string, unknown> = { ...current };
    for (const [flag, value] of Object.entries(copyData(patch) as Record<string, unknown>)) {
      if (value === undefined) continue;
      const was = (current as unknown as Record<string, unknown>)[flag];
      const widens = (Object.hasOwn(NARROWING, flag) && was === NARROWING[flag] && value !== was)
        || (flag === 'type' && was === 'password' && value !== 'password');
      if (widens) this.#warn(`${owner} set ${flag}: ${JSON.stringify(value)} on ${uid}.${name}: the attribute is exposed more widely than ${this.attributeOwner(uid, name)} defined it`);
      next[flag] = value;
    }
    model.attributes[name] = next as unknown as Attribute;
  }

  setOption(uid: string, key: string, value: unknown, { owner }: Owned): void {
    this.#assertMutable(`set option ${key} on ${uid} (by ${owner})`);
    this.#model(uid).options[key] = copyData(value);
  }

  /** Who added an attribute: 'app', 'core' or a plugin name. */
  attributeOwner(uid: string, name: string): string {
    return this.#attributeOwners.get(`${uid}#${name}`) ?? this.get(uid).owner;
  }

  has(uid: string): boolean {
    return this.#contentTypes.has(uid) || this.#components.has(uid);
  }

  get(uid: string): Model {
    return this.#out(this.#model(uid));
  }

  #model(uid: string): Model {
    const model = this.#contentTypes.get(uid) ?? this.#components.get(uid);
    if (!model) throw new KernelError('SCHEMA_ERR_CONFLICT', `unknown model ${uid}`);
    return model;
  }

  contentType(uid: string): ContentType {
    const model = this.#contentTypes.get(uid);
    if (!model) throw new KernelError('SCHEMA_ERR_CONFLICT', `unknown content type ${uid}`);
    return this.#out(model);
  }

  component(uid: string): Component {
    const model = this.#components.get(uid);
    if (!model) throw new KernelError('SCHEMA_ERR_CONFLICT', `unknown component ${uid}`);
    return this.#out(model);
  }

  contentTypes(): ContentType[] {
    return [...this.#contentTypes.values()].map((model) => this.#out(model));
  }

  components(): Component[] {
    return [...this.#components.values()].map((model) => this.#out(model));
  }

  models(): Model[] {
    return [...this.contentTypes(), ...this.components()];
  }

  get frozen(): boolean {
    return this.#frozen;
  }

  /** After registerModels nothing may change: every later phase builds on this shape. */
  freeze(): void {
    if (this.#frozen) return;
    this.#frozen = true;
    for (const model of [...this.#contentTypes.values(), ...this.#components.values()]) deepFreeze(model);
  }

  #assertMutable(what: string): void {
    if (this.#frozen) {
      throw new KernelError('KERNEL_ERR_LATE_MUTATION',
        `cannot ${what}: the model registry is frozen after the registerModels phase`);
    }
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as Record<string, unknown>)) deepFreeze(child);
  }
  return value;
}
