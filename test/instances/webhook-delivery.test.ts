// Webhooks from server processes: two instances on one database send each recorded event once,
// and a server killed (SIGKILL) again and again under write load loses no committed write's event
// and no part of a document. Duplicates may follow a crash only, under the same delivery id.

import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { holds, until } from '../helpers/poll.js';
import { buildOnce, startServer } from '../helpers/server-process.js';
import { startReceiver, type Receiver } from '../events/receiver.js';
import { databaseEnv, directConnection, exampleAppFolder } from './helpers.js';

type Server = ReturnType<typeof startServer>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The servers' dispatcher looks for due deliveries this often (ms). */
const POLL_INTERVAL = 100;
/** Once every delivery is written delivered, nothing more may arrive: a second send would come
 *  from another pass, so the receiver is watched for five of the servers' passes. */
const noMoreArrive = (receiver: Receiver) => {
  const count = receiver.received.length;
  return holds(`no request after the ${count} delivered`, () => receiver.received.length === count, 5 * POLL_INTERVAL);
};

function hookEnv(db: TestDatabase, receiver: Receiver): Record<string, string> {
  return {
    ...databaseEnv(db), USERS_PERMISSIONS: 'false', GRAPHQL: 'false',
    WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: 'crash-secret', WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_POLL_INTERVAL: String(POLL_INTERVAL), WEBHOOKS_TIMEOUT: '2000',
  };
}

/** Waits until no delivery is pending (or fails after ms). */
async function drained(direct: ReturnType<typeof directConnection>, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const [row] = await direct.table('strata_deliveries').whereNot('status', 'delivered').count({ n: '*' }) as Array<{ n: unknown }>;
    if (Number(row!.n) === 0) return;
    if (Date.now() > until) throw new Error(`${String(row!.n)} deliveries still not delivered after ${ms} ms`);
    await sleep(100);
  }
}

