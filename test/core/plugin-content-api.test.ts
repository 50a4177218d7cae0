// A plugin's own content type served by the content API with one call (api.contentApi.serve):
// the same operations, parameters, answers and permissions over REST and GraphQL as an api:: type
// with the same schema (draft and publish, localized: the plugins that add attributes to every
// type reach a plugin's, whichever registered first). Every exchange is made on both, and the answers compared.

import { expect } from 'chai';
import { definePlugin, type Attributes, type ContentTypeSchema, type KernelError } from '../../core/index.js';
import { startKernel, type TestKernel } from '../helpers/kernel.js';
import { useKernel, type Json } from '../helpers/suite.js';
import { startReceiver, type Receiver } from '../events/receiver.js';

const ENTRY = 'plugin::reading-list.entry';

const attributes: Attributes = {
  title: { type: 'string', required: true },
  pages: { type: 'integer' },
  note: { type: 'text', private: true },
  category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
};
const schemaOf = (singularName: string, pluralName: string, collectionName: string): ContentTypeSchema => ({
  kind: 'collectionType', collectionName,
  info: { singularName, pluralName, displayName: singularName },
  options: { draftAndPublish: true }, pluginOptions: { i18n: { localized: true } }, attributes,
});

const category = {
  kind: 'collectionType', collectionName: 'categories',
  info: { singularName: 'category', pluralName: 'categories', displayName: 'Category' },
  options: {}, pluginOptions: {}, attributes: { name: { type: 'string' } },
};

const readingList = definePlugin({
  name: 'reading-list',
  register(api) {
    api.hooks.registerModels.tap('reading-list', (registry) => {
      registry.addContentType(schemaOf('entry', 'entries', 'reading_list_entries'), { owner: 'reading-list', uid: ENTRY });
    });
    api.contentApi.serve(ENTRY);
  },
});

const JWT = { secret: 'plugin-content-api-secret-0123456789' };
const GRANTS = ['find', 'findOne'].flatMap((a) => [`api::book.book.${a}`, `${ENTRY}.${a}`, `api::category.category.${a}`]);

/** The two types, side by side: where each is served over REST and named in GraphQL. */
const SIDES = {
  api: { rest: '/api/books', one: 'book', many: 'books', type: 'Book', uid: 'api::book.book' },
  plugin: { rest: '/api/reading-list/entries', one: 'readingListEntry', many: 'readingListEntries', type: 'ReadingListEntry', uid: ENTRY },
} as const;
type Side = typeof SIDES[keyof typeof SIDES];

/** An answer with what differs by nature between two documents (ids, times) replaced. */
function normal(value: unknown, ids: Map<string, string> = new Map()): unknown {
  if (Array.isArray(value)) return value.map((v) => normal(v, ids));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'documentId' && typeof v === 'string') out[key] = ids.get(v) ?? ids.set(v, `doc${ids.size + 1}`).get(v);
    else if (key === 'id' || key.endsWith('At')) out[key] = typeof v;
    else if (key === 'locations') continue; // columns differ with the names' lengths
    else out[key] = normal(v, ids);
  }
  return out;
}

