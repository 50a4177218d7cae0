// Settings > API tokens over HTTP: Strapi 5's /admin/api-tokens routes and shapes (the secret
// answered once as accessKey, lifespans in milliseconds), the token's rights following a change
// at the next request, and the admin permissions each route needs.

import { expect } from 'chai';
import { expectFieldError, expectStatus, fresh, useKernel } from '../../helpers/suite.js';
import { adminOptions, as, registerFirstAdmin, type Session } from './helpers.js';
import { expectGuarded } from './settings-helpers.js';

const DAY = 24 * 60 * 60 * 1000;
const TOKEN_KEYS = ['createdAt', 'description', 'expiresAt', 'id', 'lastUsedAt', 'lifespan', 'name', 'permissions', 'type', 'updatedAt'];
const ACTIONS = ['access', 'read', 'create', 'update', 'regenerate', 'delete'].map((verb) => `admin::api-tokens.${verb}`);

describe('admin: API tokens settings', () => {
  const app = useKernel(adminOptions());
  let root: Session;
  before(async () => { root = await registerFirstAdmin(app()); });
  const content = (secret: string, path: string) => as(app(), { token: secret }).get(path);

  it('creates a token whose secret is answered once, changes its rights, regenerates and revokes it', async () => {
    const admin = as(app(), root);
    const name = fresh('ci');
    const created = await admin.post('/admin/api-tokens', { name, description: 'CI runner', type: 'read-only', lifespan: 7 * DAY });
    expectStatus(created, 201);
    const token = created.body.data;
    expect(Object.keys(token).sort()).to.deep.equal([...TOKEN_KEYS, 'accessKey'].sort());
    expect(token).to.include({ name, description: 'CI runner', type: 'read-only', lifespan: 7 * DAY, lastUsedAt: null });
    expect(token.accessKey).to.match(/^[0-9a-f]{256}$/);
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).to.equal(7 * DAY);
    expectStatus(await content(token.accessKey, '/api/articles'), 200);

    const listed = await admin.get('/admin/api-tokens');
    expectStatus(listed, 200);
    const entry = listed.body.data.find((t: { id: number }) => t.id === token.id);
    expect(Object.keys(entry).sort()).to.deep.equal(TOKEN_KEYS);
    expect(JSON.stringify(listed.body)).to.not.contain(token.accessKey);
    const one = await admin.get(`/admin/api-tokens/${token.id}`);
    expectStatus(one, 200);
    expect(one.body.data).to.deep.equal(entry);

    // Custom, allowed to list articles only: the next request has the new rights
    const changed = await admin.put(`/admin/api-tokens/${token.id}`, { name: `${name} (custom)`, description: null, type: 'custom', permissions: ['api::article.article.find'] });
    expectStatus(changed, 200);
    expect(changed.body.data).to.include({ id: token.id, name: `${name} (custom)`, description: null, type: 'custom', lifespan: 7 * DAY, expiresAt: token.expiresAt });
    expect(changed.body.data.permissions).to.deep.equal(['api::article.article.find']);
    expectStatus(await content(token.accessKey, '/api/articles'), 200);
    expectStatus(await content(token.accessKey, '/api/categories'), 403);

    const regenerated = await admin.post(`/admin/api-tokens/${token.id}/regenerate`);
    expectStatus(regenerated, 201);
    expect(regenerated.body).to.have.keys('data');
    expect(regenerated.body.data).to.have.keys('id', 'accessKey');
    expect(regenerated.body.data.id).to.equal(token.id);
    expect(regenerated.body.data.accessKey).to.match(/^[0-9a-f]{256}$/).and.not.equal(token.accessKey);
    expectStatus(await content(token.accessKey, '/api/articles'), 401);
    expectStatus(await content(regenerated.body.data.accessKey, '/api/articles'), 200);

    const revoked = await admin.del(`/admin/api-tokens/${token.id}`);
    expectStatus(revoked, 200);
    expect(revoked.body.data).to.include({ id: token.id, name: `${name} (custom)` });
    expectStatus(await content(regenerated.body.data.accessKey, '/api/articles'), 401);
    expectStatus(await admin.get(`/admin/api-tokens/${token.id}`), 404);
  });

  it('answers 400 naming the field for bad input, and 404 for a token that is not there', async () => {
    const admin = as(app(), root);
    expectFieldError(await admin.post('/admin/api-tokens', { type: 'read-only' }), ['name'], 'name must be a non-empty string');
    expectFieldError(await admin.post('/admin/api-tokens', { name: fresh('x'), type: 'admin' }), ['type']);
    expectFieldError(await admin.post('/admin/api-tokens', { name: fresh('x'), type: 'read-only', lifespan: 14 * DAY }), ['lifespan'], /^lifespan must be one of the following values: 604800000, 2592000000, 7776000000/);
    expectFieldError(await admin.post('/admin/api-tokens', { name: fresh('x'), type: 'read-only', lifespan: 7 }), ['lifespan']);
    expectFieldError(await admin.post('/admin/api-tokens', { name: fresh('x'), type: 'custom' }), ['permissions']);
    expectFieldError(await admin.post('/admin/api-tokens', { name: fresh('x'), type: 'custom', permissions: ['api::article.article.explode'] }), ['permissions', '0']);
    const unknown = await admin.post('/admin/api-tokens', { name: fresh('x'), type: 'read-only', owner: 'me' });
    expectStatus(unknown, 400);
    expect(unknown.body.error.message).to.equal('Invalid parameters: owner');

    const name = fresh('taken');
    const { body: { data: token } } = await admin.post('/admin/api-tokens', { name, type: 'full-access' });
    expectFieldError(await admin.post('/admin/api-tokens', { name: name.toUpperCase(), type: 'read-only' }), ['name'], `an API token named "${name.toUpperCase()}" already exists`);
    expectFieldError(await admin.put(`/admin/api-tokens/${token.id}`, { lifespan: 30 * DAY }), ['lifespan'], /^lifespan cannot change/);
    expectFieldError(await admin.put(`/admin/api-tokens/${token.id}`, { permissions: ['api::article.article.find'] }), ['permissions'], /^permissions apply to custom tokens only/);
    expectFieldError(await admin.put(`/admin/api-tokens/${token.id}`, { type: 'custom' }), ['permissions']);
    expect((await admin.get(`/admin/api-tokens/${token.id}`)).body.data).to.include({ name, type: 'full-access' });

    for (const id of ['999999', 'abc', '0']) {
      for (const res of [
        await admin.get(`/admin/api-tokens/${id}`), await admin.put(`/admin/api-tokens/${id}`, { description: 'x' }),
        await admin.post(`/admin/api-tokens/${id}/regenerate`), await admin.del(`/admin/api-tokens/${id}`),
      ]) {
        expectStatus(res, 404);
        expect(res.body.error.message).to.equal('API Token not found');
      }
    }
  });

  it('refuses callers without an administrator\'s token (401) or without the permission (403)', async () => {
    const { body: { data: target } } = await as(app(), root).post('/admin/api-tokens', { name: fresh('target'), type: 'read-only' });
    await expectGuarded(app(), [
      { method: 'GET', path: '/admin/api-tokens', action: 'admin::api-tokens.read' },
      { method: 'GET', path: `/admin/api-tokens/${target.id}`, action: 'admin::api-tokens.read' },
      { method: 'POST', path: '/admin/api-tokens', body: { name: fresh('guarded'), type: 'read-only' }, action: 'admin::api-tokens.create' },
      { method: 'PUT', path: `/admin/api-tokens/${target.id}`, body: { description: 'changed' }, action: 'admin::api-tokens.update' },
      { method: 'POST', path: `/admin/api-tokens/${target.id}/regenerate`, action: 'admin::api-tokens.regenerate' },
      { method: 'DELETE', path: `/admin/api-tokens/${target.id}`, action: 'admin::api-tokens.delete' },
    ], ACTIONS);
    expectStatus(await as(app(), root).get(`/admin/api-tokens/${target.id}`), 404);
  });
});
