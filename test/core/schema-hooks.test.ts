// The scoped schema hooks, before any GraphQL plugin exists: a small in-test "schema surface"
// plugin builds a typed schema from the operations and parameters (as the GraphQL plugin will),
// and other plugins change it through the hooks, each only where its scope says.

import { expect } from 'chai';
import {
  argsFromParams, buildSchemaSpec, definePlugin, isScalar, typesFromParams,
  type FieldExtra, type FieldSpec, type PluginApi, type SchemaSpec, type TypeSpec,
} from '../../core/index.js';
import { FIXTURE_CONTENT_TYPES, startKernel, type TestKernel } from '../helpers/kernel.js';

const SCALARS: Record<string, string> = { string: 'String', text: 'String', integer: 'Int', boolean: 'Boolean', datetime: 'DateTime', uid: 'String', richtext: 'String', email: 'String', enumeration: 'String', float: 'Float' };
const pascal = (s: string) => s.replace(/(^|[-_.:])(\w)/g, (_, __, c: string) => c.toUpperCase());

/** A miniature of what the GraphQL plugin does: an entity type per content type, a root field
 *  per content operation, arguments from the typed parameters. */
function schemaSurface(onBuilt: (spec: SchemaSpec) => void) {
  return definePlugin({
    name: 'schema-surface',
    register(api: PluginApi) {
      api.hooks.buildRoutes.tap('schema-surface', () => onBuilt(buildSchemaSpec(api.hooks, (builder) => {
        const query: TypeSpec = { name: 'Query', kind: 'object', fields: {} };
        const extras: Record<string, FieldExtra> = {};
        const used = [];
        for (const op of api.operations.all()) {
          if (!op.contentType || op.kind !== 'read') continue;
          const ct = api.registry.contentType(op.contentType);
          const action = op.name.slice(ct.uid.length + 1);
          const params = api.params.forAction(ct, action);
          used.push(...params);
          const field = action === 'findOne' ? ct.singularName : ct.kind === 'singleType' ? ct.singularName : ct.pluralName;
          const type = pascal(ct.singularName);
          query.fields[field] = {
            type: action === 'find' && ct.kind === 'collectionType' ? `[${type}!]!` : type,
            args: { ...(action === 'findOne' ? { documentId: { type: 'ID!' } } : {}), ...argsFromParams(params) },
            operation: { name: op.name, input: ({ documentId, ...params }) => ({ documentId: documentId as string, params }) },
          };
          extras[field] = { operation: op.name, action, contentType: ct };
          if (!builder.has(type)) {
            const fields: Record<string, FieldSpec> = { documentId: { type: 'ID!', args: {} } };
            for (const [name, attr] of Object.entries(ct.attributes)) {
              if (isScalar(attr) && SCALARS[attr.type]) fields[name] = { type: SCALARS[attr.type]!, args: {} };
            }
            builder.addType({ name: type, kind: 'object', fields }, { role: 'entity', contentType: ct, owner: 'schema-surface' });
          }
        }
        builder.addType(query, { role: 'query', owner: 'schema-surface' }, extras);
        for (const type of typesFromParams(used)) if (!builder.has(type.name)) builder.addType(type, { role: 'other', owner: 'schema-surface' });
      })));
    },
  });
}

/** Adds `preview` to the article list only: a field it did not write, picked by its scope. */
const previewArg = definePlugin({
  name: 'preview-arg',
  register(api) {
    api.hooks.schemaFieldArgs.tap('preview-arg', (args, scope) => (
      scope.contentType?.uid === 'api::article.article' && scope.action === 'find'
        ? { ...args, preview: { type: 'Boolean', description: 'Show the preview version' } }
        : args));
  },
});

/** Adds a field to the entity type of every localized content type, and a type of its own. */
const localeName = definePlugin({
  name: 'locale-name',
  register(api) {
    api.hooks.schemaInit.tap('locale-name', (builder) => {
      builder.addType({ name: 'LocaleInfo', kind: 'object', fields: { code: { type: 'String!', args: {} }, name: { type: 'String', args: {} } } }, { role: 'other', owner: 'locale-name' });
    });
    api.hooks.schemaFields.tap('locale-name', (fields, scope) => (
      scope.role === 'entity' && scope.contentType && 'locale' in scope.contentType.attributes
        ? { ...fields, localeInfo: { type: 'LocaleInfo', args: {} } }
        : fields));
  },
});

