// shadowCRUD(uid): what of a content type or component the generated schema leaves out. The
// switches are recorded when a plugin or the app calls them (in register), and applied to the
// schema spec once it is built: the types of a disabled model go, and so does every field, union
// member or argument that would lead to them, so the schema stays valid.

import { FILE_UID, KernelError, type Attribute, type ContentAction, type ModelRegistry, type SchemaSpec } from '../../../core/index.js';
import { namedType } from '../sdl.js';

/** One attribute's switches. */
export interface FieldShadow {
  /** Out of the output type, the input type and the filters. */
  disable(): FieldShadow;
  disableOutput(): FieldShadow;
  disableInput(): FieldShadow;
  disableFilters(): FieldShadow;
  isEnabled(): boolean;
  isDisabled(): boolean;
  hasOutputEnabled(): boolean;
  hasInputEnabled(): boolean;
  hasFiltersEnabled(): boolean;
}

/** A model's switches. */
export interface ShadowCrud {
  disable(): ShadowCrud;
  disableQueries(): ShadowCrud;
  disableMutations(): ShadowCrud;
  disableAction(action: ContentAction): ShadowCrud;
  disableActions(actions: readonly ContentAction[]): ShadowCrud;
  field(name: string): FieldShadow;
  isEnabled(): boolean;
  isDisabled(): boolean;
  areQueriesEnabled(): boolean;
  areQueriesDisabled(): boolean;
  areMutationsEnabled(): boolean;
  areMutationsDisabled(): boolean;
  isActionEnabled(action: ContentAction): boolean;
  isActionDisabled(action: ContentAction): boolean;
}

interface FieldState { output: boolean; input: boolean; filters: boolean }
interface ModelState { enabled: boolean; queries: boolean; mutations: boolean; actions: Set<string>; fields: Map<string, FieldState> }

export class ShadowCrudRegistry {
  readonly #models = new Map<string, ModelState>();
  readonly #late: () => string | undefined;

  /** `late` names why a change comes too late (the schema is built), or undefined. */
  constructor(late: () => string | undefined) {
    this.#late = late;
  }

