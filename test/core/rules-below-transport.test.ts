// Every rule holds for a caller that is not REST: the document service and the operation runner,
// called with a request object that is no HTTP request, enforce permissions, readDraft, private
// fields, query limits and rate limits exactly as the REST surface does; users-permissions' flows
// run as operations.

import { expect } from 'chai';
import { AUTH_STAGE, definePlugin, type AuthenticateRequest, type AuthResult, type Kernel } from '../../core/index.js';
import { startKernel, type TestKernel } from '../helpers/kernel.js';

const note = {
  kind: 'collectionType', collectionName: 'notes',
  info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  options: { draftAndPublish: true }, pluginOptions: {},
  attributes: {
    title: { type: 'string' },
    secret: { type: 'string', private: true },
    vault: { type: 'relation', relation: 'manyToOne', target: 'api::vault.vault', inversedBy: 'notes' },
  },
};
const vault = {
  kind: 'collectionType', collectionName: 'vaults',
  info: { singularName: 'vault', pluralName: 'vaults', displayName: 'Vault' },
  options: {}, pluginOptions: {},
  attributes: { code: { type: 'string' }, notes: { type: 'relation', relation: 'oneToMany', target: 'api::note.note', mappedBy: 'vault' } },
};
const schemas = { contentTypes: [{ file: 'note.json', schema: note }, { file: 'vault.json', schema: vault }], components: [] };

/** A strategy with no HTTP in it: the caller's abilities come from a header of a plain object. */
const abilities = definePlugin({
  name: 'abilities',
  register(api) {
    // Before users-permissions' JWT strategy, which answers for any request without a JWT
    api.hooks.authenticate.tapPromise({ name: 'abilities', stage: AUTH_STAGE.API_TOKEN }, async (request) => {
      const listed = request.get('x-can');
      if (!listed) return undefined;
      const can = new Set(listed.split(','));
      return { strategy: 'abilities', credentials: { name: 'tester' }, ability: { can: (action: string) => can.has(action) } };
    });
  },
});

/** A plugin that leaks: its afterQuery tap (before core's sanitizer) puts a private value back. */
const leaky = definePlugin({
  name: 'leaky',
  register(api) {
    api.hooks.afterQuery.tap({ name: 'leaky', stage: 0 }, (result, ctx) => {
      if (ctx.params.state?.leak !== true || result.kind !== 'many') return result;
      for (const doc of result.documents) {
        doc.secret = 'leaked';
        const vault = doc.vault as Record<string, unknown> | null | undefined;
        if (vault) (vault.notes as unknown) = [{ id: 1, documentId: 'x', secret: 'leaked too' }];
      }
      return result;
    });
  },
});

/** A request as a non-HTTP surface would build it. */
const caller = (can: string[] = [], ip = '10.0.0.1'): AuthenticateRequest => ({ get: (h: string) => (h === 'x-can' && can.length ? can.join(',') : ''), ip });
const auth = (can: string[]): AuthResult => ({ strategy: 'abilities', credentials: { name: 'tester' }, ability: { can: (a: string) => can.includes(a) } });
const NOTE = 'api::note.note';

async function failure(promise: Promise<unknown>): Promise<{ name?: string; message?: string; details?: unknown }> {
  return promise.then(() => { throw new Error('expected a refusal'); }, (err: unknown) => err as { name?: string; message?: string });
}

