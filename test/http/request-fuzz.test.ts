// Seeded fuzzing of whole requests against the example app as `npm start` configures it (drafts,
// i18n, GraphQL, users-permissions): reads, writes, odd methods and paths, hostile headers and
// encodings, GraphQL documents and auth flows, anonymous and with a full-access token. Every answer
// is checked (verdict.ts): no 5xx, every error in the envelope, nothing private; the app still
// answers afterwards. FUZZ_REQUESTS sets the requests per class (default 2000).
//
// The same generators drive `npm run fuzz` against a running app; its tests are at the end.

import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { createEnv } from '../../core/index.js';
import apiConfig from '../fixture/config/api.js';
import pluginsConfig from '../fixture/config/plugins.js';
import { TEST_SALT } from '../helpers/api-tokens.js';
import { ROOT, startKernel, type TestKernel } from '../helpers/kernel.js';
import { discoverContext, formatStatuses, runCampaign, type CampaignResult } from './fuzz/campaign.js';
import { PASSCODE_MARKER, PRIVATE_MARKER } from './fuzz/check.js';
import { CLASSES, type FuzzContext, type RequestClass } from './fuzz/requests.js';
import { toCurl } from './fuzz/send.js';

const SEED = 20261125;
const PER_CLASS = Math.max(1, Number(process.env.FUZZ_REQUESTS ?? 2000) || 2000);

function exampleConfig() {
  const env = createEnv({ JWT_SECRET: 'fuzz-jwt-secret-of-enough-length', API_TOKEN_SALT: TEST_SALT });
  const plugins = pluginsConfig(env);
  // Auth rate limits would turn most auth requests into 429s after the first few
  const up = plugins['users-permissions'];
  return {
    api: apiConfig(env),
    plugins: { ...plugins, 'users-permissions': { ...up, config: { ...up.config, ratelimit: { enabled: false } } } },
  };
}

const CLI = join(ROOT, 'test', 'http', 'fuzz', 'cli.ts');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const execFileAsync = promisify(execFile);

/** Runs the fuzz command; asynchronously, since the app it talks to runs in this process. */
async function runCli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [TSX, CLI, ...args], { timeout: 120_000, env: { ...process.env, FUZZ_TOKEN: '' } });
    return { status: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number | string; stdout?: string; stderr?: string };
    return { status: typeof e.code === 'number' ? e.code : null, stdout: e.stdout ?? '', stderr: e.stderr ?? String(err) };
  }
}

function report(result: CampaignResult): string {
  const shown = result.failures.slice(0, 8).map((f) =>
    `${f.cls}:${f.index} -> ${f.status ?? 'no answer'}: ${f.problems.join('; ')}\n  answer: ${f.excerpt.slice(0, 300)}\n  ${toCurl(new URL('http://127.0.0.1:1337'), f.request).slice(0, 1500)}`);
  return `${result.failures.length} of ${result.requests} requests failed (seed ${SEED}):\n${shown.join('\n')}\n${formatStatuses(result)}`;
}

const count = (result: CampaignResult, cls: RequestClass, pick: (status: number) => boolean): number =>
  [...(result.statuses.get(cls) ?? new Map<number, number>())].filter(([s]) => pick(s)).reduce((n, [, c]) => n + c, 0);