  of(uid: string): ShadowCrud {
    const state = this.#state(uid);
    const change = (fn: () => void) => { this.#assertOpen(`shadowCRUD('${uid}')`); fn(); return crud; };
    const crud: ShadowCrud = {
      disable: () => change(() => { state.enabled = false; }),
      disableQueries: () => change(() => { state.queries = false; }),
      disableMutations: () => change(() => { state.mutations = false; }),
      disableAction: (action) => change(() => { state.actions.add(checkAction(uid, action)); }),
      disableActions: (actions) => change(() => { for (const action of actions) state.actions.add(checkAction(uid, action)); }),
      field: (name) => this.#field(uid, state, name),
      isEnabled: () => state.enabled,
      isDisabled: () => !state.enabled,
      areQueriesEnabled: () => state.enabled && state.queries,
      areQueriesDisabled: () => !crud.areQueriesEnabled(),
      areMutationsEnabled: () => state.enabled && state.mutations,
      areMutationsDisabled: () => !crud.areMutationsEnabled(),
      isActionEnabled: (action) => state.enabled && !state.actions.has(action)
        && (isMutation(action) ? state.mutations : state.queries),
      isActionDisabled: (action) => !crud.isActionEnabled(action),
    };
    return crud;
  }

  /** Removes from the spec what the switches leave out. Unknown models and attributes are a
   *  start-up error: a misspelt uid would otherwise change nothing, silently. */
  apply(spec: SchemaSpec, registry: ModelRegistry): void {
    if (this.#models.size === 0) return;
    const removed = new Set<string>();
    for (const [uid, state] of this.#models) {
      if (!registry.has(uid)) throw invalid(`shadowCRUD('${uid}'): no content type or component has this uid`);
      const model = registry.get(uid);
      for (const name of state.fields.keys()) {
        if (!model.attributes[name]) throw invalid(`shadowCRUD('${uid}').field('${name}'): ${uid} has no attribute ${name}`);
      }
    }
    for (const [name, { type, fields }] of spec.scopes) {
      const model = type.contentType ?? type.component;
      const state = model && this.#models.get(model.uid);
      if (state && !state.enabled) { removed.add(name); continue; }
      const typeSpec = spec.types.get(name);
      if (!typeSpec || (typeSpec.kind !== 'object' && typeSpec.kind !== 'input')) continue;
      for (const [fieldName, scope] of Object.entries(fields)) {
        if (type.role === 'query' || type.role === 'mutation') {
          const owner = scope.contentType && this.#models.get(scope.contentType.uid);
          if (owner && !this.#rootEnabled(owner, type.role, scope.action)) delete typeSpec.fields[fieldName];
          continue;
        }
        if (scope.attribute && this.#leadsToDisabled(scope.attribute)) { delete typeSpec.fields[fieldName]; continue; }
        const attrName = scope.attribute && model ? Object.keys(model.attributes).find((n) => model.attributes[n] === scope.attribute) : undefined;
        const field = state && attrName ? state.fields.get(attrName) : undefined;
        if (!field) continue;
        const on = type.role === 'entity' ? field.output : type.role === 'input' ? field.input : type.role === 'filters' ? field.filters : true;
        if (!on) delete typeSpec.fields[fieldName];
      }
    }
    prune(spec, removed);
  }

  /** A relation, media or component attribute whose target is disabled: its field goes too
   *  (an input's ID would otherwise still link a type the schema no longer has). */
  #leadsToDisabled(attr: Attribute): boolean {
    const target = attr.type === 'relation' ? attr.target : attr.type === 'component' ? attr.component : attr.type === 'media' ? FILE_UID : undefined;
    if (target !== undefined) return this.#models.get(target)?.enabled === false;
    return attr.type === 'dynamiczone' && attr.components.every((uid) => this.#models.get(uid)?.enabled === false);
  }

  #rootEnabled(state: ModelState, role: 'query' | 'mutation', action: string | undefined): boolean {
    if (!state.enabled) return false;
    if (role === 'query' ? !state.queries : !state.mutations) return false;
    return action === undefined || !state.actions.has(action);
  }

  #field(uid: string, state: ModelState, name: string): FieldShadow {
    let field = state.fields.get(name);
    if (!field) state.fields.set(name, field = { output: true, input: true, filters: true });
    const f = field;
    const change = (fn: () => void) => { this.#assertOpen(`shadowCRUD('${uid}').field('${name}')`); fn(); return shadow; };
    const shadow: FieldShadow = {
      disable: () => change(() => { f.output = false; f.input = false; f.filters = false; }),
      disableOutput: () => change(() => { f.output = false; }),
      disableInput: () => change(() => { f.input = false; }),
      disableFilters: () => change(() => { f.filters = false; }),
      isEnabled: () => state.enabled && (f.output || f.input || f.filters),
      isDisabled: () => !shadow.isEnabled(),
      hasOutputEnabled: () => state.enabled && f.output,
      hasInputEnabled: () => state.enabled && f.input,
      hasFiltersEnabled: () => state.enabled && f.filters,
    };
    return shadow;
  }

  #state(uid: string): ModelState {
    if (typeof uid !== 'string' || !uid) throw invalid(`shadowCRUD(uid): expected a content type or component uid, got ${JSON.stringify(uid)}`);
    let state = this.#models.get(uid);
    if (!state) this.#models.set(uid, state = { enabled: true, queries: true, mutations: true, actions: new Set(), fields: new Map() });
    return state;
  }

  #assertOpen(what: string): void {
    const late = this.#late();
    if (late) throw new KernelError('KERNEL_ERR_LATE_MUTATION', `graphql ${what}: ${late}`);
  }
}

const READ_ACTIONS = new Set(['find', 'findOne']);
const isMutation = (action: string) => !READ_ACTIONS.has(action);

function checkAction(uid: string, action: unknown): string {
  if (typeof action !== 'string' || !/^[A-Za-z][A-Za-z0-9]*$/.test(action)) {
    throw invalid(`shadowCRUD('${uid}').disableAction: expected an action name such as find or create, got ${JSON.stringify(action)}`);
  }
  return action;
}

function invalid(message: string): KernelError {
  return new KernelError('PLUGIN_ERR_INVALID', `graphql ${message}`);
}


/** Drops the removed types and, until nothing changes, every field and union member that refers
 *  to a type that is gone, and every object or input type left without fields. */
export function prune(spec: SchemaSpec, removed: Set<string>): void {
  for (const name of removed) { spec.types.delete(name); spec.scopes.delete(name); }
  let changed = true;
  while (changed) {
    changed = false;
    for (const [name, type] of spec.types) {
      if (type.kind === 'union') {
        const members = (type.members ?? []).filter((m) => spec.types.has(m));
        if (members.length !== type.members?.length) { spec.types.set(name, { ...type, members }); changed = true; }
        // A dynamic zone's union always holds Error: with no component left it holds nothing
        if (!members.some((m) => m !== 'Error')) { drop(spec, name); changed = true; }
        continue;
      }
      if (type.kind !== 'object' && type.kind !== 'input') continue;
      for (const [fieldName, field] of Object.entries(type.fields)) {
        const refs = [field.type, ...Object.values(field.args).map((a) => a.type)].map(namedType);
        if (refs.every((ref) => spec.types.has(ref) || BUILT_IN.has(ref))) continue;
        delete type.fields[fieldName];
        changed = true;
      }
      if (Object.keys(type.fields).length === 0 && !ROOTS.has(name)) { drop(spec, name); changed = true; }
    }
  }
}

const BUILT_IN = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);
const ROOTS = new Set(['Query', 'Mutation']);

function drop(spec: SchemaSpec, name: string): void {
  spec.types.delete(name);
  spec.scopes.delete(name);
}