describe('scoped schema hooks', () => {
  let spec: SchemaSpec | undefined;
  let app: TestKernel;
  before(async () => {
    app = await startKernel({
      contentTypesDir: FIXTURE_CONTENT_TYPES,
      plugins: [schemaSurface((built) => { spec = built; }), previewArg, localeName],
      config: { plugins: { 'draft-and-publish': true, i18n: { config: { locales: ['en', 'fr'] } } } },
    });
  });
  after(async () => { await app.stop(); });
  const type = (name: string) => {
    const found = spec?.types.get(name);
    if (!found) throw new Error(`no type ${name}`);
    return found;
  };

  it('gives plugins\' parameters to the fields of the actions they apply to, typed by their declaration', () => {
    const articles = type('Query').fields.articles!;
    expect(articles.args.status).to.deep.include({ type: 'PublicationStatus' });
    expect(articles.args.locale).to.deep.include({ type: 'I18NLocaleCode' });
    expect(articles.args.hasPublishedVersion).to.deep.include({ type: 'Boolean' });
    // filters, sort and pagination are typed per content type by the surface itself
    expect(articles.args).to.not.have.any.keys('filters', 'sort', 'pagination');
    expect(type('Query').fields.article!.args).to.have.keys('documentId', 'status', 'hasPublishedVersion', 'publicationFilter', 'locale');
    // author is not localized: no locale argument
    expect(type('Query').fields.authors!.args).to.not.have.any.keys('locale');
    expect(type('PublicationStatus')).to.deep.include({ kind: 'enum', values: [{ name: 'DRAFT', value: 'draft' }, { name: 'PUBLISHED', value: 'published' }] });
    expect(type('I18NLocaleCode').kind).to.equal('scalar');
  });

  it('lets a plugin add an argument to exactly the field its scope picks', () => {
    expect(type('Query').fields.articles!.args.preview).to.deep.equal({ type: 'Boolean', description: 'Show the preview version' });
    for (const [name, field] of Object.entries(type('Query').fields)) {
      if (name !== 'articles') expect(field.args, name).to.not.have.any.keys('preview');
    }
  });

  it('lets a plugin add types and add fields to the types of the content types its scope picks', () => {
    expect(type('LocaleInfo').fields).to.have.keys('code', 'name');
    expect(type('Article').fields.localeInfo).to.deep.equal({ type: 'LocaleInfo', args: {} });
    expect(type('Category').fields.localeInfo?.type).to.equal('LocaleInfo');
    expect(type('Author').fields).to.not.have.any.keys('localeInfo');
  });

  it('keeps the operation behind each root field, which runs under the same rules as REST', async () => {
    const field = type('Query').fields.articles!;
    expect(field.operation?.name).to.equal('api::article.article.find');
    // The field's input, run by the operation runner as an anonymous caller with no permission
    // plugin: allowed, and the status parameter is checked like a query string's
    const input = field.operation!.input({ status: 'bogus' });
    const caller = { get: () => '', ip: '127.0.0.1' };
    const refused = await app.kernel.operations.run(field.operation!.name, input, caller).then(() => null, (err: unknown) => err);
    expect((refused as { name?: string }).name).to.equal('ValidationError');
    const page = await app.kernel.operations.run<{ results: unknown[] }>(field.operation!.name, field.operation!.input({ status: 'draft' }), caller);
    expect(page.results).to.be.an('array');
  });

  it('refuses two types of one name, naming both owners, and taps after registration', async () => {
    const clash = definePlugin({
      name: 'clash',
      register(api) { api.hooks.schemaInit.tap('clash', (builder) => builder.addType({ name: 'LocaleInfo', kind: 'scalar', fields: {} }, { role: 'other', owner: 'clash' })); },
    });
    const failed = await startKernel({ contentTypesDir: FIXTURE_CONTENT_TYPES, plugins: [schemaSurface(() => {}), localeName, clash] })
      .then((k) => k.stop().then(() => null), (err: unknown) => err);
    expect((failed as { code?: string }).code).to.equal('PLUGIN_ERR_DUPLICATE');
    expect((failed as Error).message).to.equal('schema type LocaleInfo: added by clash, already added by locale-name');
    expect(() => app.kernel.hooks.schemaFieldArgs.tap('late', (args) => args)).to.throw(/tapped schemaFieldArgs during phase ready/);
  });
});