describe('rules below the transport: callers that are not REST', () => {
  let app: TestKernel;
  let kernel: Kernel;
  let noteId: string;
  before(async () => {
    app = await startKernel({
      contentTypesDir: false, schemas, plugins: [abilities, leaky],
      config: {
        plugins: { 'draft-and-publish': true, 'users-permissions': { config: { jwt: { secret: 'x'.repeat(40) } } } },
        api: { rateLimit: { enabled: true, interval: 60_000, max: 40 }, rest: { maxPopulateDepth: 2 } },
      },
    });
    kernel = app.kernel;
    const v = await kernel.documents('api::vault.vault').create({ data: { code: 'V1' } });
    const n = await kernel.documents(NOTE).create({ data: { title: 'Hello', secret: 's3cret', vault: v.documentId }, status: 'published' });
    noteId = n.documentId;
  });
  after(async () => { await app.stop(); });

  it('the runner asks for the operation\'s permission: 403 anonymous and identified, allowed with it', async () => {
    const run = (request: AuthenticateRequest) => kernel.operations.run(`${NOTE}.find`, {}, request);
    expect((await failure(run(caller()))).name).to.equal('ForbiddenError');
    expect((await failure(run(caller(['api::vault.vault.find'])))).name).to.equal('ForbiddenError');
    const page = await run(caller([`${NOTE}.find`])) as { results: Array<Record<string, unknown>> };
    expect(page.results.map((d) => d.title)).to.deep.equal(['Hello']);
  });

  it('readDraft is checked by the document service, whoever calls it', async () => {
    const docs = kernel.documents(NOTE);
    const refused = await failure(docs.findMany({ status: 'draft', source: 'content-api', auth: auth([`${NOTE}.find`]) }));
    expect(refused).to.include({ name: 'ForbiddenError', message: 'You are not allowed to read draft content for this content type' });
    const drafts = await docs.findMany({ status: 'draft', source: 'content-api', auth: auth([`${NOTE}.find`, `${NOTE}.readDraft`]) });
    expect(drafts).to.have.length(1);
    // and through the runner
    const viaOp = await failure(kernel.operations.run(`${NOTE}.find`, { params: { status: 'draft' } }, caller([`${NOTE}.find`])));
    expect(viaOp.name).to.equal('ForbiddenError');
  });

  it('private fields never leave and cannot be filtered, sorted or selected', async () => {
    const docs = kernel.documents(NOTE);
    const who = auth([`${NOTE}.find`, 'api::vault.vault.find']);
    const [doc] = await docs.findMany({ source: 'content-api', auth: who });
    expect(doc).to.not.have.any.keys('secret');
    for (const params of [{ filters: { secret: { $eq: 's3cret' } } }, { sort: 'secret' }, { fields: ['secret'] }]) {
      const refused = await failure(docs.findMany({ ...params, source: 'content-api', auth: who }));
      expect(refused.name, JSON.stringify(params)).to.equal('ValidationError');
    }
    // an internal caller sees it
    expect((await docs.findMany({ status: 'published' }))[0]).to.include({ secret: 's3cret' });
  });

  it('what a content-API call answers carries no private field, whatever a plugin\'s tap added', async () => {
    const docs = kernel.documents(NOTE);
    const who = auth([`${NOTE}.find`, 'api::vault.vault.find']);
    const [doc] = await docs.findMany({ source: 'content-api', auth: who, state: { leak: true }, populate: { vault: { populate: ['notes'] } } });
    expect(doc).to.not.have.any.keys('secret');
    expect((doc!.vault as { notes: Array<Record<string, unknown>> }).notes[0]).to.not.have.any.keys('secret');
    // an internal caller gets what the taps left
    expect((await docs.findMany({ state: { leak: true } }))[0]).to.include({ secret: 'leaked' });
  });

  it('permissions written through the document service by anyone take effect at once', async () => {
    expect((await failure(kernel.operations.run('api::vault.vault.find', {}, caller([], '10.2.2.2')))).name).to.equal('ForbiddenError');
    const [publicRole] = await kernel.documents('plugin::users-permissions.role').findMany({ filters: { type: { $eq: 'public' } } });
    await kernel.documents('plugin::users-permissions.permission').create({ data: { action: 'api::vault.vault.find', role: publicRole!.documentId } });
    // within the permission cache's lifetime (10 s): the write's event cleared it. (A request
    // authenticates once: the next request sees the new permission.)
    const page = await kernel.operations.run<{ results: unknown[] }>('api::vault.vault.find', {}, caller([], '10.2.2.2'));
    expect(page.results).to.have.length(1);
  });

  it('a relation the caller cannot find is not populated, and cannot be filtered on', async () => {
    const docs = kernel.documents(NOTE);
    const without = auth([`${NOTE}.find`]);
    const [doc] = await docs.findMany({ populate: ['vault'], source: 'content-api', auth: without });
    expect(doc).to.not.have.any.keys('vault');
    const refused = await failure(docs.findMany({ filters: { vault: { code: { $eq: 'V1' } } }, source: 'content-api', auth: without }));
    expect(refused.name).to.equal('ValidationError');
    const [withVault] = await docs.findMany({ populate: ['vault'], source: 'content-api', auth: auth([`${NOTE}.find`, 'api::vault.vault.find']) });
    expect((withVault!.vault as { code: string }).code).to.equal('V1');
  });

  it('query limits hold for content-API calls: populate deeper than configured is a 400', async () => {
    const refused = await failure(kernel.documents(NOTE).findMany({
      populate: { vault: { populate: { notes: { populate: ['vault'] } } } }, source: 'content-api', auth: auth([`${NOTE}.find`, 'api::vault.vault.find']),
    }));
    expect(refused.name).to.equal('ValidationError');
  });

  it('the content rate limit counts operations per client address, whatever surface runs them', async () => {
    const request = caller([`${NOTE}.find`], '10.9.9.9');
    let limited: unknown;
    for (let i = 0; i < 41 && !limited; i++) {
      await kernel.operations.run(`${NOTE}.find`, {}, request).catch((err: unknown) => { limited = err; });
    }
    expect((limited as { name?: string }).name).to.equal('RateLimitError');
    // another address has its own budget
    await kernel.operations.run(`${NOTE}.find`, {}, caller([`${NOTE}.find`], '10.9.9.10'));
  });

  it('users-permissions\' flows are operations: register and log in without HTTP', async () => {
    const anonymous = caller([], '10.1.1.1');
    const registered = await kernel.operations.run<{ jwt: string; user: Record<string, unknown> }>('plugin::users-permissions.auth.register',
      { body: { username: 'opsuser', email: 'ops@example.com', password: 'ops-password' } }, anonymous);
    expect(registered.jwt).to.be.a('string');
    expect(registered.user).to.include({ username: 'opsuser' });
    expect(registered.user).to.not.have.any.keys('password', 'resetPasswordToken', 'confirmationToken');
    const wrong = await failure(kernel.operations.run('plugin::users-permissions.auth.callback', { body: { identifier: 'opsuser', password: 'nope-nope' } }, anonymous));
    expect(wrong).to.include({ name: 'ValidationError', message: 'Invalid identifier or password' });
    const session = await kernel.operations.run<{ jwt: string }>('plugin::users-permissions.auth.callback', { body: { identifier: 'ops@example.com', password: 'ops-password' } }, anonymous);
    // The JWT authenticates a later non-HTTP call through the same strategy as REST's
    const me = await kernel.operations.run<Record<string, unknown>>('plugin::users-permissions.user.me', {},
      { get: (h: string) => (h === 'authorization' ? `Bearer ${session.jwt}` : ''), ip: '10.1.1.1' });
    expect(me).to.include({ username: 'opsuser', email: 'ops@example.com' });
  });

  it('every operation names its permission, parameters and kind, so surfaces can be generated from them', () => {
    const find = kernel.operations.get(`${NOTE}.find`);
    expect(find).to.include({ owner: 'core', contentType: NOTE, kind: 'read' });
    expect(find.params).to.include.members(['filters', 'sort', 'fields', 'populate', 'pagination', 'status', 'hasPublishedVersion']);
    expect(find.extraActions).to.deep.equal([`${NOTE}.readDraft`]);
    expect(kernel.operations.get(`${NOTE}.publish`)).to.include({ owner: 'draft-and-publish', kind: 'write' });
    expect(kernel.operations.get('plugin::users-permissions.auth.callback').public).to.equal(true);
    expect(kernel.params.get('status')).to.include({ owner: 'draft-and-publish' });
    expect(kernel.knownActions()).to.include.keys(`${NOTE}.readDraft`, `${NOTE}.publish`, 'plugin::users-permissions.user.me');
  });
});
