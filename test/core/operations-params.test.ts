// The registries every surface is built from: typed parameters (declared once, checked by their
// owners' rules) and operations (frozen definitions, run with the permission first, then the
// parameter check).

import { expect } from 'chai';
import { definePlugin, type OperationDefinition } from '../../core/index.js';
import { startKernel, type TestKernel } from '../helpers/kernel.js';

const anonymous = { get: () => '', ip: '10.3.3.3' };

describe('typed parameters and operations', () => {
  let app: TestKernel;
  before(async () => {
    app = await startKernel({
      config: { plugins: { 'draft-and-publish': true, i18n: { config: { locales: ['en', 'fr'] } } }, api: { rest: { strictParams: true } } },
      plugins: [definePlugin({
        name: 'gatekeeper',
        // Writes need an identified caller (no plugin here authenticates anyone)
        register(api) { api.hooks.authorize.tap('gatekeeper', ({ action }) => (/\.(create|update|delete)$/.test(action) ? { allowed: false } : undefined)); },
      })],
    });
  });
  after(async () => { await app.stop(); });

  it('lists what each action accepts, from every owner, and the keys relation references may carry', () => {
    const { params, registry } = app.kernel;
    const article = registry.contentType('api::article.article');
    const author = registry.contentType('api::author.author');
    expect(params.namesFor(article, 'find')).to.deep.equal(['filters', 'sort', 'fields', 'populate', 'pagination', 'page', 'pageSize', 'start', 'limit', '_q', 'status', 'hasPublishedVersion', 'publicationFilter', 'locale']);
    expect(params.namesFor(article, 'delete')).to.deep.equal(['status', 'locale']);
    expect(params.namesFor(article, 'publish')).to.deep.equal(['fields', 'populate', 'locale']);
    // A type without i18n accepts locale and ignores it; a typed surface does not offer it
    expect(params.namesFor(author, 'findOne')).to.deep.equal(['fields', 'populate', 'status', 'hasPublishedVersion', 'publicationFilter', 'locale']);
    expect(params.forAction(author, 'findOne').map((p) => p.name)).to.deep.equal(['fields', 'populate', 'status', 'hasPublishedVersion', 'publicationFilter']);
    expect(params.relationRefKeys().map((p) => [p.name, p.owner, p.relationRef?.identifies])).to.deep.equal([['status', 'draft-and-publish', false], ['locale', 'i18n', true]]);
  });

  it('checks a value the way its owner does, or by its schema', () => {
    const { params, registry } = app.kernel;
    const article = registry.contentType('api::article.article');
    const refusal = (name: string, raw: unknown, action: string) => {
      try { params.parse(name, raw, { contentType: article, action }); return undefined; } catch (err) { return (err as Error).message; }
    };
    expect(params.parse('status', 'draft', { contentType: article, action: 'find' })).to.equal('draft');
    expect(refusal('status', 'bogus', 'find')).to.equal('Invalid status parameter: expected "draft" or "published"');
    expect(params.parse('locale', '*', { contentType: article, action: 'find' })).to.equal('*');
    expect(refusal('locale', '*', 'findOne')).to.equal('Invalid locale param * provided. Document locales must be strings.');
    expect(refusal('locale', 'de', 'find')).to.equal('Unknown locale: de (the locales are en, fr)');
    expect(params.parse('hasPublishedVersion', 'false', { contentType: article, action: 'find' })).to.equal(false);
    // No owner's parse: the schema decides
    expect(params.parse('page', '3', { contentType: article, action: 'find' })).to.equal(3);
    expect(refusal('page', '0', 'find')).to.equal('Invalid page parameter: expected an integer of at least 1');
  });

  it('refuses a parameter defined after registration', () => {
    const { params } = app.kernel;
    expect(() => params.define({ name: 'x', owner: 'late', description: '', schema: { type: 'boolean' }, appliesTo: () => true })).to.throw('late defined parameter x after plugins registered');
  });

  it('freezes operations: a definition cannot be changed behind the runner\'s back', () => {
    const op = app.kernel.operations.get('api::article.article.find') as OperationDefinition & { public?: boolean };
    expect(Object.isFrozen(op)).to.equal(true);
    expect(() => { (op as { public?: boolean }).public = true; }).to.throw(TypeError);
    expect(() => app.kernel.operations.update('api::article.article.find', (o) => o)).to.throw(/after defineOperations/);
  });

  it('refuses a public operation on a content type, and an empty scope', async () => {
    const failed = await startKernel({
      plugins: [definePlugin({
        name: 'opener',
        register(api) { api.hooks.defineOperations.tap('opener', (ops) => ops.update('api::category.category.find', (op) => ({ ...op, public: true }))); },
      })],
    }).then((a) => a.stop().then(() => null), (err: unknown) => err as Error & { code?: string });
    expect(failed?.code).to.equal('PLUGIN_ERR_INVALID');
    expect(failed?.message).to.equal('operation api::category.category.find (core): an operation on a content type cannot be public');
    const empty = await app.kernel.operations.run('api::article.article.find', {}, anonymous, { scope: [] }).then(() => null, (err: unknown) => err as Error);
    expect(empty?.message).to.match(/an empty scope/);
  });

  it('checks the caller before the parameters: 401 before an unknown key\'s 400', async () => {
    const write = (params: Record<string, unknown>) => app.kernel.operations.run('api::category.category.create', { params, data: { name: 'x' } }, anonymous, { unknownParams: 'refuse' })
      .then(() => null, (err: unknown) => err as Error & { name: string });
    expect((await write({ bogus: 1 }))?.name).to.equal('UnauthorizedError');
    const read = (params: Record<string, unknown>) => app.kernel.operations.run('api::category.category.find', { params }, anonymous, { unknownParams: 'refuse' })
      .then(() => null, (err: unknown) => err as Error & { name: string });
    expect((await read({ bogus: 1 }))?.message).to.equal('Invalid key bogus');
    expect(await read({ fields: ['name'] })).to.equal(null);
    // over REST the same order: the route leaves both checks to the runner
    expect((await app.request('POST', '/api/categories?bogus=1', { data: { name: 'y' } })).status).to.equal(401);
    expect((await app.get('/api/categories?bogus=1')).status).to.equal(400);
  });
});
