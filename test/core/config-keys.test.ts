// Unknown config keys and missing production secrets (issue #44, items 3 and 4): a misspelt key
// in any config file, in a plugin entry or in a plugin's own config stops the start (and
// `strata build`, which runs the same check) naming the key and the nearest known one; every
// secret production lacks is named in one message. Checked with kernel.check(), which opens no
// database.

import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKernel, definePlugin, productionSecret, type KernelOptions, type Plugin } from '../../core/index.js';

/** The error kernel.check() stops with (configuration only: no content types, no database). */
async function refusal(options: KernelOptions): Promise<string> {
  try {
    const kernel = await createKernel({ contentTypesDir: false, ...options });
    await kernel.check();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
}

const plugin = (name: string, config: Record<string, unknown>) => ({ config: { plugins: { [name]: { enabled: true, config } } } });

describe('config: unknown keys and production secrets', () => {
  const dirs: string[] = [];
  // A folder per test: a config module, once imported, stays in the module cache
  const configDir = () => { const d = mkdtempSync(join(tmpdir(), 'strata-config-keys-')); dirs.push(d); return d; };
  after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

  it('names a misspelt key of a config file, the nearest known one and the file', async () => {
    const dir = configDir();
    writeFileSync(join(dir, 'server.js'), 'export default (env) => ({ host: "127.0.0.1", prot: env.int("PORT", 5) });\n');
    const message = await refusal({ configDir: dir });
    expect(message).to.equal('config server.prot: unknown key (did you mean port?) in config/server.js');
  });

  it('names every unknown key of every file at once, nested ones and webhook endpoints included', async () => {
    const dir = configDir();
    writeFileSync(join(dir, 'server.js'), 'export default () => ({ cors: { orgin: "*" }, limits: { queryLenght: 9000 } });\n');
    writeFileSync(join(dir, 'api.js'), 'export default () => ({ rest: { maxLimt: 50 }, token: {} });\n');
    writeFileSync(join(dir, 'webhooks.js'), 'export default () => ({ endpoints: [{ name: "a", url: "https://example.com/h", events: ["entry.create"], secert: "x" }] });\n');
    writeFileSync(join(dir, 'plugins.js'), 'export default () => ({ i18n: { enabeld: true } });\n');
    const message = await refusal({ configDir: dir });
    expect(message.split('\n')).to.deep.equal([
      '6 problems in the configuration:',
      '  config server.cors.orgin: unknown key (did you mean origin?) in config/server.js',
      '  config server.limits.queryLenght: unknown key (did you mean queryLength?) in config/server.js',
      '  config api.rest.maxLimt: unknown key (did you mean maxLimit?) in config/api.js',
      '  config api.token: unknown key (did you mean tokens?) in config/api.js',
      '  config webhooks.endpoints[0].secert: unknown key (did you mean secret?) in config/webhooks.js',
      '  config plugins.i18n.enabeld: unknown key (did you mean enabled?) in config/plugins.js',
    ]);
  });

  it('takes every key core documents, on SQLite and on a database server', async () => {
    const kernel = await createKernel({
      contentTypesDir: false,
      config: {
        server: { securityHeaders: { hsts: { maxAge: 60, includeSubDomains: true } }, cors: { origin: ['https://example.com'] } },
        database: { client: 'postgres', connection: { host: 'db', port: 5432, database: 'cms', user: 'cms', password: 'x', ssl: { rejectUnauthorized: false } }, schema: 'site', pool: { min: 0, max: 2 } },
        api: { rest: { countLimit: 1000 }, tokens: { salt: 'a salt' }, rateLimit: { enabled: true, store: { hit: async () => ({ count: 1, resetAt: 0 }) } } },
      },
    });
    expect(kernel.config.database.schema).to.equal('site');
  });

  it('names a misspelt key of a first-party plugin, nested ones too', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['graphql', { depthLimt: 5 }, 'config plugins.graphql.config.depthLimt: unknown key (did you mean depthLimit?)'],
      ['i18n', { locales: ['en'], defaultLocal: 'en' }, 'config plugins.i18n.config.defaultLocal: unknown key (did you mean defaultLocale?)'],
      ['upload', { security: { allowTypes: ['image/*'] } }, 'config plugins.upload.config.security.allowTypes: unknown key (did you mean allowedTypes?)'],
      ['openapi', { servePages: true }, 'config plugins.openapi.config.servePages: unknown key (did you mean servePage?)'],
      ['users-permissions', { jwt: { secret: 'a-long-enough-secret', expiresin: '1d' } }, 'config plugins.users-permissions.config.jwt.expiresin: unknown key (did you mean expiresIn?)'],
      ['draft-and-publish', { enabled: true }, 'config plugins.draft-and-publish.config.enabled: unknown key (it takes no keys)'],
      ['admin', { auth: { sessions: { accessTokenLifetime: 60 } } }, 'config plugins.admin.config.auth.sessions.accessTokenLifetime: unknown key (did you mean accessTokenLifespan?)'],
    ];
    for (const [name, config, message] of cases) expect(await refusal(plugin(name, config)), name).to.equal(message);
  });

  it('still takes the keys each first-party plugin reads, and Strapi\'s GraphQL ones it ignores', async () => {
    const kernel = await createKernel({
      contentTypesDir: false,
      config: {
        plugins: {
          'draft-and-publish': true,
          i18n: { enabled: true, config: { locales: ['en', 'fr'], defaultLocale: 'fr' } },
          graphql: { enabled: true, config: { endpoint: '/gql', apolloServer: { tracing: false }, depthLimit: 5, jit: false } },
          upload: { enabled: true, config: { sizeLimit: 1000, breakpoints: { xl: 1920 }, providerOptions: { anything: 1 }, security: { maxImagePixels: 1000 } } },
          'users-permissions': {
            enabled: true,
            config: {
              jwt: { secret: 'a-long-enough-secret', expiresIn: '1d' }, register: { allowedFields: [] }, ratelimit: { enabled: false },
              email: { provider: 'log', from: 'cms@example.com', templates: { resetPassword: { subject: 'Reset' } } }, permissions: { public: [] },
            },
          },
          admin: {
            enabled: true,
            config: {
              auth: {
                secret: 'an-admin-secret-long-enough', origins: ['https://panel.example.com'],
                sessions: { accessTokenLifespan: 600, idleRefreshTokenLifespan: 86_400, maxRefreshTokenLifespan: 864_000, idleSessionLifespan: 3600, maxSessionLifespan: 7200 },
              },
              url: 'https://panel.example.com/admin', registrationTokenLifespan: 3600, resetPasswordTokenLifespan: 600,
              rateLimit: { enabled: true, interval: 60_000, max: 5, maxPerAddress: 20 }, email: { provider: 'log', from: 'cms@example.com' },
            },
          },
        },
      },
    });
    await kernel.check();
    expect(kernel.pluginNames()).to.deep.equal(['draft-and-publish', 'i18n', 'graphql', 'upload', 'users-permissions', 'admin']);
  });

  it('names a misspelt first-party plugin rather than looking for a plugin of the app', async () => {
    expect(await refusal({ config: { plugins: { graphq: true } } })).to.equal('config plugins.graphq: no plugin found (not a first-party plugin (did you mean graphql?); a plugin of your own needs its path in `resolve`)');
  });

  it('checks a plugin of the app that declares its keys', async () => {
    const greeter: Plugin<{ greeting?: string }> = definePlugin<{ greeting?: string }>({
      name: 'greeter', configKeys: { greeting: true }, register() {},
    });
    const message = await refusal({ config: { plugins: { greeter: { enabled: true, resolve: greeter as Plugin, config: { greting: 'hi' } } } } });
    expect(message).to.equal('config plugins.greeter.config.greting: unknown key (did you mean greeting?)');
  });

  it('names every secret production lacks in one message: core\'s salt and the plugins\'', async () => {
    const signer = definePlugin({ name: 'signer', configKeys: { key: productionSecret('set SIGNER_KEY') }, register() {} });
    const message = await refusal({
      config: {
        server: { environment: 'production' },
        plugins: { 'users-permissions': { enabled: true, config: { jwt: { secret: '' } } }, admin: { enabled: true }, signer: { enabled: true, resolve: signer as Plugin } },
      },
    });
    expect(message.split('\n')).to.deep.equal([
      '4 problems in the configuration:',
      '  config api.tokens.salt: required in production (set API_TOKEN_SALT to a long random string, e.g. the output of `openssl rand -base64 32`)',
      '  config plugins.users-permissions.config.jwt.secret: required in production (set JWT_SECRET)',
      '  config plugins.admin.config.auth.secret: required in production (set ADMIN_JWT_SECRET)',
      '  config plugins.signer.config.key: required in production (set SIGNER_KEY)',
    ]);
  });
});
