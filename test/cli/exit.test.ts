// Every CLI command ends with a clean exit code on every path (signal, completion, refused input,
// a start-up that fails after the database is open, a port that is taken) and never with a native
// crash at exit, which is how an unclosed SQLite connection showed itself on Node 24.

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, FIXTURE_CONTENT_TYPES } from '../helpers/kernel.js';
import { appEnv, startServer } from '../helpers/server-process.js';

/** What Node prints when native code aborts or segfaults: never part of a clean exit. */
const NATIVE_CRASH = /Assertion failed|Native stack trace|Segmentation fault|FATAL ERROR/;

function expectClean(output: string): void {
  expect(output).to.not.match(NATIVE_CRASH);
}

function run(script: string[], appDir: string, env: Record<string, string> = {}) {
  const res = spawnSync(process.execPath, script, { cwd: ROOT, env: appEnv(appDir, env), encoding: 'utf8', timeout: 120_000 });
  return { code: res.status, signal: res.signal, output: `${res.stdout}${res.stderr}` };
}

describe('CLI exit codes', function () {
  this.timeout(180_000);
  const dirs: string[] = [];
  const tempApp = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-exit-'));
    cpSync(FIXTURE_CONTENT_TYPES, join(dir, 'content-types'), { recursive: true });
    dirs.push(dir);
    return dir;
  };
  after(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });

  it('npm start: 0 after SIGINT, with one worker and with two', async () => {
    for (const workers of ['1', '2']) {
      const server = startServer(tempApp(), { WORKERS: workers });
      const url = await server.ready;
      expect((await fetch(`${url}/api/articles`)).status).to.equal(200);
      server.child.kill('SIGINT');
      expect(await server.exited, server.output()).to.equal(0);
      expectClean(server.output());
    }
  });

  it('npm start: 1 when start-up fails after the database is open (a destructive schema change)', async () => {
    const appDir = tempApp();
    const first = startServer(appDir, { USERS_PERMISSIONS: 'false' });
    const url = await first.ready;
    const created = await fetch(`${url}/api/categories`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { name: 'Kept', description: 'A value the change would lose' } }),
    });
    expect(created.status).to.equal(201);
    first.child.kill('SIGTERM');
    expect(await first.exited).to.equal(0);

    const file = join(appDir, 'content-types', 'category.json');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as { attributes: Record<string, { type: string }> };
    schema.attributes.description!.type = 'integer';
    writeFileSync(file, JSON.stringify(schema));
    const second = startServer(appDir, { USERS_PERMISSIONS: 'false' });
    await second.ready.then(() => { throw new Error('started'); }, () => undefined);
    expect(await second.exited).to.equal(1);
    expect(second.output()).to.contain('SYNC_ERR_DESTRUCTIVE');
    expectClean(second.output());
  });

  it('npm start: 1 when the port is taken, after the kernel has loaded', async () => {
    const appDir = tempApp();
    const first = startServer(appDir);
    const port = new URL(await first.ready).port;
    const second = startServer(appDir, { PORT: port });
    await second.ready.then(() => { throw new Error('started'); }, () => undefined);
    expect(await second.exited).to.equal(1);
    expect(second.output()).to.contain('EADDRINUSE');
    expectClean(second.output());
    first.child.kill('SIGTERM');
    expect(await first.exited).to.equal(0);
  });

  it('npm run token: 0 on each command, 1 on refused input', () => {
    const appDir = tempApp();
    const token = (...args: string[]) => run([join(ROOT, 'scripts', 'strata.mjs'), 'token', ...args], appDir);
    for (const [args, code] of [
      [['create', '--name', 'exit-test', '--type', 'read-only'], 0],
      [['list'], 0],
      [['list', '--json'], 0],
      [['revoke', '--name', 'exit-test'], 0],
      [['revoke', '--name', 'exit-test'], 1],
      [['create', '--name', 'bad', '--type', 'nonsense'], 1],
      [['--help'], 0],
      [['frobnicate'], 1],
    ] as Array<[string[], number]>) {
      const res = token(...args);
      expect(res.code, `token ${args.join(' ')}: ${res.output}`).to.equal(code);
      expectClean(res.output);
    }
  });

  it('npm run generate: 0 on success, 1 on refused input', () => {
    const appDir = tempApp();
    const generate = (...args: string[]) => run(['--import', 'tsx', 'core/cli/generate-cli.ts', ...args, '--dir', join(appDir, 'content-types')], appDir);
    const ok = generate('content-type', 'tag', 'name:string');
    expect(ok.code, ok.output).to.equal(0);
    expectClean(ok.output);
    const refused = generate('content-type', 'tag', 'name:string');
    expect(refused.code, refused.output).to.equal(1);
    expectClean(refused.output);
  });
});