describe('webhooks from server processes', function () {
  this.timeout(240_000);
  let db: TestDatabase;
  let receiver: Receiver;
  let servers: Server[] = [];
  let direct: ReturnType<typeof directConnection> | undefined;

  before(() => buildOnce());
  beforeEach(async () => {
    db = await createTestDatabase({ persistent: true });
    receiver = await startReceiver();
    direct = directConnection(db);
  });
  afterEach(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
    await direct?.destroy();
    await receiver.close();
    await db.drop();
  });

  const post = (url: string, path: string, body: unknown) => fetch(`${url}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });

  it('two instances send each event once, each document\'s events in commit order', async () => {
    const appDir = exampleAppFolder();
    servers = [startServer(appDir, hookEnv(db, receiver))];
    const urls = [await servers[0]!.ready];
    servers.push(startServer(appDir, hookEnv(db, receiver)));
    urls.push(await servers[1]!.ready);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const created = await post(urls[i % 2]!, '/api/authors', { data: { name: `Author ${i}`, email: `a${i}@example.com` } });
      expect(created.status).to.equal(201);
      const { data } = await created.json() as { data: { documentId: string } };
      ids.push(data.documentId);
      // The update goes to the other instance
      const updated = await fetch(`${urls[(i + 1) % 2]}/api/authors/${data.documentId}`, {
        method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { name: `Author ${i} edited` } }),
      });
      expect(updated.status).to.equal(200);
    }
    await drained(direct!);
    await noMoreArrive(receiver);
    expect(receiver.received).to.have.length(40);
    expect(new Set(receiver.received.map((r) => r.headers['x-strata-delivery'])).size).to.equal(40);
    for (const id of ids) {
      const events = receiver.received.filter((r) => r.body.entry.documentId === id).map((r) => r.body.event);
      expect(events, id).to.deep.equal(['entry.create', 'entry.update']);
    }
  });

  it('cluster workers of one server send each event once', async () => {
    const server = startServer(exampleAppFolder(), { ...hookEnv(db, receiver), WORKERS: '2' });
    servers = [server];
    const url = await server.ready;
    // Each request on a new connection, so the primary hands them to both workers
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => fetch(`${url}/api/authors`, {
      method: 'POST', headers: { 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ data: { name: `Worker ${i}`, email: `w${i}@example.com` } }),
    })));
    expect(answers.map((a) => a.status)).to.deep.equal(Array(16).fill(201));
    await drained(direct!);
    await noMoreArrive(receiver);
    expect(receiver.received).to.have.length(16);
    expect(new Set(receiver.received.map((r) => r.headers['x-strata-delivery'])).size).to.equal(16);
    expect(server.output()).to.match(/2 workers/);
  });

  it('a server killed under write load loses no committed write\'s event and leaves no half-written document', async () => {
    const appDir = exampleAppFolder();
    const env = hookEnv(db, receiver);
    const acknowledged = new Set<string>();
    let crashes = 0;
    let category = '';
    for (let round = 0; round < 4; round++) {
      const server = startServer(appDir, env);
      servers = [server];
      const url = await server.ready;
      if (!category) {
        const made = await post(url, '/api/categories', { data: { name: 'Crash' } });
        category = ((await made.json()) as { data: { documentId: string } }).data.documentId;
      }
      let stop = false;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const res = await post(url, '/api/articles', {
            data: { title: `Round ${round} writer ${w} #${i}`, category, seo: { metaTitle: `SEO ${round}.${w}.${i}`, openGraph: { ogTitle: 'x' } } },
          }).catch(() => undefined);
          if (!res) return; // the server is gone
          if (res.status === 201) acknowledged.add(((await res.json()) as { data: { documentId: string } }).data.documentId);
        }
      };
      const writers = Array.from({ length: 4 }, (_, w) => writer(w));
      // Killed (or, the last round, stopped) after a random number of this round's writes were
      // answered: at a random point of the load, measured in writes, not in time
      const answered = acknowledged.size;
      const target = 3 + Math.floor(Math.random() * 13);
      await until(`${target} writes answered in round ${round}`, () => acknowledged.size - answered >= target, { within: 60_000 });
      if (round < 3) {
        server.child.kill('SIGKILL');
        crashes++;
        await server.exited;
        stop = true;
        await Promise.all(writers);
      } else {
        stop = true;
        await Promise.all(writers);
      }
    }
    await drained(direct!, 60_000);
    await noMoreArrive(receiver);

    // Every document is whole: each version has its component and its category link
    const rows = await direct!.table('articles').select('id', 'document_id', 'published_at') as Array<{ id: number; document_id: string; published_at: unknown }>;
    const documents = new Map<string, number>();
    for (const r of rows) documents.set(r.document_id, (documents.get(r.document_id) ?? 0) + 1);
    for (const [id, versions] of documents) expect(versions, `versions of ${id}`).to.equal(2);
    const components = await direct!.table('articles_cmps').whereIn('entity_id', rows.map((r) => r.id)).where('field', 'seo').select('entity_id') as Array<{ entity_id: number }>;
    expect(new Set(components.map((c) => Number(c.entity_id))).size).to.equal(rows.length);
    const links = await direct!.table('articles_category_lnk').whereIn('source_id', rows.map((r) => r.id)).select('source_id') as Array<{ source_id: number }>;
    expect(new Set(links.map((l) => Number(l.source_id))).size).to.equal(rows.length);
    for (const id of acknowledged) expect(documents.has(id), `acknowledged ${id}`).to.equal(true);

    // Every committed write's events arrived, as recorded; repeats only after a crash, same id
    const recorded = await direct!.table('strata_deliveries as d').join('strata_events as e', 'e.id', 'd.event_id')
      .orderBy('d.id').select('d.delivery_id', 'e.body', 'e.document_id', 'e.name') as Array<{ delivery_id: string; body: string; document_id: string; name: string }>;
    const byDelivery = new Map(receiver.received.map((r) => [r.headers['x-strata-delivery'] as string, r]));
    for (const d of recorded) {
      const got = byDelivery.get(d.delivery_id);
      expect(got, `delivery ${d.delivery_id} (${d.name} ${d.document_id})`).not.to.equal(undefined);
      expect(got!.raw).to.equal(d.body);
    }
    expect(byDelivery.size).to.equal(recorded.length);
    const perDocument = new Map<string, string[]>();
    for (const d of recorded) perDocument.set(d.document_id, [...(perDocument.get(d.document_id) ?? []), d.name]);
    for (const id of documents.keys()) expect(perDocument.get(id), `events of ${id}`).to.deep.equal(['entry.create', 'entry.publish']);
    const repeats = receiver.received.length - byDelivery.size;
    expect(repeats).to.be.at.most(crashes * 16);
  });
});
