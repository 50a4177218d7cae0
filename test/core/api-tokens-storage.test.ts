// What API tokens leave in the database, and what they cost per request: only the HMAC of the
// secret is stored, lastUsedAt is written at most hourly, and a lookup is one SQL statement.

import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { stamp, TEST_SALT, tokenClient } from '../helpers/api-tokens.js';
import { expectStatus, fresh, useKernel } from '../helpers/suite.js';

const TABLE = 'strapi_api_tokens';

describe('API token storage', function () {
  this.timeout(60_000);
  const app = useKernel({ config: { api: { tokens: { salt: TEST_SALT } } } });

  it('stores HMAC-SHA512(salt, secret) and never the secret', async () => {
    const { token, secret } = await app().kernel.apiTokens.create({ name: fresh('stored'), type: 'read-only', description: 'hashed' });
    const rows = await app().kernel.db(TABLE).select('*') as Array<Record<string, unknown>>;
    const row = rows.find((r) => Number(r.id) === token.id)!;
    expect(row.access_key).to.equal(createHmac('sha512', TEST_SALT).update(secret).digest('hex'));
    const everything = JSON.stringify(rows);
    expect(everything).to.not.contain(secret);
    expect(everything).to.not.contain(secret.slice(0, 64));
  });

  it('sets lastUsedAt on first use and does not rewrite it within the hour', async () => {
    const { token, secret } = await app().kernel.apiTokens.create({ name: fresh('used'), type: 'read-only' });
    const { as } = tokenClient(app());
    const lastUsed = async () => (await app().kernel.apiTokens.get({ id: token.id }))!.lastUsedAt;
    expect(await lastUsed()).to.equal(null);
    const before = Date.now();
    expectStatus(await as(secret, 'GET', '/api/categories'), 200);
    const first = await lastUsed();
    expect(Date.parse(first!)).to.be.within(before - 1000, Date.now() + 1000);

    let writes = 0;
    const onQuery = (q: { sql: string }) => { if (/^update/i.test(q.sql)) writes++; };
    app().kernel.db.on('query', onQuery);
    try {
      for (let i = 0; i < 3; i++) expectStatus(await as(secret, 'GET', '/api/categories'), 200);
    } finally { app().kernel.db.off('query', onQuery); }
    expect(writes).to.equal(0);
    expect(await lastUsed()).to.equal(first);

    // An hour later it is written again
    const old = new Date(Date.now() - 61 * 60 * 1000);
    await app().kernel.db(TABLE).where({ id: token.id }).update({ last_used_at: stamp(app(), old) });
    expectStatus(await as(secret, 'GET', '/api/categories'), 200);
    expect(Date.parse((await lastUsed())!)).to.be.above(old.getTime() + 60 * 60 * 1000);
  });

  describe('SQL statements per request', () => {
    let statements = 0;
    const count = () => { statements++; };
    before(() => { app().kernel.db.on('query', count); });
    after(() => { app().kernel.db.off('query', count); });

    async function statementsFor(headers: Record<string, string>, status: number): Promise<number> {
      statements = 0;
      const res = await app().request('GET', '/api/categories?pagination[withCount]=false', undefined, headers);
      expect(res.status, res.text).to.equal(status);
      return statements;
    }

    it('adds one statement for a token lookup, and none for a bearer that cannot be a token', async () => {
      const secret = await tokenClient(app()).secret({ type: 'read-only' });
      const anonymous = await statementsFor({}, 200);
      await statementsFor({ authorization: `Bearer ${secret}` }, 200); // first use records lastUsedAt
      expect(await statementsFor({ authorization: `Bearer ${secret}` }, 200)).to.equal(anonymous + 1);
      expect(await statementsFor({ authorization: `Bearer ${'0'.repeat(256)}` }, 401)).to.equal(1);
      expect(await statementsFor({ authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig' }, 401)).to.equal(0);
    });
  });
});
