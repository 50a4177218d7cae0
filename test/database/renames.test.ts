// Schema sync's renames (content-types/renames.json), written by hand as a team would commit them:
// a column renamed keeps its values; a database that never had the source records the rename
// with nothing to move; a target that exists already beside its source stops the start; names
// stored in rows (dotted prefixes, entries and keys of json) are rewritten, each row once; a move
// the file cannot mean stops the start; and a unique attribute's rename stopped halfway goes on
// at the next start, keeping the database's uniqueness under the new name and the old one free.

import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Rename } from '../../core/index.js';
import { CLIENT, createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startKernel } from '../helpers/kernel.js';

function typeFile(dir: string, attribute: string, attributes: Record<string, unknown> = { [attribute]: { type: 'string' } }): void {
  writeFileSync(join(dir, 'book.json'), JSON.stringify({
    kind: 'collectionType', collectionName: 'books', info: { singularName: 'book', pluralName: 'books', displayName: 'Book' },
    options: { draftAndPublish: false }, attributes,
  }));
}

const renamesFile = (dir: string, renames: unknown[]) => writeFileSync(join(dir, 'renames.json'), JSON.stringify({ version: 1, renames }));
const rename = (id: string, moves: unknown[]) => ({ id, kind: 'contentType', from: 'api::old.old', to: 'api::new.new', at: '2026-01-01T00:00:00.000Z', moves });

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

  it('rewrites stored names in rows: dotted prefixes in a column, entries and keys in json, only where asked', async () => {
    typeFile(types(), '', { action: { type: 'string' }, kind: { type: 'string' }, grants: { type: 'json' } });
    let app = await start();
    const books = app.kernel.documents('api::book.book');
    await books.create({ data: { action: 'api::old.old.find', kind: 'a', grants: { fields: ['title', 'seo.metaTitle'], list: ['api::old.old.find', 'api::old.older.find'] } } });
    await books.create({ data: { action: 'api::old.old', kind: 'b', grants: [{ blocks: [{ __component: 'x.y', metaTitle: 1 }, { __component: 'x.z', metaTitle: 2 }] }] } });
    await books.create({ data: { action: 'api::old.older.find', kind: 'a', grants: 'not a list' } });
    await app.stop();
    renamesFile(types(), [rename('r1', [
      { op: 'prefix', table: 'books', column: 'action', from: 'api::old.old', to: 'api::new.new' },
      { op: 'json', table: 'books', column: 'grants', path: ['fields'], rename: 'prefix', from: 'seo', to: 'meta', where: { column: 'kind', equals: 'a' } },
      { op: 'json', table: 'books', column: 'grants', path: ['list'], rename: 'prefix', from: 'api::old.old', to: 'api::new.new' },
      { op: 'json', table: 'books', column: 'grants', path: ['blocks', { where: '__component', equals: 'x.y' }], rename: 'key', from: 'metaTitle', to: 'heading' },
      { op: 'json', table: 'missing_table', column: 'grants', path: [], rename: 'key', from: 'a', to: 'b' },
    ])]);
    app = await start();
    expect(app.kernel.lastSync?.operations[0]).to.match(/books\.action 'api::old\.old' -> 'api::new\.new' \(2 row\(s\)\)/);
    const rows = await app.kernel.documents('api::book.book').findMany({ sort: 'id' });
    expect(rows.map((r) => r.action)).to.deep.equal(['api::new.new.find', 'api::new.new', 'api::old.older.find']);
    expect(rows.map((r) => r.grants)).to.deep.equal([
      { fields: ['title', 'meta.metaTitle'], list: ['api::new.new.find', 'api::old.older.find'] },
      [{ blocks: [{ __component: 'x.y', heading: 1 }, { __component: 'x.z', metaTitle: 2 }] }],
      'not a list',
    ]);
    await app.stop();
  });

  it('stops the start on a move the file cannot mean, naming the file', async () => {
    typeFile(types(), 'name');
    for (const move of [
      { op: 'json', table: 'books', column: 'grants', path: [], rename: 'key', from: '', to: 'b' },
      { op: 'prefix', table: 'books', column: 'action', from: 'a', to: 'b', where: { column: '', equals: 'x' } },
      { op: 'json', table: 'books', column: 'grants', path: [{ where: 'x' }], rename: 'value', from: 'a', to: 'b' },
      { op: 'json', table: 'books', column: 'grants', path: [], rename: 'swap', from: 'a', to: 'b' },
    ]) {
      renamesFile(types(), [rename('bad', [move])]);
      let failure: unknown;
      try { await (await start()).stop(); } catch (err) { failure = err; }
      expect(failure, JSON.stringify(move)).to.have.property('code', 'SCHEMA_ERR_LOAD');
      expect(String((failure as Error).message)).to.match(/renames\.json: expected/);
    }
  });

  it('goes on with a unique attribute\'s rename stopped halfway; uniqueness follows the new name and the old name is free', async () => {
    const unique = (name: string) => ({ [name]: { type: 'string', unique: true } });
    typeFile(types(), '', unique('code'));
    let app = await start();
    for (const code of ['c1', 'c2']) await app.kernel.documents('api::book.book').create({ data: { code } });
    // A table the second move finds at its target: the start stops after the first move (which
    // MariaDB has committed; SQLite and PostgreSQL roll it back)
    await app.kernel.db.schema.createTable('extras', (t) => { t.increments('id'); });
    await app.kernel.db.schema.createTable('spare', (t) => { t.increments('id'); });
    await app.stop();
    typeFile(types(), '', unique('ref'));
    renamesFile(types(), [{
      id: 'unique-ref', kind: 'attribute', model: 'api::book.book', from: 'code', to: 'ref', at: '2026-01-01T00:00:00.000Z',
      moves: [{ op: 'column', table: 'books', from: 'code', to: 'ref' }, { op: 'table', from: 'extras', to: 'spare' }],
    }]);
    let failure: unknown;
    try { await (await start()).stop(); } catch (err) { failure = err; }
    expect(failure).to.have.property('code', 'SYNC_ERR_RENAME');
    const knex = (await import('knex')).default;
    const raw = knex(CLIENT === 'sqlite' ? { client: 'better-sqlite3', connection: db.database.connection as { filename: string }, useNullAsDefault: true }
      : { client: CLIENT === 'mysql' ? 'mysql2' : 'pg', connection: db.database.connection as object, ...(CLIENT === 'postgres' ? { searchPath: [(db.database as { schema: string }).schema] } : {}) });
    await raw.schema.dropTable('spare');
    await raw.destroy();

    app = await start();
    expect(app.kernel.lastSync?.operations[0]).to.match(CLIENT === 'mysql' ? /column books\.code -> ref \(moved already\)/ : /column books\.code -> ref/);
    expect(app.logs.some((l) => /no longer used/.test(l.message)), JSON.stringify(app.logs)).to.equal(false);
    expect(await app.kernel.db('books').orderBy('ref').pluck('ref')).to.deep.equal(['c1', 'c2']);
    const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
    const insert = (row: Record<string, string>) => app.kernel.db('books').insert({ document_id: `d-${Math.random()}`, created_at: now, updated_at: now, ...row });
    let duplicate: unknown;
    try { await insert({ ref: 'c1' }); } catch (err) { duplicate = err; }
    expect(duplicate, 'a duplicate ref is refused by the database').to.be.instanceOf(Error);
    await app.stop();

    // A unique attribute given the old name later is kept unique on its own values
    typeFile(types(), '', { ...unique('ref'), ...unique('code') });
    app = await start();
    await insert({ ref: 'r3', code: 'same' });
    duplicate = undefined;
    try { await insert({ ref: 'r4', code: 'same' }); } catch (err) { duplicate = err; }
    expect(duplicate, 'a duplicate code is refused by the database').to.be.instanceOf(Error);
    await app.stop();
  });
});
