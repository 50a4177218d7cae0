// Two server processes on one database, and requests that race: the database's unique keys decide
// what the document service's checks (each inside its own transaction) cannot see of the other
// instance's uncommitted writes. SQLite's processes write one at a time; the test holds there too.

import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { buildOnce, startServer } from '../helpers/server-process.js';
import { databaseEnv, directConnection, exampleAppFolder } from './helpers.js';

type Server = ReturnType<typeof startServer>;

describe('two instances, racing writes', function () {
  this.timeout(180_000);
  let db: TestDatabase;
  let servers: Server[] = [];
  let urls: string[] = [];
  let direct: ReturnType<typeof directConnection> | undefined;

  before(async () => {
    buildOnce();
    db = await createTestDatabase({ persistent: true });
    const appDir = exampleAppFolder();
    const env = { ...databaseEnv(db), USERS_PERMISSIONS: 'false', GRAPHQL: 'false' };
    // One after the other: the schema is not what these tests race
    servers = [startServer(appDir, env)];
    urls = [await servers[0]!.ready];
    servers.push(startServer(appDir, env));
    urls.push(await servers[1]!.ready);
    direct = directConnection(db);
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await direct?.destroy();
    await db?.drop();
  });

  const table = (name: string) => direct!.table(name);
  const post = (i: number, path: string, body?: unknown) => fetch(`${urls[i % urls.length]}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

  it('creates with one unique value, on both instances at once: exactly one succeeds, the others are the check\'s 400', async () => {
    for (let round = 0; round < 3; round++) {
      const slug = `raced-slug-${round}`;
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => post(i, '/api/articles', { data: { title: `Raced ${round}.${i}`, slug } })));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, `round ${round}`).to.deep.equal([201, 400, 400, 400, 400, 400, 400, 400]);
      for (const refused of answers.filter((a) => a.status === 400)) {
        const body = await refused.json() as { error: { name: string; details: { errors?: Array<{ path: string[] }> } } };
        expect(body.error.name).to.equal('ValidationError');
        expect(body.error.details.errors?.[0]?.path).to.deep.equal(['slug']);
      }
      const published = await table('articles').where({ slug }).whereNotNull('published_at');
      expect(published, `published rows with ${slug}`).to.have.length(1);
    }
  });

  it('publishes of one document, on both instances at once: all answer 200 and one published version is left', async () => {
    const draft = await post(0, '/api/articles?status=draft', { data: { title: 'Publish race' } });
    expect(draft.status).to.equal(201);
    const { data } = await draft.json() as { data: { documentId: string } };
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => post(i, `/api/articles/${data.documentId}/actions/publish`)));
    expect(answers.map((a) => a.status)).to.deep.equal(Array.from({ length: 8 }, () => 200));
    const versions = await table('articles').where({ document_id: data.documentId }) as Array<{ published_at: unknown }>;
    expect(versions.filter((v) => v.published_at !== null), 'published versions').to.have.length(1);
    expect(versions.filter((v) => v.published_at === null), 'drafts').to.have.length(1);
  });
});
