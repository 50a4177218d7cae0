// `npm start`: builds when needed, serves the app from compiled JavaScript on an SQLite file in
// the app folder, and shuts down cleanly on SIGTERM.

import { expect } from 'chai';
import { cpSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, FIXTURE_CONTENT_TYPES } from '../helpers/kernel.js';
import { until } from '../helpers/poll.js';
import { startServer } from '../helpers/server-process.js';

const OPEN = { USERS_PERMISSIONS: 'false' };

/** An app folder running the example app (its content types, its compiled config) plus a plugin
 *  that marks every answer with the process that gave it (X-Worker-Pid): with several workers, a
 *  test sees which of them answered. */
function markedApp(): string {
  const appDir = mkdtempSync(join(tmpdir(), 'strata-app-'));
  cpSync(FIXTURE_CONTENT_TYPES, join(appDir, 'content-types'), { recursive: true });
  mkdirSync(join(appDir, 'config'));
  const example = (name: string) => JSON.stringify(join(ROOT, 'dist', 'config', `${name}.js`));
  for (const name of ['server', 'database', 'api', 'webhooks']) writeFileSync(join(appDir, 'config', `${name}.js`), `export { default } from ${example(name)};\n`);
  writeFileSync(join(appDir, 'config', 'plugins.js'), [
    `import plugins from ${example('plugins')};`,
    "export default (env) => ({ ...plugins(env), 'worker-mark': { enabled: true, resolve: './worker-mark' } });",
  ].join('\n'));
  mkdirSync(join(appDir, 'worker-mark'));
  writeFileSync(join(appDir, 'worker-mark', 'index.js'), [
    "export default { name: 'worker-mark', register(api) {",
    "  api.middleware('beforeBody', async (ctx, next) => { ctx.set('X-Worker-Pid', String(process.pid)); await next(); });",
    '} };',
  ].join('\n'));
  return appDir;
}

/** A request on a connection of its own (fetch would reuse one, and so one worker): the status
 *  and the answering worker. */
function onNewConnection(url: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<{ status: number; worker: string }> {
  const { hostname, port } = new URL(url);
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method, agent: false, headers: { ...headers, ...(text ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, worker: String(res.headers['x-worker-pid'] ?? '') }));
    }).on('error', reject);
    req.end(text);
  });
}

