// kernel.apiTokens: what create() accepts and refuses, list(), update(), regenerate() and revoke().

import { expect } from 'chai';
import { ValidationError, type ApiTokenInput } from '../../core/index.js';
import { fresh, useKernel } from '../helpers/suite.js';
import { TEST_SALT } from '../helpers/api-tokens.js';

const DAY = 24 * 60 * 60 * 1000;

describe('kernel.apiTokens', function () {
  this.timeout(60_000);
  const app = useKernel({ config: { api: { tokens: { salt: TEST_SALT } } } });
  const tokens = () => app().kernel.apiTokens;

  async function refusal(input: Partial<ApiTokenInput>): Promise<ValidationError> {
    const err = await tokens().create({ name: fresh('bad'), type: 'read-only', ...input } as ApiTokenInput).then(() => null, (e: unknown) => e);
    expect(err, JSON.stringify(input)).to.be.instanceOf(ValidationError);
    return err as ValidationError;
  }

  it('creates a token with a 256-character hex secret, shown once', async () => {
    const name = fresh('ci');
    const { token, secret } = await tokens().create({ name, type: 'read-only', description: 'for CI' });
    expect(secret).to.match(/^[0-9a-f]{256}$/);
    expect(token).to.include({ name, type: 'read-only', description: 'for CI', lifespan: null, expiresAt: null, lastUsedAt: null });
    expect(token.permissions).to.deep.equal([]);
    expect(token.createdAt).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const listed = (await tokens().list()).find((t) => t.name === name);
    expect(listed).to.deep.equal(token);
    expect(Object.keys(listed!)).to.not.include.members(['secret', 'accessKey', 'access_key']);
  });

  it('sets expiresAt to createdAt plus 7, 30 or 90 days', async () => {
    for (const days of [7, 30, 90]) {
      const { token } = await tokens().create({ name: fresh('lifespan'), type: 'read-only', lifespan: days });
      expect(token.lifespan).to.equal(days);
      expect(Date.parse(token.expiresAt!) - Date.parse(token.createdAt)).to.equal(days * DAY);
    }
  });

  it('refuses any other lifespan', async () => {
    for (const lifespan of [0, 1, 14, 365, -7, 7.5, '30']) {
      const err = await refusal({ lifespan: lifespan as number });
      expect(err.message).to.equal('lifespan must be one of the following values: 7, 30, 90 (days), or null for unlimited');
      expect(err.details.errors).to.deep.equal([{ path: ['lifespan'], message: err.message, name: 'ValidationError', value: lifespan }]);
    }
  });

  it('keeps a custom token\'s permissions, without duplicates', async () => {
    const { token } = await tokens().create({
      name: fresh('custom'), type: 'custom',
      permissions: ['api::article.article.find', 'api::category.category.create', 'api::global.global.find', 'api::article.article.find'],
    });
    expect(token.permissions).to.deep.equal(['api::article.article.find', 'api::category.category.create', 'api::global.global.find']);
  });

  it('refuses an unknown content type or action in a custom token', async () => {
    const unknownType = await refusal({ type: 'custom', permissions: ['api::article.article.find', 'api::nothing.nothing.find'] });
    expect(unknownType.message).to.equal('unknown permission api::nothing.nothing.find: api::nothing.nothing is not a content type (expected <uid>.<action>, such as api::article.article.find)');
    expect(unknownType.details.errors).to.have.deep.nested.property('[0].path', ['permissions', '1']);
    const unknownAction = await refusal({ type: 'custom', permissions: ['api::article.article.explode'] });
    expect(unknownAction.message).to.match(/^unknown permission api::article\.article\.explode: explode is not an action of api::article\.article/);
    expect((await refusal({ type: 'custom', permissions: ['find'] })).message).to.match(/^unknown permission find: /);
    expect((await refusal({ type: 'custom', permissions: [42 as unknown as string] })).message).to.equal('permission 42 is not a string');
  });

  it('refuses a custom token without permissions, and permissions on other types', async () => {
    expect((await refusal({ type: 'custom' })).message).to.match(/^a custom token needs a non-empty list of permissions/);
    expect((await refusal({ type: 'custom', permissions: [] })).message).to.match(/^a custom token needs/);
    expect((await refusal({ type: 'read-only', permissions: ['api::article.article.find'] })).message).to.match(/^permissions apply to custom tokens only/);
  });

  it('refuses a bad type, an empty name and a name already taken (in any case)', async () => {
    expect((await refusal({ type: 'admin' as ApiTokenInput['type'] })).message).to.equal('type must be one of the following values: read-only, full-access, custom');
    expect((await refusal({ name: '  ' })).message).to.equal('name must be a non-empty string');
    const name = fresh('taken');
    await tokens().create({ name, type: 'read-only' });
    expect((await refusal({ name })).message).to.equal(`an API token named "${name}" already exists`);
    expect((await refusal({ name: name.toUpperCase() })).message).to.equal(`an API token named "${name.toUpperCase()}" already exists`);
  });

  it('creates one token of a name asked for twelve times at once; the others are the same 400', async () => {
    const name = fresh('raced');
    // Connections open beforehand: else each create waits for a new one, and they never overlap.
    // Each transaction holds its connection until all hold one (as many as the pool allows)
    const open = Math.min(5, (app().kernel.db.client as { pool: { max: number } }).pool.max);
    let holding = 0;
    let allHold!: () => void;
    const allHolding = new Promise<void>((resolve) => { allHold = resolve; });
    await Promise.all(Array.from({ length: open }, () => app().kernel.db.transaction(async (trx) => {
      await trx.raw('select 1');
      if (++holding === open) allHold();
      await allHolding;
    })));
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => tokens().create({ name, type: 'read-only' }).then(() => 'created', (err: unknown) => (err as Error).message)));
    expect(outcomes.filter((o) => o === 'created')).to.have.length(1);
    expect(outcomes.filter((o) => o !== 'created')).to.deep.equal(Array(11).fill(`an API token named "${name}" already exists`));
  });

  it('changes a token\'s name, description, type and permissions, never its lifespan', async () => {
    const { token } = await tokens().create({ name: fresh('change'), type: 'read-only', lifespan: 30, description: 'before' });
    const name = fresh('changed');
    const custom = await tokens().update({ id: token.id }, { name, description: null, type: 'custom', permissions: ['api::article.article.find'] });
    expect(custom).to.include({ id: token.id, name, description: null, type: 'custom', lifespan: 30, expiresAt: token.expiresAt, createdAt: token.createdAt });
    expect(custom!.permissions).to.deep.equal(['api::article.article.find']);
    expect(Date.parse(custom!.updatedAt)).to.be.at.least(Date.parse(token.updatedAt));
    // A custom token keeps its list unless given another; another type drops it
    expect((await tokens().update({ id: token.id }, { description: 'after' }))!.permissions).to.deep.equal(['api::article.article.find']);
    const full = await tokens().update({ name }, { type: 'full-access' });
    expect(full).to.include({ type: 'full-access', description: 'after' });
    expect(full!.permissions).to.deep.equal([]);
    expect(await tokens().get({ id: token.id })).to.deep.equal(full);
    // Its own name in another case is still its own
    expect((await tokens().update({ id: token.id }, { name: name.toUpperCase() }))!.name).to.equal(name.toUpperCase());
  });

  it('refuses a change that would leave a token invalid, and answers undefined for a token that is not there', async () => {
    const { token } = await tokens().create({ name: fresh('guarded'), type: 'read-only' });
    const other = await tokens().create({ name: fresh('other'), type: 'read-only' });
    const refused = async (change: Parameters<ReturnType<typeof tokens>['update']>[1]) => {
      const err = await tokens().update({ id: token.id }, change).then(() => null, (e: unknown) => e);
      expect(err, JSON.stringify(change)).to.be.instanceOf(ValidationError);
      return (err as ValidationError);
    };
    expect((await refused({ type: 'custom' })).message).to.match(/^a custom token needs a non-empty list of permissions/);
    expect((await refused({ permissions: ['api::article.article.find'] })).message).to.match(/^permissions apply to custom tokens only/);
    expect((await refused({ name: other.token.name.toUpperCase() })).message).to.equal(`an API token named "${other.token.name.toUpperCase()}" already exists`);
    expect((await refused({ name: ' ' })).details.errors).to.have.deep.nested.property('[0].path', ['name']);
    expect((await refused({ type: 'admin' as 'custom' })).details.errors).to.have.deep.nested.property('[0].path', ['type']);
    expect(await tokens().get({ id: token.id })).to.deep.equal(token);
    expect(await tokens().update({ id: 999_999 }, { description: 'x' })).to.equal(undefined);
  });

  it('regenerates a token\'s secret: the old one stops working, the lifespan stays', async () => {
    const { token, secret } = await tokens().create({ name: fresh('rotate'), type: 'read-only', lifespan: 7 });
    expect(await tokens().verify(secret)).to.not.equal(undefined);
    const next = await tokens().regenerate({ id: token.id });
    expect(next!.secret).to.match(/^[0-9a-f]{256}$/).and.not.equal(secret);
    expect(next!.token).to.include({ id: token.id, name: token.name, lifespan: 7, expiresAt: token.expiresAt });
    expect(await tokens().verify(secret)).to.equal(undefined);
    expect((await tokens().verify(next!.secret))!.credentials).to.deep.equal({ id: token.id, name: token.name, type: 'read-only' });
    expect(await tokens().regenerate({ id: 999_999 })).to.equal(undefined);
  });

  it('revokes by id or by name, and answers undefined for a token that is not there', async () => {
    const a = await tokens().create({ name: fresh('by-id'), type: 'read-only' });
    const b = await tokens().create({ name: fresh('by-name'), type: 'read-only' });
    expect(await tokens().revoke({ id: a.token.id })).to.deep.equal(a.token);
    expect(await tokens().revoke({ name: b.token.name })).to.deep.equal(b.token);
    expect(await tokens().revoke({ name: b.token.name })).to.equal(undefined);
    expect(await tokens().revoke({ id: 999_999 })).to.equal(undefined);
    const names = (await tokens().list()).map((t) => t.name);
    expect(names).to.not.include.members([a.token.name, b.token.name]);
  });
});
