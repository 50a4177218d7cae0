// The salt API tokens are hashed with: required in production, generated once per app folder in
// development, and part of each token's identity (another salt, another hash: the token is gone).

import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKernel, createMemoryLogger, KernelError } from '../../core/index.js';
import { expectRefusal, TEST_SALT, tokenClient } from '../helpers/api-tokens.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { ROOT, startKernel } from '../helpers/kernel.js';
import { expectStatus } from '../helpers/suite.js';
import { FIXTURE_CONFIG } from '../helpers/fixture.js';

const inMemory = { database: { client: 'sqlite' as const, connection: { filename: ':memory:' } } };

describe('API token salt', function () {
  this.timeout(60_000);
  const dirs: string[] = [];
  const tempApp = () => { const d = mkdtempSync(join(tmpdir(), 'strata-salt-')); dirs.push(d); return d; };
  after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

  it('stops start-up in production when none is configured, naming the key', async () => {
    const appDir = tempApp();
    const kernel = await createKernel({ appDir, contentTypesDir: false, env: {}, config: { ...inMemory, server: { environment: 'production' } }, logger: createMemoryLogger() });
    const err = await kernel.load().then(() => null, (e: unknown) => e);
    await kernel.destroy();
    expect(err).to.be.instanceOf(KernelError);
    expect((err as KernelError).code).to.equal('CONFIG_ERR_INVALID');
    expect((err as Error).message).to.match(/^config api\.tokens\.salt: required in production \(set API_TOKEN_SALT/);
    expect(existsSync(join(appDir, '.tmp'))).to.equal(false);
  });

  it('is read from API_TOKEN_SALT by the example app\'s config, where NODE_ENV=production means production', async () => {
    const kernel = await createKernel({
      configDir: FIXTURE_CONFIG, contentTypesDir: false, env: { NODE_ENV: 'production', API_TOKEN_SALT: 'from-the-environment' },
    });
    expect(kernel.config.api.tokens.salt).to.equal('from-the-environment');
    expect(kernel.config.server.environment).to.equal('production');
    const unset = await createKernel({ configDir: FIXTURE_CONFIG, contentTypesDir: false, env: { NODE_ENV: 'production' } });
    expect(unset.config.api.tokens.salt).to.equal(undefined);
  });

  it('refuses an empty salt in config', async () => {
    const err = await createKernel({ contentTypesDir: false, env: {}, config: { ...inMemory, api: { tokens: { salt: '' } } } })
      .then(() => null, (e: unknown) => e);
    expect((err as Error).message).to.equal('config api.tokens.salt: expected a non-empty string (or leave it unset), got ""');
  });

  describe('in development, without one', () => {
    let db: TestDatabase;
    beforeEach(async () => { db = await createTestDatabase({ persistent: true }); });
    afterEach(async () => { await db.drop(); });

    it('generates one into <appDir>/.tmp/api-token-salt and keeps using it across restarts', async () => {
      const appDir = tempApp();
      const first = await startKernel({ appDir, db });
      const salt = readFileSync(join(appDir, '.tmp', 'api-token-salt'), 'utf8').trim();
      expect(salt).to.have.length.above(30);
      let secret: string;
      try {
        secret = await tokenClient(first).secret({ type: 'read-only' });
        expectStatus(await tokenClient(first).as(secret, 'GET', '/api/categories'), 200);
      } finally { await first.stop(); }

      const second = await startKernel({ appDir, db });
      try {
        expect(readFileSync(join(appDir, '.tmp', 'api-token-salt'), 'utf8').trim()).to.equal(salt);
        expectStatus(await tokenClient(second).as(secret, 'GET', '/api/categories'), 200);
      } finally { await second.stop(); }

      // Another salt hashes the same secret differently: every token stops working
      const third = await startKernel({ appDir, db, config: { api: { tokens: { salt: TEST_SALT } } } });
      try {
        expectRefusal(await tokenClient(third).as(secret, 'GET', '/api/categories'), 401, 'Missing or invalid credentials');
      } finally { await third.stop(); }
    });
  });
});