describe('a plugin content type served by the content API', () => {
  const get = useKernel({
    contentTypesDir: false,
    schemas: { contentTypes: [{ file: 'book.json', schema: schemaOf('book', 'books', 'books') }, { file: 'category.json', schema: category }], components: [] },
    config: {
      plugins: {
        'draft-and-publish': true,
        i18n: { enabled: true, config: { locales: ['en', 'fr'], defaultLocale: 'en' } },
        graphql: { enabled: true, config: { jit: 0 } },
        'users-permissions': { enabled: true, config: { jwt: JWT, ratelimit: { enabled: false }, permissions: { public: GRANTS, authenticated: GRANTS } } },
        'reading-list': { resolve: readingList },
      },
    },
  });

  let token = '';
  let categoryId = '';
  before(async () => {
    const app = get();
    token = (await app.kernel.apiTokens.create({ name: 'writer', type: 'full-access' })).secret;
    categoryId = (await app.kernel.documents('api::category.category').create({ data: { name: 'Fiction' } })).documentId;
  });

  const call = (method: string, path: string, body?: unknown, auth = true) =>
    get().request(method, path, body, auth ? { authorization: `Bearer ${token}` } : {});
  const gql = async (query: string, variables?: Json, auth = true) => (await get().request('POST', '/graphql', { query, variables }, auth ? { authorization: `Bearer ${token}` } : {})).body as Json;

  /** The same REST exchanges on one side; every answer, normalised. */
  async function restScenario(side: Side): Promise<unknown[]> {
    const ids = new Map<string, string>();
    const seen: unknown[] = [];
    const keep = (res: { status: number; body: unknown }) => {
      seen.push([res.status, normal(JSON.parse(JSON.stringify(res.body).replaceAll(side.uid, 'UID')), ids)]);
      return res.body as Json;
    };
    const made = keep(await call('POST', `${side.rest}?fields[0]=title&fields[1]=pages`, { data: { title: 'Dune', pages: 412, note: 'mine', category: categoryId } }));
    const id = (made.data as Json).documentId as string;
    keep(await call('POST', side.rest, { data: { pages: 3 } }));                                  // title is required: 400
    keep(await call('GET', `${side.rest}?status=draft&populate=category&fields[0]=title`));       // the draft, its relation
    keep(await call('GET', side.rest, undefined, false));                                          // published: none yet
    keep(await call('POST', `${side.rest}/${id}/actions/publish?fields[0]=title`));
    keep(await call('GET', `${side.rest}?filters[pages][$gt]=400&sort=title:desc&pagination[pageSize]=1`, undefined, false));
    keep(await call('GET', `${side.rest}/${id}?populate[category][fields][0]=name`, undefined, false));
    keep(await call('GET', `${side.rest}?unknown=1&populate=nothing`, undefined, false));         // dropped; no such relation: 400
    keep(await call('GET', `${side.rest}?filters[note][$eq]=mine&fields[0]=note`, undefined, false)); // private: not a filter, not a field
    keep(await call('POST', side.rest, { data: { title: 'Anonymous' } }, false));                 // no create grant: 403
    keep(await call('PUT', `${side.rest}/${id}?fields[0]=pages`, { data: { pages: 413 } }));
    keep(await call('PUT', `${side.rest}/${id}?locale=fr&fields[0]=title&fields[1]=locale`, { data: { title: 'Dune (fr)' } })); // a French version
    keep(await call('GET', `${side.rest}?locale=fr&status=draft&fields[0]=title`));
    keep(await call('DELETE', `${side.rest}/${id}`));
    keep(await call('GET', `${side.rest}/${id}`, undefined, false));
    return seen;
  }

  it('answers REST exactly as the api:: type with the same schema does', async () => {
    const book = await restScenario(SIDES.api);
    const entry = await restScenario(SIDES.plugin);
    expect(entry).to.deep.equal(book);
    // What the scenario went through, so that an empty answer on both sides cannot pass
    expect(book.map((x) => (x as [number])[0])).to.deep.equal([201, 400, 200, 200, 200, 200, 200, 400, 400, 403, 200, 200, 200, 204, 404]);
    expect((book[0] as [number, Json])[1].data).to.deep.equal({ documentId: 'doc1', title: 'Dune', pages: 412 });
    expect((book[5] as [number, Json])[1].meta).to.deep.equal({ pagination: { page: 1, pageSize: 1, pageCount: 1, total: 1 } });
    expect((book[12] as [number, Json])[1].data).to.deep.equal([{ id: 'number', documentId: 'doc1', title: 'Dune (fr)' }]);
  });

  /** The same GraphQL exchanges on one side. */
  async function graphqlScenario(side: Side): Promise<unknown[]> {
    const ids = new Map<string, string>();
    const seen: unknown[] = [];
    const rename = (q: string) => q.replaceAll('$MANY', side.many).replaceAll('$ONE', side.one).replaceAll('$TYPE', side.type);
    const keep = (body: Json) => { seen.push(normal(JSON.parse(JSON.stringify(body).replaceAll(side.many, 'MANY').replaceAll(side.type, 'TYPE').replaceAll(side.one, 'ONE')), ids)); return body; };
    const made = keep(await gql(rename('mutation($d: $TYPEInput!) { create$TYPE(data: $d) { documentId title category { name } } }'), { d: { title: 'Emma', pages: 200, category: categoryId } }));
    const id = ((made.data as Json)[`create${side.type}`] as Json).documentId as string;
    keep(await gql(rename('{ $MANY { title } }'), undefined, false));
    keep(await gql(rename('mutation($id: ID!) { publish$TYPE(documentId: $id) { title pages } }'), { id }));
    keep(await gql(rename('{ $MANY(filters: { pages: { gt: 100 } }) { title category { name } } $MANY_connection { pageInfo { total } } }'), undefined, false));
    keep(await gql(rename('query($id: ID!) { $ONE(documentId: $id) { title } }'), { id }, false));
    keep(await gql(rename('{ $MANY(status: DRAFT) { title } }'), undefined, false));                 // no readDraft grant
    keep(await gql(rename('mutation { create$TYPE(data: { title: "No" }) { documentId } }'), undefined, false));
    keep(await gql(rename('{ $MANY { note } }'), undefined, false));                                  // private: no such field
    keep(await gql(rename('mutation($id: ID!) { delete$TYPE(documentId: $id) { documentId } }'), { id }));
    return seen;
  }

  it('gets the shadow CRUD of an api:: type over GraphQL, with Strapi 5\'s plugin type names', async () => {
    const book = await graphqlScenario(SIDES.api);
    const entry = await graphqlScenario(SIDES.plugin);
    expect(entry).to.deep.equal(book);
    expect(book[0]).to.deep.equal({ data: { createTYPE: { documentId: 'doc1', title: 'Emma', category: { name: 'Fiction' } } } });
    expect(book[3]).to.deep.equal({ data: { MANY: [{ title: 'Emma', category: { name: 'Fiction' } }], MANY_connection: { pageInfo: { total: 1 } } } });
    expect((book[5] as Json).errors[0].extensions.code).to.equal('FORBIDDEN');
    expect((book[6] as Json).errors[0].extensions.code).to.equal('FORBIDDEN');
    expect((book[7] as Json).errors[0].extensions.code).to.equal('GRAPHQL_VALIDATION_FAILED');
  });

  it('lists its permission actions with every other, as roles and tokens grant them', () => {
    const actions = get().kernel.knownActions();
    for (const action of ['find', 'findOne', 'create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft', 'readDraft']) {
      expect(actions.has(`${ENTRY}.${action}`), action).to.equal(true);
    }
    expect(get().kernel.contentApi.path(ENTRY)).to.equal('/api/reading-list/entries');
    expect(get().kernel.contentApi.types().map((ct) => ct.uid)).to.have.members(['api::book.book', 'api::category.category', ENTRY]);
  });
});

