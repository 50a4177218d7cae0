// `npm run token` (scripts/strata.mjs token, which `npx strata token` runs too): creates, lists,
// regenerates and revokes API tokens on the app's configured database (a temporary SQLite app
// here), from compiled code, and the tokens work against `npm start`.

import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, FIXTURE_CONTENT_TYPES } from '../helpers/kernel.js';
import { appEnv, startServer } from '../helpers/server-process.js';

const SECRET = /^[0-9a-f]{256}$/m;

function tempApp(): string {
  const appDir = mkdtempSync(join(tmpdir(), 'strata-token-'));
  cpSync(FIXTURE_CONTENT_TYPES, join(appDir, 'content-types'), { recursive: true });
  return appDir;
}

function token(appDir: string, args: string[], env: Record<string, string> = {}) {
  const res = spawnSync(process.execPath, [join(ROOT, 'scripts', 'strata.mjs'), 'token', ...args], {
    cwd: ROOT, env: appEnv(appDir, env), encoding: 'utf8', timeout: 120_000,
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** The same without blocking this process while a server runs: a blocked event loop would reuse
 *  a kept-alive connection the server closed meanwhile ("other side closed"). */
function tokenAsync(appDir: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'strata.mjs'), 'token', ...args], { cwd: ROOT, env: appEnv(appDir), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
  child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run token', function () {
  this.timeout(180_000);
  const apps: string[] = [];
  const app = () => { const dir = tempApp(); apps.push(dir); return dir; };
  after(() => { for (const dir of apps) rmSync(dir, { recursive: true, force: true }); });

  it('creates a token whose secret is printed once and works against npm start until revoked', async () => {
    const appDir = app();
    const created = token(appDir, ['create', '--name', 'ci', '--type', 'read-only', '--lifespan', '30', '--description', 'CI runner']);
    expect(created.code, created.stderr).to.equal(0);
    expect(created.stderr).to.match(/^created API token "ci" \(id \d+, read-only, expires \d{4}-\d\d-\d\dT[\d:.]+Z\)$/m);
    expect(created.stderr).to.contain('it will not be shown again');
    // stdout is the secret alone, for scripts that capture it
    expect(created.stdout).to.match(/^[0-9a-f]{256}\n$/);
    const secret = SECRET.exec(created.stdout)![0];
    expect(existsSync(join(appDir, '.tmp', 'api-token-salt'))).to.equal(true);

    const listed = token(appDir, ['list']);
    expect(listed.code, listed.stderr).to.equal(0);
    expect(listed.stdout).to.match(/^1\s+ci\s+read-only\s+\d{4}-[\d\-T:.]+Z\s+never\s+CI runner$/m);
    const json = token(appDir, ['list', '--json']);
    const [entry] = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(Object.keys(entry!).sort()).to.deep.equal(['createdAt', 'description', 'expiresAt', 'id', 'lastUsedAt', 'lifespan', 'name', 'permissions', 'type', 'updatedAt']);
    expect(entry).to.deep.include({ id: 1, name: 'ci', description: 'CI runner', type: 'read-only', lifespan: 30, permissions: [], lastUsedAt: null });
    for (const out of [listed.stdout, json.stdout]) expect(out).to.not.match(/[0-9a-f]{64}/);

    const server = startServer(appDir);
    try {
      const url = await server.ready;
      const auth = { authorization: `Bearer ${secret}` };
      expect((await fetch(`${url}/api/articles`, { headers: auth })).status).to.equal(200);
      const write = await fetch(`${url}/api/categories`, {
        method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ data: { name: 'No' } }),
      });
      expect(write.status).to.equal(403);

      const revoked = await tokenAsync(appDir, ['revoke', '--name', 'ci']);
      expect(revoked.code, revoked.stderr).to.equal(0);
      expect(revoked.stdout).to.equal('revoked API token "ci" (id 1)\n');
      const after = await fetch(`${url}/api/articles`, { headers: auth });
      expect(after.status).to.equal(401);
      expect(await after.json()).to.deep.equal({ data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } });
    } finally {
      expect(await server.stop()).to.equal(0);
    }

    // Neither the database nor its write-ahead log ever held the secret
    for (const file of ['data.db', 'data.db-wal']) {
      const path = join(appDir, '.tmp', file);
      if (existsSync(path)) expect(readFileSync(path).includes(Buffer.from(secret)), file).to.equal(false);
    }
    expect(token(appDir, ['revoke', '--name', 'ci']).code).to.equal(1);
  });

  it('creates a custom token, regenerates its secret and revokes it by id', () => {
    const appDir = app();
    const created = token(appDir, ['create', '--name', 'reader', '--type', 'custom', '--permissions', 'api::article.article.find,api::article.article.findOne']);
    expect(created.code, created.stderr).to.equal(0);
    expect(created.stderr).to.contain('(id 1, custom, never expires)');
    expect(token(appDir, ['list']).stdout).to.contain('api::article.article.find,api::article.article.findOne');
    const regenerated = token(appDir, ['regenerate', '--name', 'reader']);
    expect(regenerated.code, regenerated.stderr).to.equal(0);
    expect(regenerated.stdout).to.match(/^[0-9a-f]{256}\n$/).and.not.equal(created.stdout);
    expect(regenerated.stderr).to.match(/^regenerated API token "reader" \(id 1, never expires\): the previous secret no longer works$/m);
    const missing = token(appDir, ['regenerate', '--id', '7']);
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.match(/^error: no API token with id 7\n$/m);
    const revoked = token(appDir, ['revoke', '--id', '1']);
    expect(revoked.code, revoked.stderr).to.equal(0);
    expect(token(appDir, ['list']).stdout).to.equal('no API tokens\n');
  });

  it('refuses bad arguments with exit code 1 and the usage', () => {
    const appDir = app();
    for (const args of [[], ['frob'], ['create', '--type', 'read-only'], ['create', '--name', 'x'], ['create', '--name', 'x', '--type', 'read-only', '--bogus'],
      ['list', '--name', 'x'], ['revoke'], ['revoke', '--name', 'x', '--id', '1'], ['revoke', '--id', 'one'], ['regenerate'], ['regenerate', '--type', 'custom']]) {
      const res = token(appDir, args);
      expect(res.code, args.join(' ')).to.equal(1);
      expect(res.stderr, args.join(' ')).to.match(/^error: .+\n\nUsage:\n {2}npm run token -- create/);
      expect(res.stdout).to.equal('');
    }
    const help = token(appDir, ['--help']);
    expect(help.code).to.equal(0);
    expect(help.stdout).to.match(/^Usage:/);
  });

  it('refuses an invalid lifespan, an unknown action and a taken name with exit code 1', () => {
    const appDir = app();
    const lifespan = token(appDir, ['create', '--name', 'x', '--type', 'read-only', '--lifespan', '14']);
    expect(lifespan.code).to.equal(1);
    expect(lifespan.stderr).to.contain('error: lifespan must be one of the following values: 7, 30, 90 (days), or null for unlimited');
    const action = token(appDir, ['create', '--name', 'x', '--type', 'custom', '--permissions', 'api::article.article.explode']);
    expect(action.code).to.equal(1);
    expect(action.stderr).to.contain('error: unknown permission api::article.article.explode: explode is not an action of api::article.article');
    expect(token(appDir, ['create', '--name', 'x', '--type', 'full-access']).code).to.equal(0);
    const taken = token(appDir, ['create', '--name', 'x', '--type', 'full-access']);
    expect(taken.code).to.equal(1);
    expect(taken.stderr).to.contain('error: an API token named "x" already exists');
  });

  it('strata with no command or an unknown one: the usage on stderr and exit code 2', () => {
    for (const args of [[], ['frob']]) {
      const res = spawnSync(process.execPath, [join(ROOT, 'scripts', 'strata.mjs'), ...args], { cwd: ROOT, env: appEnv(app()), encoding: 'utf8' });
      expect(res.status, args.join(' ')).to.equal(2);
      expect(res.stderr).to.match(/^usage: strata <command> \[arguments\]\n/);
      for (const command of ['new', 'develop', 'start', 'build', 'generate', 'token', 'upload']) expect(res.stderr).to.match(new RegExp(`\\n  ${command} `));
      expect(res.stdout).to.equal('');
    }
  });

  it('refuses to run in production without API_TOKEN_SALT, and uses it when set', () => {
    const appDir = app();
    const missing = token(appDir, ['list'], { NODE_ENV: 'production' });
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.match(/(^|\n)failed \[CONFIG_ERR_INVALID\]: /);
    expect(missing.stderr).to.contain('config api.tokens.salt: required in production (set API_TOKEN_SALT');
    const withSalt = token(appDir, ['create', '--name', 'prod', '--type', 'read-only'], { NODE_ENV: 'production', API_TOKEN_SALT: 'a-production-salt', JWT_SECRET: 'a-production-jwt-secret' });
    expect(withSalt.code, withSalt.stderr).to.equal(0);
    expect(existsSync(join(appDir, '.tmp', 'api-token-salt'))).to.equal(false);
  });
});
