// The model registry: content types and components, changed only through methods that record who
// changed what, so a conflict names both sides. Frozen after the registerModels phase.

import { KernelError } from '../errors/index.js';
import type {
  Attribute, Component, ComponentSchema, ContentType, ContentTypeSchema, Model,
} from './types.js';
import { contentTypeUid } from './uid.js';

export interface Owned { owner: string }

/** Attributes every content type has, owned by core. */
const SYSTEM_ATTRIBUTES: Record<string, Attribute> = {
  createdAt: { type: 'datetime', writable: false },
  updatedAt: { type: 'datetime', writable: false },
};

export class ModelRegistry {
  readonly #contentTypes = new Map<string, ContentType>();
  readonly #components = new Map<string, Component>();
  readonly #attributeOwners = new Map<string, string>();
  #frozen = false;

  addContentType(schema: ContentTypeSchema, { owner, uid }: Owned & { uid?: string }): ContentType {
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
    };
    this.#contentTypes.set(id, contentType);
    for (const [name, attr] of Object.entries(schema.attributes)) this.addAttribute(id, name, attr, { owner });
    for (const [name, attr] of Object.entries(SYSTEM_ATTRIBUTES)) {
      if (!(name in contentType.attributes)) this.addAttribute(id, name, attr, { owner: 'core' });
    }
    return contentType;
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
    return component;
  }

  /** Adds an attribute; a name already defined by someone else is a conflict naming both owners. */
  addAttribute(uid: string, name: string, attribute: Attribute, { owner }: Owned): void {
    this.#assertMutable(`add attribute ${name} to ${uid}`);
    const model = this.get(uid);
    const key = `${uid}#${name}`;
    if (name in model.attributes) {
      throw new KernelError('SCHEMA_ERR_CONFLICT',
        `attribute ${name} on ${uid}: added by ${owner}, already defined by ${this.#attributeOwners.get(key) ?? model.owner}`);
    }
    model.attributes[name] = structuredClone(attribute);
    this.#attributeOwners.set(key, owner);
  }

  /** Changes an attribute's definition in place (a plugin marking a field private, say). */
  extendAttribute(uid: string, name: string, patch: Partial<Attribute>, { owner }: Owned): void {
    this.#assertMutable(`extend attribute ${name} of ${uid} (by ${owner})`);
    const model = this.get(uid);
    const current = model.attributes[name];
    if (!current) throw new KernelError('SCHEMA_ERR_CONFLICT', `attribute ${name} on ${uid}: not defined (extended by ${owner})`);
    model.attributes[name] = { ...current, ...patch } as Attribute;
  }

  setOption(uid: string, key: string, value: unknown, { owner }: Owned): void {
    this.#assertMutable(`set option ${key} on ${uid} (by ${owner})`);
    this.get(uid).options[key] = value;
  }

  /** Who added an attribute: 'app', 'core' or a plugin name. */
  attributeOwner(uid: string, name: string): string {
    return this.#attributeOwners.get(`${uid}#${name}`) ?? this.get(uid).owner;
  }

  has(uid: string): boolean {
    return this.#contentTypes.has(uid) || this.#components.has(uid);
  }

  get(uid: string): Model {
    const model = this.#contentTypes.get(uid) ?? this.#components.get(uid);
    if (!model) throw new KernelError('SCHEMA_ERR_CONFLICT', `unknown model ${uid}`);
    return model;
  }

  contentType(uid: string): ContentType {
    const model = this.#contentTypes.get(uid);
    if (!model) throw new KernelError('SCHEMA_ERR_CONFLICT', `unknown content type ${uid}`);
    return model;
  }

  component(uid: string): Component {
    const model = this.#components.get(uid);
    if (!model) throw new KernelError('SCHEMA_ERR_CONFLICT', `unknown component ${uid}`);
    return model;
  }

  contentTypes(): ContentType[] {
    return [...this.#contentTypes.values()];
  }

  components(): Component[] {
    return [...this.#components.values()];
  }

  models(): Model[] {
    return [...this.#contentTypes.values(), ...this.#components.values()];
  }

  get frozen(): boolean {
    return this.#frozen;
  }

  /** After registerModels nothing may change: every later phase builds on this shape. */
  freeze(): void {
    if (this.#frozen) return;
    this.#frozen = true;
    for (const model of this.models()) deepFreeze(model);
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
