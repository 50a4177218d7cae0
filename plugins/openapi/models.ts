// The schemas of the models, made on first use and kept under components.schemas: what reads
// answer (Article), what writes take (ArticleInput), and what the structured query parameters
// accept (ArticleFilters, ArticleSort, ArticleFields, ArticlePopulate), nested through relations
// and components by reference. Private and password attributes appear in none of them but a
// password in an input.

import type { Attribute, DocSchema, Model, ModelRegistry, ParamRegistry, ParamSchema, ScalarType } from '../../core/index.js';
import { FILE_UID, isPrivateAttribute, isScalar } from '../../core/index.js';
import { OPERATOR_SETS, operatorsSchema, scalarSchema, type OperatorSet } from './scalars.js';

export type Schemas = Record<string, DocSchema>;

const ref = (name: string): DocSchema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: DocSchema): DocSchema => ({ anyOf: [schema, { type: 'null' }] });
const array = (items: DocSchema): DocSchema => ({ type: 'array', items });

/** PascalCase of a name's words: users-permissions -> UsersPermissions. */
export function pascal(text: string): string {
  return text.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** api::article.article -> Article; plugin::users-permissions.user -> UsersPermissionsUser;
 *  a component shared.seo -> ComponentSharedSeo (as Strapi's GraphQL names it). */
export function modelName(model: Model): string {
  if (model.modelType === 'component') return `Component${pascal(model.uid)}`;
  const [namespace, rest = ''] = model.uid.split('::');
  const [owner = '', name = ''] = rest.split('.');
  if (namespace === 'api') return pascal(owner === name ? name : `${owner}-${name}`);
  return pascal(`${owner}-${name}`);
}

const readable = (model: Model) => Object.entries(model.attributes).filter(([, a]) => !isPrivateAttribute(a));
const isToMany = (relation: string) => relation === 'oneToMany' || relation === 'manyToMany';

export class ModelSchemas {
  readonly schemas: Schemas = {};
  /** Names of the schemas that are not a model's, kept from models. */
  readonly #taken = new Set<string>(['Error', 'RelationInput', 'RelationReference', ...Object.keys(OPERATOR_SETS).map((s) => `${pascal(s)}Operators`)]);
  readonly #names = new Map<string, string>();
  readonly #registry: ModelRegistry;
  readonly #params: ParamRegistry;

  constructor(registry: ModelRegistry, params: ParamRegistry) {
    this.#registry = registry;
    this.#params = params;
  }

  /** A reference to a model's schema of one kind, made on first use. */
  document(uid: string): DocSchema { return this.#use(uid, '', (m) => this.#document(m)); }
  input(uid: string): DocSchema { return this.#use(uid, 'Input', (m) => this.#input(m)); }
  filters(uid: string): DocSchema { return this.#use(uid, 'Filters', (m) => this.#filters(m)); }
  sort(uid: string): DocSchema { return this.#use(uid, 'Sort', (m) => this.#sort(m)); }
  fields(uid: string): DocSchema { return this.#use(uid, 'Fields', (m) => this.#fields(m)); }
  populate(uid: string): DocSchema { return this.#use(uid, 'Populate', (m) => this.#populate(m)); }

  /** The operator object of a kind of scalar (StringOperators...). */
  operators(set: OperatorSet): DocSchema {
    const name = `${pascal(set)}Operators`;
    return this.#named(name, () => operatorsSchema(set, OPERATOR_SETS[set].value, ref(name)));
  }

  /** The schema of this name, made on its first use. Claimed before it is made: a schema that
   *  reaches itself (related articles, $and) refers back to it. */
  #named(name: string, make: () => DocSchema): DocSchema {
    if (!Object.hasOwn(this.schemas, name)) {
      this.schemas[name] = {};
      this.schemas[name] = make();
    }
    return ref(name);
  }

  #use(uid: string, suffix: string, make: (model: Model) => DocSchema): DocSchema {
    const key = `${uid}#${suffix}`;
    let name = this.#names.get(key);
    if (name === undefined) {
      const model = this.#registry.get(uid);
      // Two models may spell the same name (api::upload-file and plugin::upload.file; a type
      // named error): the second gets a number, so no schema stands for two
      const base = modelName(model) + suffix;
      name = base;
      for (let n = 2; this.#taken.has(name); n++) name = `${base}${n}`;
      this.#taken.add(name);
      this.#names.set(key, name);
      return this.#named(name, () => make(model));
    }
    return ref(name);
  }

  #document(model: Model): DocSchema {
    const properties: Record<string, DocSchema> = { id: { type: 'integer' } };
    if (model.modelType === 'contentType') properties.documentId = { type: 'string' };
    for (const [name, attr] of readable(model)) properties[name] = this.#attributeOut(attr);
    const description = model.info.description;
    // documentId always comes; id not in a create's answer (as Strapi answers it)
    return { type: 'object', ...(description ? { description } : {}), ...(model.modelType === 'contentType' ? { required: ['documentId'] } : {}), properties };
  }

  #attributeOut(attr: Attribute): DocSchema {
    switch (attr.type) {
      // populate[...][count]=true answers a to-many relation's count instead of its documents
      case 'relation': return isToMany(attr.relation)
        ? { anyOf: [array(this.document(attr.target)), { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } }] }
        : nullable(this.document(attr.target));
      case 'media': return attr.multiple ? array(this.document(FILE_UID)) : nullable(this.document(FILE_UID));
      case 'component': return attr.repeatable ? array(this.document(attr.component)) : nullable(this.document(attr.component));
      case 'dynamiczone': return array(this.#zone(attr.components, 'document'));
      default: return nullable(scalarSchema(attr, 'out'));
    }
  }

  #input(model: Model): DocSchema {
    const properties: Record<string, DocSchema> = {};
    // A component's id: the one to keep when an update sends the component again
    if (model.modelType === 'component') properties.id = { type: 'integer' };
    for (const [name, attr] of Object.entries(model.attributes)) {
      if (attr.writable === false || attr.private === true) continue;
      if (attr.type === 'relation' && attr.versions) continue;
      properties[name] = this.#attributeIn(attr);
    }
    // Open: private attributes are written too but not described, and the server names any
    // unknown key in its 400. Typed clients still refuse a misspelt key (an object type without an
    // index signature); a closed component would also refuse a dynamic zone entry's __component.
    return { type: 'object', properties };
  }

  #attributeIn(attr: Attribute): DocSchema {
    switch (attr.type) {
      case 'relation': return this.#relationInput(isToMany(attr.relation));
      case 'media': {
        const id: DocSchema = { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } }] };
        return attr.multiple ? nullable(array(id)) : nullable(id);
      }
      case 'component': return attr.repeatable ? array(this.input(attr.component)) : nullable(this.input(attr.component));
      case 'dynamiczone': return array(this.#zone(attr.components, 'input'));
      default: return attr.required ? scalarSchema(attr, 'in') : nullable(scalarSchema(attr, 'in'));
    }
  }

  /** A dynamic zone's entry: one of its components with __component naming which. */
  #zone(components: string[], shape: 'document' | 'input'): DocSchema {
    const mapping: Record<string, string> = {};
    const oneOf = components.map((uid) => {
      const base = shape === 'document' ? this.document(uid) : this.input(uid);
      const entry = this.#use(uid, shape === 'document' ? 'Entry' : 'InputEntry', () => ({
        allOf: [base], type: 'object', required: ['__component'], properties: { __component: { const: uid } },
      }));
      mapping[uid] = entry.$ref as string;
      return entry;
    });
    return { oneOf, discriminator: { propertyName: '__component', mapping } };
  }

  /** A relation in a write: documentIds (shorthand), references, or connect / disconnect / set. */
  #relationInput(many: boolean): DocSchema {
    const input = this.#named('RelationInput', () => {
      const refProps: Record<string, DocSchema> = { documentId: { type: 'string', minLength: 1 } };
      for (const key of this.#params.relationRefKeys()) refProps[key.name] = nullable(paramSchema(key.schema));
      const reference: DocSchema = { type: 'object', additionalProperties: false, required: ['documentId'], properties: refProps };
      const position: DocSchema = {
        type: 'object', minProperties: 1, maxProperties: 1, additionalProperties: false,
        properties: { before: { type: 'string' }, after: { type: 'string' }, start: { const: true }, end: { const: true } },
      };
      const target: DocSchema = { anyOf: [{ type: 'string', minLength: 1 }, reference] };
      const connect: DocSchema = { anyOf: [{ type: 'string', minLength: 1 }, { ...reference, properties: { ...refProps, position } }] };
      this.#named('RelationReference', () => target);
      return {
        description: 'documentIds, references ({ documentId, ...keys }), or { connect, disconnect, set }; connect items may carry a position',
        anyOf: [
          ref('RelationReference'), array(ref('RelationReference')),
          {
            type: 'object', additionalProperties: false,
            properties: { connect: { anyOf: [connect, array(connect)] }, disconnect: { anyOf: [target, array(target)] }, set: { anyOf: [target, array(target)] } },
          },
        ],
      };
    });
    return many ? input : nullable(input);
  }

  #filters(model: Model): DocSchema {
    const self = this.filters(model.uid);
    const properties: Record<string, DocSchema> = { id: this.#scalarFilter('integer') };
    if (model.modelType === 'contentType') properties.documentId = this.#scalarFilter('string');
    // A relation or component: its own filters, or whether it is set at all
    const presence: DocSchema = { type: 'object', additionalProperties: false, properties: { $null: { type: 'boolean' }, $notNull: { type: 'boolean' } } };
    for (const [name, attr] of readable(model)) {
      if (attr.type === 'relation') properties[name] = { anyOf: [this.filters(attr.target), presence] };
      else if (attr.type === 'component') properties[name] = { anyOf: [this.filters(attr.component), presence] };
      else if (attr.type === 'enumeration') {
        // Its values in the operators: a schema of its own, which $and/$or/$not refer back to
        const value = scalarSchema(attr, 'query');
        const own = `${pascal(name)}Operators`;
        const operators = (): DocSchema => this.#use(model.uid, own, () => operatorsSchema('enumeration', value, operators()));
        properties[name] = { anyOf: [value, array(value), operators()] };
      } else if (isScalar(attr)) {
        properties[name] = this.#scalarFilter(OPERATOR_SET_OF[attr.type]);
      }
    }
    properties.$and = array(self);
    properties.$or = array(self);
    properties.$not = self;
    return { type: 'object', additionalProperties: false, properties };
  }

  /** A value (implicit $eq), a list of values (implicit $in) or an operator object; JSON only
   *  takes $null and $notNull. */
  #scalarFilter(set: OperatorSet): DocSchema {
    const value = OPERATOR_SETS[set].value;
    return set === 'json' ? this.operators(set) : { anyOf: [value, array(value), this.operators(set)] };
  }

  #sortable(model: Model): Array<[string, Attribute]> {
    return readable(model).filter(([, a]) => isScalar(a) && a.type !== 'json' && a.type !== 'blocks');
  }

  #sort(model: Model): DocSchema {
    const keys = ['id', ...(model.modelType === 'contentType' ? ['documentId'] : []), ...this.#sortable(model).map(([n]) => n)];
    const values = keys.flatMap((k) => [k, `${k}:asc`, `${k}:desc`, `${k}:ASC`, `${k}:DESC`]);
    const object = this.#use(model.uid, 'SortObject', () => this.#sortObject(model));
    // Through a to-one relation or a component: category.name:asc (not listed, checked by the server)
    const item: DocSchema = { anyOf: [{ enum: values }, { type: 'string', pattern: '^[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)+(:(asc|desc|ASC|DESC))?$' }, object] };
    return {
      description: 'attribute[:asc|:desc], several separated by commas, a list of them, or { attribute: asc|desc } (through to-one relations and components)',
      anyOf: [{ type: 'string' }, array(item), object],
    };
  }

  #sortObject(model: Model): DocSchema {
    const order: DocSchema = { enum: ['asc', 'desc', 'ASC', 'DESC'] };
    const properties: Record<string, DocSchema> = { id: order };
    if (model.modelType === 'contentType') properties.documentId = order;
    for (const [name] of this.#sortable(model)) properties[name] = order;
    for (const [name, attr] of readable(model)) {
      const target = attr.type === 'relation' && !isToMany(attr.relation) && !attr.versions ? attr.target
        : attr.type === 'component' && !attr.repeatable ? attr.component : undefined;
      if (target) properties[name] = this.#use(target, 'SortObject', (m) => this.#sortObject(m));
    }
    return { type: 'object', additionalProperties: false, properties };
  }

  #fields(model: Model): DocSchema {
    const names = readable(model).filter(([, a]) => isScalar(a)).map(([n]) => n);
    const field: DocSchema = { enum: ['*', 'id', ...(model.modelType === 'contentType' ? ['documentId'] : []), ...names] };
    return { description: 'Attribute names separated by commas, or a list of them (id and documentId always come)', anyOf: [{ type: 'string' }, array(field)] };
  }

  #populate(model: Model): DocSchema {
    const populatable = readable(model).filter(([, a]) => !isScalar(a));
    const object = this.#use(model.uid, 'PopulateObject', () => this.#populateObject(model));
    return {
      description: "'*' (one level), attribute names separated by commas, a list of them, or an object per attribute",
      // (an empty enum is no schema: a model with nothing to populate takes no list)
      anyOf: [{ type: 'string' }, ...(populatable.length ? [array({ enum: populatable.map(([n]) => n) })] : []), object],
    };
  }

  #populateObject(model: Model): DocSchema {
    const properties: Record<string, DocSchema> = {};
    const pagination: DocSchema = {
      type: 'object', additionalProperties: false,
      properties: { page: { type: 'integer', minimum: 1 }, pageSize: { type: 'integer', minimum: 1 }, start: { type: 'integer', minimum: 0 }, limit: { type: 'integer', minimum: 1 } },
    };
    for (const [name, attr] of readable(model)) {
      let node: DocSchema | undefined;
      if (attr.type === 'relation') {
        node = {
          fields: this.fields(attr.target), filters: this.filters(attr.target), sort: this.sort(attr.target), populate: this.populate(attr.target),
          ...(isToMany(attr.relation) ? { count: { type: 'boolean' }, pagination } : {}),
        };
      } else if (attr.type === 'component') {
        node = { fields: this.fields(attr.component), filters: this.filters(attr.component), sort: this.sort(attr.component), populate: this.populate(attr.component) };
      } else if (attr.type === 'media') {
        node = { fields: this.fields(FILE_UID) };
      } else if (attr.type === 'dynamiczone') {
        const on: Record<string, DocSchema> = {};
        for (const uid of attr.components) {
          on[uid] = { anyOf: [{ type: 'boolean' }, { type: 'object', additionalProperties: false, properties: { fields: this.fields(uid), populate: this.populate(uid) } }] };
        }
        // Every component one level down, or each component's own populate under `on`
        const star: DocSchema = { const: '*' };
        node = { populate: { anyOf: [star, { type: 'array', items: star, minItems: 1, maxItems: 1 }] }, on: { type: 'object', additionalProperties: false, properties: on } };
      }
      if (node) properties[name] = { anyOf: [{ type: 'boolean' }, { type: 'object', additionalProperties: false, properties: node }] };
    }
    return { type: 'object', additionalProperties: false, properties };
  }
}

/** Which operator object a scalar type's filters take. */
const OPERATOR_SET_OF: Record<ScalarType, OperatorSet> = {
  password: 'string',
  string: 'string', text: 'string', richtext: 'string', email: 'string', uid: 'string', enumeration: 'string',
  integer: 'integer', biginteger: 'biginteger', float: 'number', decimal: 'number',
  date: 'date', time: 'time', datetime: 'dateTime', timestamp: 'dateTime', boolean: 'boolean', json: 'json', blocks: 'json',
};

/** A typed parameter's schema, from its declaration. */
export function paramSchema(schema: ParamSchema): DocSchema {
  switch (schema.type) {
    case 'enum': return { type: 'string', enum: [...schema.values] };
    case 'string': return { type: 'string', ...(schema.examples ? { examples: [...schema.examples] } : {}) };
    case 'boolean': return { type: 'boolean' };
    case 'integer': return { type: 'integer', ...(schema.minimum === undefined ? {} : { minimum: schema.minimum }) };
    case 'query': return {};
  }
}
