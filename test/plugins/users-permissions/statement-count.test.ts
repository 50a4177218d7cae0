// What authentication costs in SQL: an anonymous request none (the public role's permissions are
// cached), a JWT request one (the user, its role joined in), never one per permission or per row.

import { expect } from 'chai';
import { ARTICLE, as, expectStatus, register, useKernel } from './helpers.js';

describe('users-permissions: SQL statements per request', () => {
  const app = useKernel({ permissions: { public: [`${ARTICLE}.find`], authenticated: [`${ARTICLE}.find`] } });
  let statements = 0;

  before(async () => {
    for (let i = 0; i < 30; i++) await app().kernel.documents(ARTICLE).create({ data: { title: `Counted ${i}` } });
    app().kernel.db.on('query', () => { statements++; });
  });

  async function count(jwt: string | undefined): Promise<number> {
    await as(app(), jwt).get('/api/articles'); // warms the permission cache
    statements = 0;
    const res = await as(app(), jwt).get('/api/articles');
    expectStatus(res, 200);
    expect(res.body.data).to.have.length(25);
    return statements;
  }

  it('anonymous: the page and its count only; with a JWT: one more', async () => {
    const { jwt } = await register(app());
    expect(await count(undefined)).to.equal(2);
    expect(await count(jwt)).to.equal(3);
  });
});