describe('npm start', function () {
  this.timeout(120_000);
  // A test that fails half-way leaves no server behind (it would keep mocha from exiting)
  const running: Array<ReturnType<typeof startServer>> = [];
  const serve = (appDir: string, env: Record<string, string>) => {
    const server = startServer(appDir, env);
    running.push(server);
    return server;
  };
  afterEach(async () => {
    for (const server of running.splice(0)) if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
  });

  it('serves with users-permissions: public reads, writes need a JWT, a development secret kept in .tmp', async () => {
    const appDir = markedApp();
    const server = serve(appDir, { WORKERS: '2' });
    const url = await server.ready;
    expect((await fetch(`${url}/api/categories`)).status).to.equal(200);
    const write = (headers: Record<string, string> = {}) => fetch(`${url}/api/articles`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ data: { title: 'By a user' } }),
    });
    expect((await write()).status).to.equal(403);
    const registered = await fetch(`${url}/api/auth/local/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'starter', email: 'starter@example.com', password: 'starter-password' }),
    });
    expect(registered.status).to.equal(200);
    const { jwt } = await registered.json() as { jwt: string };
    // Two workers: whichever answers, the token verifies (one secret, written once). Each write
    // on a connection of its own, until both workers have taken one
    const workers = new Set<string>();
    for (let i = 0; i < 20 && workers.size < 2; i++) {
      const res = await onNewConnection(url, 'POST', '/api/articles', { authorization: `Bearer ${jwt}` }, { data: { title: `By a user ${i}` } });
      expect(res.status, `write ${i}`).to.equal(201);
      workers.add(res.worker);
    }
    expect([...workers].filter(Boolean), 'workers that verified the token').to.have.lengthOf(2);
    expect(existsSync(join(appDir, '.tmp', 'jwt-secret'))).to.equal(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).to.equal(0);
  });

  it('serves the example app from compiled code on .tmp/data.db and stops on SIGTERM', async () => {
    const appDir = mkdtempSync(join(tmpdir(), 'strata-app-'));
    cpSync(FIXTURE_CONTENT_TYPES, join(appDir, 'content-types'), { recursive: true });
    // Writes below are anonymous: users-permissions (tested on its own further down) is off
    const server = startServer(appDir, OPEN);
    const url = await server.ready;
    expect(existsSync(join(ROOT, 'dist', 'core', 'cli', 'start.js'))).to.equal(true);
    // The links GET / lists, printed once after the serving line
    const links = [`API reference: ${url}/api/docs`, `OpenAPI document: ${url}/api/openapi.json`, `GraphQL: ${url}/graphql`];
    await until('the links printed', () => server.output().includes('Documentation: '));
    for (const line of links) expect(server.output().split(line)).to.have.lengthOf(2);
    const created = await fetch(`${url}/api/categories`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { name: 'From start' } }),
    });
    expect(created.status).to.equal(201);
    const list = await (await fetch(`${url}/api/categories`)).json() as { meta: { pagination: { total: number } } };
    expect(list.meta.pagination.total).to.equal(1);
    server.child.kill('SIGTERM');
    expect(await server.exited).to.equal(0);
    expect(existsSync(join(appDir, '.tmp', 'data.db'))).to.equal(true);

    // The data is still there on the next start, and the unchanged schema needs no DDL
    const again = startServer(appDir, OPEN);
    const url2 = await again.ready;
    const list2 = await (await fetch(`${url2}/api/categories`)).json() as { data: Array<{ name: string }> };
    expect(list2.data.map((d) => d.name)).to.deep.equal(['From start']);
    expect(again.output()).to.not.contain('schema sync:');
    again.child.kill('SIGTERM');
    expect(await again.exited).to.equal(0);
  });

  it('serves from several worker processes on one port, writing to one SQLite file', async () => {
    const appDir = markedApp();
    const server = serve(appDir, { ...OPEN, WORKERS: '2' });
    const url = await server.ready;
    expect(server.output()).to.contain('2 workers');
    const writes = await Promise.all(Array.from({ length: 40 }, (_, i) => onNewConnection(url, 'POST', '/api/categories', {}, { data: { name: `c${i}` } })));
    expect(writes.every((w) => w.status === 201), writes.map((w) => w.status).join(',')).to.equal(true);
    // Both workers wrote to the file
    expect(new Set(writes.map((w) => w.worker).filter(Boolean)).size, 'workers that wrote').to.equal(2);
    const list = await (await fetch(`${url}/api/categories?pagination[withCount]=true`)).json() as { meta: { pagination: { total: number } } };
    expect(list.meta.pagination.total).to.equal(40);
    server.child.kill('SIGTERM');
    expect(await server.exited).to.equal(0);
  });

  it('in production names every missing secret at once; with them set, a warning prints once for all workers', async () => {
    const appDir = mkdtempSync(join(tmpdir(), 'strata-app-'));
    cpSync(FIXTURE_CONTENT_TYPES, join(appDir, 'content-types'), { recursive: true });
    const production = { NODE_ENV: 'production', WORKERS: '2' };
    const refused = startServer(appDir, production);
    const err = await refused.ready.then(() => null, (e: unknown) => e);
    expect(await refused.exited).to.equal(1);
    expect((err as Error).message).to.contain([
      'start-up failed [CONFIG_ERR_INVALID]: 2 problems in the configuration:',
      '  config api.tokens.salt: required in production (set API_TOKEN_SALT',
    ].join('\n')).and.contain('\n  config plugins.users-permissions.config.jwt.secret: required in production (set JWT_SECRET)\n');

    const server = startServer(appDir, { ...production, API_TOKEN_SALT: 'a production salt for this test', JWT_SECRET: 'a production secret for this test' });
    await server.ready;
    expect(server.output()).to.contain('2 workers');
    // The primary's start-up said it; the workers, starting the same app, do not say it again
    expect(server.output().split('emails are written to the log')).to.have.lengthOf(2);
    server.child.kill('SIGTERM');
    expect(await server.exited).to.equal(0);
  });

  it('refuses to start on a bad config value and names the key', async () => {
    const appDir = mkdtempSync(join(tmpdir(), 'strata-app-'));
    const server = startServer(appDir, { PORT: 'eighty' });
    const err = await server.ready.then(() => null, (e: unknown) => e);
    expect(await server.exited).to.equal(1);
    expect((err as Error).message).to.contain('config server.port: expected an integer between 0 and 65535, got "eighty"');
  });
});
