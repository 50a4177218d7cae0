// Shared by the content-type builder suites: an app folder of its own (a category type and a
// shared.seo component), the kernel options that let the builder write (autoReload), and the
// administrator of a kernel started again on the same database.

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestDatabase } from '../../helpers/database.js';
import type { StartOptions, TestKernel } from '../../helpers/kernel.js';
import { registerFirstAdmin, type Session } from './helpers.js';

const SECRET = 'an admin test secret, long enough';

/** `plugins`: more plugins' entries beside draft-and-publish and the admin. */
export function builderOptions(dir: string, db: TestDatabase, server: Record<string, unknown> = { autoReload: true }, plugins: Record<string, unknown> = {}): StartOptions {
  return {
    appDir: dir, contentTypesDir: join(dir, 'content-types'), db,
    config: {
      server,
      api: { tokens: { salt: 'a salt for the api tokens of this test' } },
      plugins: {
        'draft-and-publish': { enabled: true },
        admin: { enabled: true, config: { auth: { secret: SECRET }, rateLimit: { enabled: false } } },
        ...plugins,
      },
    },
  };
}

/** A new app folder with a category type and a shared.seo component. */
export function newBuilderApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'strata-ctb-'));
  const types = join(dir, 'content-types');
  mkdirSync(join(types, 'components', 'shared'), { recursive: true });
  writeFileSync(join(types, 'category.json'), JSON.stringify({
    kind: 'collectionType', collectionName: 'categories', info: { singularName: 'category', pluralName: 'categories', displayName: 'Category' },
    options: { draftAndPublish: false }, attributes: { name: { type: 'string' } },
  }));
  writeFileSync(join(types, 'components', 'shared', 'seo.json'), JSON.stringify({
    collectionName: 'components_shared_seos', info: { displayName: 'Seo' }, attributes: { metaTitle: { type: 'string' } },
  }));
  return dir;
}

/** The first administrator: registered on a new database, logged in on one that has it. */
export async function builderAdmin(k: TestKernel): Promise<Session> {
  const res = await k.post('/admin/login', { email: 'ada@example.com', password: 'Correct-Horse-9' });
  return res.status === 200 ? { token: res.body.data.token, cookie: '', user: res.body.data.user } : registerFirstAdmin(k);
}
