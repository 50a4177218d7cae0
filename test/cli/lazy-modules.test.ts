// What a production start loads: the packages a request may never need (GraphQL's, image work,
// mail, file sniffing, multipart parsing) load with the first request that needs them, not at start (issue #43:
// start-up time and idle memory). A load hook in the server process lists every package it
// loads, from which node_modules folder, into a file the test reads.

import { expect } from 'chai';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIXTURE_CONTENT_TYPES } from '../helpers/kernel.js';
import { startServer } from '../helpers/server-process.js';

const ON_DEMAND = ['graphql', 'graphql-jit', 'graphql-http', '@graphql-tools/schema', 'graphql-query-complexity', 'sharp', 'nodemailer', 'file-type', 'formidable'];
const GRAPHQL = ['graphql', 'graphql-jit', 'graphql-http', '@graphql-tools/schema'];

const HOOK = `
import { registerHooks } from 'node:module';
import { appendFileSync } from 'node:fs';
const seen = new Set();
registerHooks({
  load(url, context, next) {
    const name = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url)?.[1];
    if (name && !seen.has(name)) { seen.add(name); appendFileSync(process.env.LOADED_LOG, name + '\\n'); }
    return next(url, context);
  },
});
`;

describe('npm start: what loads on demand', function () {
  this.timeout(120_000);

  it('starts without GraphQL, sharp, nodemailer, file-type or formidable; the first GraphQL request loads GraphQL alone', async () => {
    const appDir = mkdtempSync(join(tmpdir(), 'strata-lazy-'));
    cpSync(FIXTURE_CONTENT_TYPES, join(appDir, 'content-types'), { recursive: true });
    const hook = join(appDir, 'record-loads.mjs');
    writeFileSync(hook, HOOK);
    const log = join(appDir, 'loaded.txt');
    writeFileSync(log, '');
    const loaded = () => new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean));
    // One process (no cluster), the fixture's plugins as shipped: users-permissions, GraphQL and upload on
    const server = startServer(appDir, {
      NODE_ENV: 'production', WORKERS: '1', JWT_SECRET: 'lazy-modules-test-jwt-secret-000000',
      API_TOKEN_SALT: 'lazy-modules-test-api-token-salt-0000', NODE_OPTIONS: `--import ${pathToFileURL(hook).href}`, LOADED_LOG: log,
    });
    try {
      const url = await server.ready;
      expect((await fetch(`${url}/api/articles`)).status).to.equal(200);
      const atStart = loaded();
      // The hook sees the server's packages: a control, without which every absence below is empty
      expect(atStart, 'the hook recorded the server loading koa and knex').to.include.all.keys('koa', 'knex');
      expect(ON_DEMAND.filter((name) => atStart.has(name)), 'loaded by a start and a REST read').to.deep.equal([]);
      const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ articles { title } }' }) });
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.equal({ data: { articles: [] } });
      const afterGraphql = loaded();
      expect(GRAPHQL.filter((name) => !afterGraphql.has(name)), 'not loaded by the first GraphQL request').to.deep.equal([]);
      expect(['sharp', 'nodemailer', 'file-type', 'formidable'].filter((name) => afterGraphql.has(name))).to.deep.equal([]);
    } finally {
      await server.stop();
    }
  });
});
