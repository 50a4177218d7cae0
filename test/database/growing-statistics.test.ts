// A site fills up through its API while the server runs. On SQLite the planner's statistics must
// follow (core/database/statistics.ts): with those of the empty tables it filtered restaurants by
// a chef's name by reading the whole link table, every request, until a restart. Here a running
// kernel is filled through HTTP (no createMany, no restart), a second kernel on the same file
// stands for another worker process, and both plan the list, populate and relation-filter
// statements of the requests the first serves through the intended indexes. On PostgreSQL and
// MariaDB the same requests are checked after the same fill, with their own statistics: no table
// read whole.

import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startKernel, type StartOptions, type TestKernel } from '../helpers/kernel.js';
import { fullScans, indexesRead, recordStatements, type Statement } from '../helpers/query-plans.js';

const CHEFS = 40;
/** Chefs per restaurant: each published create writes twice as many links (draft and published). */
const PER_RESTAURANT = 20;
/** 12,000 links: past ten times the thousand rows a new table's statistics expect. */
const RESTAURANTS = 300;
const LINK_TABLE = 'restaurants_chefs_lnk';
const LINK_BY_TARGET = 'restaurants_chefs_lnk_target_document_id_inv_ord_idx';

const options = (db: TestDatabase): StartOptions => ({
  db,
  contentTypesDir: false,
  config: { plugins: { 'draft-and-publish': { enabled: true } } },
  schemas: {
    contentTypes: [
      { file: 'restaurant.json', schema: {
        kind: 'collectionType', collectionName: 'restaurants', options: { draftAndPublish: true },
        info: { singularName: 'restaurant', pluralName: 'restaurants', displayName: 'Restaurant' },
        attributes: {
          name: { type: 'string', required: true },
          chefs: { type: 'relation', relation: 'manyToMany', target: 'api::chef.chef', inversedBy: 'restaurants' },
        },
      } },
      { file: 'chef.json', schema: {
        kind: 'collectionType', collectionName: 'chefs', options: { draftAndPublish: true },
        info: { singularName: 'chef', pluralName: 'chefs', displayName: 'Chef' },
        attributes: {
          fullName: { type: 'string', required: true },
          bio: { type: 'text' },
          restaurants: { type: 'relation', relation: 'manyToMany', target: 'api::restaurant.restaurant', mappedBy: 'chefs' },
        },
      } },
    ],
    components: [],
  },
});

describe('planner statistics follow a site filled through its API, without a restart', function () {
  this.timeout(180_000);
  let db: TestDatabase;
  let app: TestKernel;
  /** Another process on the same database (a second worker). */
  let other: TestKernel;

  before(async () => {
    db = await createTestDatabase({ persistent: true });
    app = await startKernel(options(db));
    other = await startKernel(options(db));
    const chefs: string[] = [];
    for (let i = 0; i < CHEFS; i++) {
      const res = await app.post('/api/chefs', { data: { fullName: `Chef ${i}` } });
      expect(res.status, res.text).to.equal(201);
      chefs.push(res.body.data.documentId as string);
    }
    for (let i = 0; i < RESTAURANTS; i++) {
      const picked = Array.from({ length: PER_RESTAURANT }, (_, k) => chefs[(i + k) % CHEFS]!);
      const res = await app.post('/api/restaurants', { data: { name: `Restaurant ${i}`, chefs: picked } });
      expect(res.status, res.text).to.equal(201);
    }
  });
  after(async () => {
    await other?.stop();
    await app?.stop();
    await db?.drop();
  });

  const paths = {
    list: '/api/restaurants',
    populate: '/api/restaurants?populate[chefs]=true',
    'relation filter': '/api/restaurants?filters[chefs][fullName][$eq]=Chef%207&populate[chefs]=true',
  };

  async function served(path: string): Promise<Statement[]> {
    return recordStatements(app, async () => {
      const res = await app.get(path);
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data).to.not.be.empty;
    });
  }

  /** The relation filter's statements that read the link table, as `kernel` plans them. */
  async function linkReads(kernel: TestKernel): Promise<string[][]> {
    // knex quotes names with backticks on SQLite and MariaDB, double quotes on PostgreSQL
    const statements = (await served(paths['relation filter'])).filter((s) => new RegExp(`[\`"]${LINK_TABLE}[\`"]`).test(s.sql) && /where .*[`"]full_name[`"] = /i.test(s.sql));
    expect(statements, 'the filter reads the link table').to.not.be.empty;
    return Promise.all(statements.map((s) => indexesRead(kernel.kernel.db, s)));
  }

  it('the link table is searched from the chef found, not read whole, in this process and the other', async function () {
    // SQLite's statistics are this file's subject. PostgreSQL, by its own (autovacuum's, whenever
    // they land), may as well walk the page of restaurants and probe each one's links by source:
    // there the tests below check that no table is read whole
    if (app.kernel.dialect !== 'sqlite') this.skip();
    // Within seconds, off the request path: a bounded wait for both processes' plans
    const deadline = Date.now() + 30_000;
    for (const kernel of [app, other]) {
      let reads = await linkReads(kernel);
      while (reads.some((r) => !r.includes(LINK_BY_TARGET)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        reads = await linkReads(kernel);
      }
      expect(reads.every((r) => r.includes(LINK_BY_TARGET)), JSON.stringify(reads)).to.equal(true);
    }
    const [row] = await app.kernel.db.raw('SELECT MAX(CAST(stat AS INTEGER)) AS n FROM sqlite_stat1 WHERE tbl = ?', [LINK_TABLE]) as Array<{ n: number }>;
    expect(Number(row!.n), 'measured, not the expectations of an empty table').to.be.above(5_000);
  });

  for (const [what, path] of Object.entries(paths)) {
    it(`${what}: no full scan of a table that grew`, async () => {
      const found: string[] = [];
      for (const statement of await served(path)) {
        for (const table of await fullScans(app.kernel.db, statement)) found.push(`${table} in: ${statement.sql.slice(0, 300)}`);
      }
      expect(found).to.deep.equal([]);
    });
  }
});
