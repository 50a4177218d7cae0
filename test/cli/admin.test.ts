// `strata admin create-user|reset-password` (scripts/strata.mjs admin): administrators for headless
// set-ups, on a temporary SQLite app with the admin plugin, from compiled code; the server then
// signs them in, and a reset ends the sessions they had.

import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, FIXTURE_CONTENT_TYPES } from '../helpers/kernel.js';
import { appEnv, startServer } from '../helpers/server-process.js';

const PASSWORD = 'Correct-Horse-9';

function tempApp(plugins: string): string {
  const appDir = mkdtempSync(join(tmpdir(), 'strata-admin-'));
  cpSync(FIXTURE_CONTENT_TYPES, join(appDir, 'content-types'), { recursive: true });
  mkdirSync(join(appDir, 'config'));
  writeFileSync(join(appDir, 'config', 'plugins.ts'), `export default () => (${plugins});\n`);
  return appDir;
}

function admin(appDir: string, args: string[], input?: string) {
  const res = spawnSync(process.execPath, [join(ROOT, 'scripts', 'strata.mjs'), 'admin', ...args], {
    cwd: ROOT, env: appEnv(appDir), encoding: 'utf8', timeout: 120_000, ...(input !== undefined ? { input } : {}),
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** The same, without blocking this process: a server's idle connections keep being served (a
 *  blocked event loop would reuse one the server closed meanwhile). */
function adminAsync(appDir: string, args: string[], input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'strata.mjs'), 'admin', ...args], { cwd: ROOT, env: appEnv(appDir) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
  child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
  child.stdin.end(input);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

// Its apps are SQLite whatever DATABASE_CLIENT says: once per CI run is enough
const onSqliteRun = (process.env.DATABASE_CLIENT ?? 'sqlite') === 'sqlite' ? describe : describe.skip;

onSqliteRun('strata admin', function () {
  this.timeout(180_000);
  const apps: string[] = [];
  const app = (plugins = "{ admin: { enabled: true, config: { auth: { secret: 'a cli test admin secret, long enough' }, rateLimit: { enabled: false } } } }") => {
    const dir = tempApp(plugins);
    apps.push(dir);
    return dir;
  };
  after(() => { for (const dir of apps) rmSync(dir, { recursive: true, force: true }); });

  it('creates the first administrator, who signs in; a reset from stdin ends their sessions', async () => {
    const appDir = app();
    const created = admin(appDir, ['create-user', '--email', 'Ada@Example.com', '--password', PASSWORD, '--firstname', 'Ada', '--lastname', 'Lovelace']);
    expect(created.code, created.stderr).to.equal(0);
    expect(created.stdout).to.equal('created administrator ada@example.com (id 1, role Super Admin)\n');
    const editor = admin(appDir, ['create-user', '--email', 'eve@example.com', '--firstname', 'Eve', '--role', 'strapi-editor'], `${PASSWORD}\n`);
    expect(editor.code, editor.stderr).to.equal(0);
    expect(editor.stdout).to.equal('created administrator eve@example.com (id 2, role Editor)\n');

    const server = startServer(appDir);
    try {
      const url = await server.ready;
      const post = (path: string, body: unknown, token?: string) => fetch(`${url}${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body),
      });
      expect(await (await fetch(`${url}/admin/init`)).json()).to.deep.include({ data: { uuid: false, hasAdmin: true, menuLogo: null, authLogo: null } });
      expect((await post('/admin/register-admin', { email: 'mallory@example.com', password: PASSWORD, firstname: 'Mallory' })).status).to.equal(400);
      const login = await post('/admin/login', { email: 'ada@example.com', password: PASSWORD });
      expect(login.status).to.equal(200);
      const { data } = await login.json() as { data: { token: string; user: { firstname: string; lastname: string; roles: Array<{ code: string }> } } };
      expect(data.user).to.include({ firstname: 'Ada', lastname: 'Lovelace' });
      expect(data.user.roles.map((r) => r.code)).to.deep.equal(['strapi-super-admin']);
      const sessions = () => fetch(`${url}/admin/sessions`, { headers: { authorization: `Bearer ${data.token}` } });
      expect((await sessions()).status).to.equal(200);
      const eve = await post('/admin/login', { email: 'eve@example.com', password: PASSWORD });
      expect(((await eve.json()) as { data: { user: { roles: Array<{ code: string }> } } }).data.user.roles.map((r) => r.code)).to.deep.equal(['strapi-editor']);

      const reset = await adminAsync(appDir, ['reset-password', '--email', 'ADA@example.com'], 'Another-Horse-7\n');
      expect(reset.code, reset.stderr).to.equal(0);
      expect(reset.stdout).to.equal('changed the password of ada@example.com; 1 session(s) ended\n');
      expect((await sessions()).status, 'the session signed in before the reset').to.equal(401);
      expect((await post('/admin/login', { email: 'ada@example.com', password: PASSWORD })).status).to.equal(400);
      expect((await post('/admin/login', { email: 'ada@example.com', password: 'Another-Horse-7' })).status).to.equal(200);
    } finally {
      expect(await server.stop()).to.equal(0);
    }
  });

  it('refuses a weak password, a taken address, an unknown role or account, and bad arguments, with exit code 1', () => {
    const appDir = app();
    expect(admin(appDir, ['create-user', '--email', 'ada@example.com', '--password', PASSWORD, '--firstname', 'Ada']).code).to.equal(0);
    const cases: Array<[string[], string | RegExp, string?]> = [
      [['create-user', '--email', 'bob@example.com', '--password', 'Password', '--firstname', 'Bob'], 'error: password must contain at least one number\n'],
      [['create-user', '--email', 'bob@example.com', '--firstname', 'Bob'], 'error: password must be at least 8 characters\n', 'short\n'],
      [['create-user', '--email', 'not-an-address', '--password', PASSWORD, '--firstname', 'Bob'], 'error: email must be a valid email\n'],
      [['create-user', '--email', 'ADA@example.com', '--password', PASSWORD, '--firstname', 'Ada'], 'error: an administrator with the email ada@example.com exists (strata admin reset-password changes a password)\n'],
      [['create-user', '--email', 'bob@example.com', '--password', PASSWORD, '--firstname', 'Bob', '--role', 'owner'], 'error: no admin role with the code "owner" (the roles: strapi-super-admin, strapi-editor, strapi-author)\n'],
      [['reset-password', '--email', 'nobody@example.com', '--password', PASSWORD], 'error: no administrator with the email nobody@example.com\n'],
      [[], /(^|\n)error: missing command: create-user or reset-password\n\nUsage:\n/],
      [['create-user', '--email', 'bob@example.com', '--password', PASSWORD], /(^|\n)error: create-user needs --firstname\n\nUsage:/],
      [['reset-password', '--email', 'ada@example.com', '--password', PASSWORD, '--role', 'x'], /(^|\n)error: --role does not apply to reset-password\n/],
      [['frob'], /(^|\n)error: unknown command "frob"/],
    ];
    for (const [args, stderr, input] of cases) {
      const res = admin(appDir, args, input ?? '');
      expect(res.code, args.join(' ')).to.equal(1);
      // Its last lines: a source checkout may print "building (tsc)..." first, a new app warnings
      if (typeof stderr === 'string') expect(res.stderr.endsWith(stderr), `${args.join(' ')}: ${res.stderr}`).to.equal(true);
      else expect(res.stderr, args.join(' ')).to.match(stderr);
      expect(res.stdout, args.join(' ')).to.equal('');
    }
    const help = admin(appDir, ['--help']);
    expect(help.code).to.equal(0);
    expect(help.stdout).to.match(/^Usage:\n {2}strata admin create-user/);
    const without = admin(app('{}'), ['create-user', '--email', 'ada@example.com', '--password', PASSWORD, '--firstname', 'Ada']);
    expect(without.code).to.equal(1);
    expect(without.stderr).to.match(/\nerror: the admin plugin is not enabled in config\/plugins\.ts\n$/);
  });
});