describe('serving a plugin content type: options and mistakes', () => {
  const tags: ContentTypeSchema = {
    kind: 'collectionType', collectionName: 'shelf_tags', info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' },
    options: {}, pluginOptions: {}, attributes: { name: { type: 'string' } },
  };
  const shelf = (serve: (api: Parameters<ReturnType<typeof definePlugin>['register']>[0]) => void) => definePlugin({
    name: 'shelf',
    register(api) {
      api.hooks.registerModels.tap('shelf', (registry) => registry.addContentType(tags, { owner: 'shelf', uid: 'plugin::shelf.tag' }));
      serve(api);
    },
  });
  const start = (plugin: ReturnType<typeof shelf>) => startKernel({ contentTypesDir: false, plugins: [plugin] });
  const refusal = async (plugin: ReturnType<typeof shelf>) => {
    const started = await start(plugin).then(async (app: TestKernel) => { await app.stop(); return undefined; }, (err: unknown) => err as KernelError);
    expect(started, 'the start should fail').to.be.instanceOf(Error);
    return `${started!.code}: ${started!.message}`;
  };

  it('serves only some actions, under another prefix', async () => {
    const app = await start(shelf((api) => api.contentApi.serve('plugin::shelf.tag', { only: ['find', 'create'], prefix: '' })));
    try {
      expect((await app.post('/api/tags', { data: { name: 'sci-fi' } })).status).to.equal(201);
      expect((await app.get('/api/tags')).body.data.map((t: Json) => t.name)).to.deep.equal(['sci-fi']);
      const id = (await app.get('/api/tags')).body.data[0].documentId as string;
      expect((await app.get(`/api/tags/${id}`)).status).to.equal(404);
      expect(app.kernel.operations.has('plugin::shelf.tag.findOne')).to.equal(false);
    } finally { await app.stop(); }
  });

  it('stops the start naming the plugin: a uid no type has, an unknown option, a call after register', async () => {
    expect(await refusal(shelf((api) => api.contentApi.serve('plugin::shelf.tagg')))).to.equal(
      "PLUGIN_ERR_INVALID: plugin shelf: contentApi.serve('plugin::shelf.tagg'): no content type has this uid (did you mean plugin::shelf.tag?); add it in the registerModels hook");
    expect(await refusal(shelf((api) => api.contentApi.serve('plugin::users-permissions.user')))).to.equal(
      "PLUGIN_ERR_INVALID: plugin shelf: contentApi.serve(\"plugin::users-permissions.user\"): a plugin serves its own types (plugin::shelf.<name>)");
    expect(await refusal(shelf((api) => api.contentApi.serve('api::tag.tag')))).to.match(/^PLUGIN_ERR_INVALID: plugin shelf: contentApi.serve\("api::tag.tag"\): expected a plugin content type's uid/);
    expect(await refusal(shelf((api) => api.contentApi.serve('plugin::shelf.tag', { only: ['findOne', 'publish' as never] })))).to.equal(
      "PLUGIN_ERR_INVALID: plugin shelf: contentApi.serve('plugin::shelf.tag'): publish is not an action of a collection type (find, findOne, create, update, delete)");
    expect(await refusal(shelf((api) => api.hooks.bootstrap.tapPromise('shelf', async () => api.contentApi.serve('plugin::shelf.tag'))))).to.match(
      /^KERNEL_ERR_LATE_TAP: plugin shelf: contentApi.serve\("plugin::shelf.tag"\) during phase bootstrap: call it in register\(\)$/);
  });
});

describe('a served plugin content type in webhooks and the admin content manager', function () {
  this.timeout(30_000);
  // A second plugin type, kept internal (not served): its writes stay the plugin's own
  const NOTE = 'plugin::reading-list.note';
  const notes: ContentTypeSchema = {
    kind: 'collectionType', collectionName: 'reading_list_notes', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
    options: {}, pluginOptions: {}, attributes: { text: { type: 'string' } },
  };
  // A served type its schema hides from the content manager (Strapi's switch)
  const HIDDEN = 'plugin::reading-list.shelf';
  const shelves: ContentTypeSchema = {
    ...notes, collectionName: 'reading_list_shelves', info: { singularName: 'shelf', pluralName: 'shelves', displayName: 'Shelf' },
    pluginOptions: { 'content-manager': { visible: false } },
  };
  const withNotes = definePlugin({
    name: 'reading-list',
    register(api) {
      api.hooks.registerModels.tap('reading-list', (registry) => {
        registry.addContentType(schemaOf('entry', 'entries', 'reading_list_entries'), { owner: 'reading-list', uid: ENTRY });
        registry.addContentType(notes, { owner: 'reading-list', uid: NOTE });
        registry.addContentType(shelves, { owner: 'reading-list', uid: HIDDEN });
      });
      api.contentApi.serve(ENTRY);
      api.contentApi.serve(HIDDEN);
    },
  });
  let receiver: Receiver;
  let app: TestKernel;
  before(async () => {
    receiver = await startReceiver();
    app = await startKernel({
      contentTypesDir: false,
      schemas: { contentTypes: [{ file: 'category.json', schema: category }], components: [] },
      plugins: [withNotes],
      config: {
        plugins: {
          'draft-and-publish': true,
          admin: { enabled: true, config: { auth: { secret: 'an admin test secret, long enough' }, rateLimit: { enabled: false } } },
        },
        webhooks: { endpoints: [{ name: 'all', url: receiver.url, events: ['entry.create', 'entry.publish'] }], allowPrivateAddresses: true, pollInterval: 50, backoff: 50 },
      } as never,
    });
  });
  after(async () => {
    await app?.stop();
    await receiver?.close();
  });

  it('sends entry events for the served type, as for an api:: type, and none for an internal one', async () => {
    await app.kernel.documents(NOTE).create({ data: { text: 'internal' } });
    const created = await app.post('/api/reading-list/entries', { data: { title: 'Dune' } });
    expect(created.status, created.text).to.equal(201);
    // A REST create publishes (Strapi 5's default status): the draft's create, then its publication
    const got = await receiver.waitFor(2);
    expect(got.map((r) => [r.body.event, r.body.uid, r.body.model, r.body.entry.title])).to.deep.equal([
      ['entry.create', ENTRY, 'entry', 'Dune'], ['entry.publish', ENTRY, 'entry', 'Dune'],
    ]);
    // The category's event comes after (it has no drafts): had the note sent one, it would have
    // arrived before it
    expect((await app.post('/api/categories', { data: { name: 'Sci-fi' } })).status).to.equal(201);
    expect((await receiver.waitFor(3)).map((r) => r.body.uid)).to.deep.equal([ENTRY, ENTRY, 'api::category.category']);
  });

  it('is listed, edited and published by an administrator as an api:: type is', async () => {
    const first = await app.post('/admin/register-admin', { email: 'ada@example.com', password: 'Correct-Horse-9', firstname: 'Ada', lastname: 'Lovelace' });
    expect(first.status, first.text).to.equal(200);
    const h = { authorization: `Bearer ${first.body.data.token as string}` };
    const types = await app.request('GET', '/content-manager/content-types', undefined, h);
    expect(types.body.data.map((t: Json) => t.uid)).to.include.members([ENTRY, 'api::category.category']).and.not.include.members([NOTE]);
    expect(types.body.data.map((t: Json) => t.uid)).to.not.include(HIDDEN);
    expect((await app.request('GET', `/content-manager/collection-types/${HIDDEN}`, undefined, h)).status).to.equal(404);
    expect((await app.get('/api/reading-list/shelves')).status, 'served on the content API all the same').to.equal(200);
    const base = `/content-manager/collection-types/${ENTRY}`;
    const created = await app.request('POST', base, { title: 'Foundation', pages: 255 }, h);
    expect(created.status, created.text).to.equal(201);
    const id = created.body.data.documentId as string;
    const published = await app.request('POST', `${base}/${id}/actions/publish`, {}, h);
    expect(published.status, published.text).to.equal(200);
    expect((await app.get('/api/reading-list/entries?sort=title')).body.data.map((e: Json) => e.title)).to.include('Foundation');
    const listed = await app.request('GET', `${base}?sort=title:asc`, undefined, h);
    expect(listed.body.results.map((e: Json) => [e.title, e.status])).to.deep.include(['Foundation', 'published']);
    // Edited: the update is the administrator's, and says so
    const updated = await app.request('PUT', `${base}/${id}`, { title: 'Foundation and Empire' }, h);
    expect(updated.status, updated.text).to.equal(200);
    const read = await app.request('GET', `${base}/${id}`, undefined, h);
    expect([read.body.data.title, read.body.data.createdBy?.id, read.body.data.updatedBy?.id]).to.deep.equal(['Foundation and Empire', first.body.data.user.id, first.body.data.user.id]);
    expect((await app.request('GET', `/content-manager/collection-types/${NOTE}`, undefined, h)).status).to.equal(404);
    // The role screen offers it, the seeded Editor role holds it, and the internal type is no subject
    const catalogue = await app.request('GET', '/admin/permissions', undefined, h);
    const subjects = (catalogue.body.data.sections.contentTypes as Array<{ subjects: string[] }>)[0]!.subjects;
    expect(subjects).to.include(ENTRY).and.not.include(NOTE);
    const roles = await app.request('GET', '/admin/roles', undefined, h);
    const editor = (roles.body.data as Json[]).find((r) => r.code === 'strapi-editor')!;
    const held = await app.request('GET', `/admin/roles/${String(editor.id)}/permissions`, undefined, h);
    expect((held.body.data as Json[]).filter((p) => p.subject === ENTRY).map((p) => p.action)).to.include.members([
      'plugin::content-manager.explorer.create', 'plugin::content-manager.explorer.read', 'plugin::content-manager.explorer.publish',
    ]);
    const refused = await app.request('PUT', `/admin/roles/${String(editor.id)}/permissions`, { permissions: [{ action: 'plugin::content-manager.explorer.read', subject: NOTE }] }, h);
    expect(refused.status, refused.text).to.equal(400);
    expect(refused.text).to.contain(`${NOTE} is not a content type an administrator edits`);
  });
});
