// Schema sync's renames (content-types/renames.json), written by hand as a team would commit them:
// a column renamed keeps its values; a database that never had the source records the rename
// with nothing to move; a target that exists already beside its source stops the start.

import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Rename } from '../../core/index.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startKernel } from '../helpers/kernel.js';

function typeFile(dir: string, attribute: string): void {
  writeFileSync(join(dir, 'book.json'), JSON.stringify({
    kind: 'collectionType', collectionName: 'books', info: { singularName: 'book', pluralName: 'books', displayName: 'Book' },
    options: { draftAndPublish: false }, attributes: { [attribute]: { type: 'string' } },
  }));
}

const RENAME: Rename = {
  id: '2026-01-01T00:00:00.000Z-a1b2c3', kind: 'attribute', model: 'api::book.book', from: 'name', to: 'title', at: '2026-01-01T00:00:00.000Z',
  moves: [{ op: 'column', table: 'books', from: 'name', to: 'title' }],
};

describe('schema sync: renames', function () {
  this.timeout(30_000);
  let dir: string;
  let db: TestDatabase;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'strata-renames-'));
    mkdirSync(join(dir, 'content-types'));
    db = await createTestDatabase({ persistent: true });
  });
  afterEach(async () => {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  const types = () => join(dir, 'content-types');
  const start = () => startKernel({ appDir: dir, contentTypesDir: types(), db });

  it('moves a column before the diff, once, keeping its values; a new database has nothing to move', async () => {
    typeFile(types(), 'name');
    let app = await start();
    await app.kernel.documents('api::book.book').create({ data: { name: 'Kept' } });
    await app.stop();
    typeFile(types(), 'title');
    writeFileSync(join(types(), 'renames.json'), JSON.stringify({ version: 1, renames: [RENAME] }));
    app = await start();
    expect(app.kernel.lastSync?.operations[0]).to.equal('renamed attribute api::book.book.name to title: column books.name -> title');
    expect((await app.kernel.documents('api::book.book').findMany()).map((b) => b.title)).to.deep.equal(['Kept']);
    expect(app.logs.some((l) => /books\.name is no longer used/.test(l.message))).to.equal(false);
    await app.stop();

    const fresh = await createTestDatabase();
    try {
      const other = await startKernel({ appDir: dir, contentTypesDir: types(), db: fresh });
      expect(other.kernel.lastSync?.operations[0]).to.equal('renamed attribute api::book.book.name to title (nothing to move in this database)');
      await other.kernel.documents('api::book.book').create({ data: { title: 'New' } });
      await other.stop();
    } finally {
      await fresh.drop();
    }
  });

  it('stops the start when the target exists beside its source, moving nothing', async () => {
    typeFile(types(), 'name');
    let app = await start();
    await app.kernel.documents('api::book.book').create({ data: { name: 'Kept' } });
    await app.stop();
    // Started on the new file without the renames file: the new column is created empty
    writeFileSync(join(types(), 'book.json'), JSON.stringify({
      kind: 'collectionType', collectionName: 'books', info: { singularName: 'book', pluralName: 'books', displayName: 'Book' },
      options: { draftAndPublish: false }, attributes: { name: { type: 'string' }, title: { type: 'string' } },
    }));
    app = await start();
    await app.stop();
    typeFile(types(), 'title');
    writeFileSync(join(types(), 'renames.json'), JSON.stringify({ version: 1, renames: [RENAME] }));
    let failure: unknown;
    try { app = await start(); } catch (err) { failure = err; }
    expect(failure).to.have.property('code', 'SYNC_ERR_RENAME');
    expect(String((failure as Error).message)).to.match(/column books\.title exists already beside column books\.name/);
  });
});