describe('request fuzzing (every class, seeded)', function () {
  let app: TestKernel;
  let appDir: string;
  let context: FuzzContext;

  before(async function () {
    this.timeout(120_000);
    // Its own app folder: the upload plugin keeps files (and the folder for them) under it
    appDir = mkdtempSync(join(tmpdir(), 'strata-fuzz-'));
    app = await startKernel({ appDir, config: exampleConfig() });
    const { secret } = await app.kernel.apiTokens.create({ name: 'fuzz', type: 'full-access' });
    const as = { authorization: `Bearer ${secret}` };
    const create = async (path: string, data: Record<string, unknown>) => {
      const res = await app.request('POST', path, { data }, as);
      if (res.status !== 201) throw new Error(`seeding ${path}: ${res.status} ${res.text}`);
      return res.body.data.documentId as string;
    };
    const news = await create('/api/categories', { name: 'News' });
    const alice = await create('/api/authors', { name: 'Alice', email: 'alice@example.com', secretNote: PRIVATE_MARKER, passcode: PASSCODE_MARKER });
    await create('/api/articles', { title: 'First', category: news, authors: [alice], seo: { metaTitle: 'M' }, blocks: [{ __component: 'shared.quote', title: 'Q', person: alice }] });
    await create('/api/articles?status=draft', { title: 'Draft only' });
    await app.request('PUT', '/api/global', { data: { siteName: 'Fuzz' } }, as);
    context = await discoverContext(app.url, secret);
  });
  after(async () => {
    await app?.stop();
    if (appDir) rmSync(appDir, { recursive: true, force: true });
  });

  for (const cls of CLASSES) {
    it(`${cls}: ${PER_CLASS} requests, none a 5xx, every error in the envelope, nothing private`, async function () {
      this.timeout(Math.max(120_000, PER_CLASS * 300));
      const result = await runCampaign({ url: app.url, seed: SEED, classes: [cls], perClass: PER_CLASS, context });
      expect(result.failures, report(result)).to.deep.equal([]);
      expect(result.aliveAfter, 'the app answers after the campaign').to.equal(true);
      expect(result.requests).to.equal(PER_CLASS);
      // The generators must reach the code behind validation, not only the refusals
      if (cls === 'read' || cls === 'write' || cls === 'graphql') {
        expect(count(result, cls, (s) => s >= 200 && s < 300), `successes of ${cls}\n${formatStatuses(result)}`).to.be.greaterThan(PER_CLASS / 20);
      }
      expect(count(result, cls, (s) => s >= 400), `refusals of ${cls}\n${formatStatuses(result)}`).to.be.greaterThan(0);
    });
  }

  it('`npm run fuzz` runs a campaign against a running app and exits 0 when nothing fails', async function () {
    this.timeout(120_000);
    const run = await runCli(['--url', app.url, '--seed', '3', '--per-class', '4', '--concurrency', '2']);
    expect(run.status, run.stdout + run.stderr).to.equal(0);
    expect(run.stdout).to.contain('with seed 3').and.match(/24 requests, 0 failing/);
  });

  it('`npm run fuzz` refuses bad arguments with its usage', async () => {
    const run = await runCli(['--seconds', 'soon']);
    expect(run.status).to.equal(2);
    expect(run.stderr).to.contain('--seconds must be a non-negative integer').and.contain('usage: npm run fuzz');
  });

  describe('against an app that fails', () => {
    let server: Server;
    let url: string;
    before(async () => {
      // A bare 500 for anything but a read of articles: what the fuzzer exists to find
      server = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          if (req.method === 'GET' && req.url?.startsWith('/api/articles?fields')) res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
          else res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('prints every failure as a curl command and a replay line, and exits 1', async function () {
      this.timeout(120_000);
      const run = await runCli(['--url', url, '--seed', '5', '--per-class', '2', '--classes', 'write,auth', '--concurrency', '1']);
      expect(run.status, run.stdout + run.stderr).to.equal(1);
      const fails = run.stdout.split('\n').filter((l) => /^FAIL \w+:\d+ /.test(l));
      expect(fails, run.stdout).to.have.length(4);
      expect(run.stdout).to.contain('- status 500').and.contain('not JSON');
      expect(run.stdout).to.match(/printf %s \S+ \| base64 -d \| curl -sS -i --path-as-is -X (?:POST|PUT) /);

      // The replay line generates the same request again
      const replay = /--replay (write:\d+)/.exec(run.stdout)![1]!;
      const again = await runCli(['--url', url, '--seed', '5', '--replay', replay]);
      expect(again.status).to.equal(1);
      const curl = again.stdout.split('\n')[0]!;
      expect(run.stdout).to.contain(curl);
    });
  });
});
