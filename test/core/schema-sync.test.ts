// Schema sync across restarts: each test boots a kernel on a persistent database, writes data over
// HTTP, stops it, and boots again with a changed schema on the same database.

import { expect } from 'chai';
import { KernelError } from '../../core/index.js';
import { startKernel, type TestKernel } from '../helpers/kernel.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

type Attributes = Record<string, Record<string, unknown>>;

function contentType(singular: string, plural: string, attributes: Attributes) {
  return {
    file: `${singular}.json`,
    schema: {
      kind: 'collectionType', collectionName: plural,
      info: { singularName: singular, pluralName: plural, displayName: singular },
      options: {}, pluginOptions: {},
      attributes,
    },
  };
}

const seoComponent = {
  file: 'components/shared/seo.json',
  uid: 'shared.seo',
  schema: {
    collectionName: 'components_shared_seos',
    info: { displayName: 'Seo' },
    options: {},
    attributes: { metaTitle: { type: 'string' } },
  },
};

type ContentTypeFile = ReturnType<typeof contentType>;

function boot(db: TestDatabase, contentTypes: ContentTypeFile[], components: Array<typeof seoComponent> = []): Promise<TestKernel> {
  return startKernel({ db, contentTypesDir: false, schemas: { contentTypes, components } });
}

const syncLines = (app: TestKernel) => app.logs.filter((l) => l.message.startsWith('schema sync'));
const syncMessages = (app: TestKernel, level?: string) =>
  syncLines(app).filter((l) => level === undefined || l.level === level).map((l) => l.message);

/** A unique attribute's key: MariaDB keys a computed column of the value's bytes (physical.ts). */
const uniqueKey = (app: TestKernel, column: string) => (app.kernel.dialect === 'mysql' ? `${column}__key` : column);

/** Runs `fn` with a persistent database and drops it afterwards, stopping whatever kernel is left. */
async function withDatabase(fn: (db: TestDatabase, track: (app: TestKernel) => TestKernel) => Promise<void>): Promise<void> {
  const db = await createTestDatabase({ persistent: true });
  const running: TestKernel[] = [];
  try {
    await fn(db, (app) => { running.push(app); return app; });
  } finally {
    for (const app of running) await app.kernel.destroy();
    await db.drop();
  }
}

async function create(app: TestKernel, plural: string, data: Record<string, unknown>): Promise<string> {
  const res = await app.post(`/api/${plural}`, { data });
  expect(res.status, res.text).to.equal(201);
  return res.body.data.documentId as string;
}

async function read(app: TestKernel, plural: string, documentId: string, query = ''): Promise<Record<string, unknown>> {
  const res = await app.get(`/api/${plural}/${documentId}${query}`);
  expect(res.status, res.text).to.equal(200);
  return res.body.data;
}

/** The names of a table's indexes, as the database lists them. */
async function indexNames(app: TestKernel, table: string): Promise<string[]> {
  const knex = app.kernel.db;
  switch (app.kernel.dialect) {
    case 'sqlite':
      return (await knex.raw('SELECT name FROM sqlite_master WHERE type = ? AND tbl_name = ?', ['index', table]) as Array<{ name: string }>).map((r) => r.name);
    case 'postgres':
      return ((await knex.raw('SELECT indexname AS name FROM pg_indexes WHERE tablename = ? AND schemaname = current_schema()', [table])) as { rows: Array<{ name: string }> }).rows.map((r) => r.name);
    case 'mysql':
      return ((await knex.raw('SHOW INDEX FROM ??', [table])) as [Array<{ Key_name: string }>])[0].map((r) => r.Key_name);
  }
}

describe('schema sync', () => {
  it('drops an index the schema no longer describes and creates the ones it now does, data kept', async () => {
    const before = contentType('book', 'books', { title: { type: 'string' }, isbn: { type: 'string', unique: true } });
    const after = contentType('book', 'books', { title: { type: 'string', unique: true }, isbn: { type: 'string' } });
    await withDatabase(async (db, track) => {
      const first = track(await boot(db, [before]));
      const isbnKey = uniqueKey(first, 'isbn');
      expect(await indexNames(first, 'books')).to.include.members(['books_document_id_idx', 'books_isbn_idx', `books_${isbnKey}_uq`]);
      const id = await create(first, 'books', { title: 'Dune', isbn: '978-0441013593' });
      await first.kernel.destroy();

      const second = track(await boot(db, [after]));
      const titleKey = uniqueKey(second, 'title');
      expect(second.kernel.lastSync?.operations).to.deep.equal([
        ...(titleKey === 'title' ? [] : [`added column books.${titleKey} (string)`]),
        'created index books_title_idx on books(title)',
        `created index books_${titleKey}_uq on books(${titleKey})`,
        'dropped index books_isbn_idx on books(isbn), no longer described',
        `dropped index books_${isbnKey}_uq on books(${isbnKey}), no longer described`,
      ]);
      const now = await indexNames(second, 'books');
      expect(now).to.include.members(['books_document_id_idx', 'books_title_idx', `books_${titleKey}_uq`]);
      expect(now).to.not.include('books_isbn_idx');
      expect(now).to.not.include(`books_${isbnKey}_uq`);
      expect(await read(second, 'books', id)).to.include({ title: 'Dune', isbn: '978-0441013593' });
    });
  });

  it('builds a searchable attribute\'s trigram index over the rows it holds, keeps it through a widening, drops it when no longer searchable', async function () {
    const plain = contentType('post', 'posts', { title: { type: 'string' } });
    const searchable = contentType('post', 'posts', { title: { type: 'string', searchable: true } });
    const widened = contentType('post', 'posts', { title: { type: 'text', searchable: true } });
    const titles = async (app: TestKernel, value: string) => {
      const res = await app.get(`/api/posts?filters[title][$containsi]=${encodeURIComponent(value)}&sort=id`);
      expect(res.status, res.text).to.equal(200);
      return (res.body.data as Array<{ title: string }>).map((d) => d.title);
    };
    await withDatabase(async (db, track) => {
      const first = track(await boot(db, [plain]));
      if (first.kernel.dialect === 'mysql') this.skip();
      await create(first, 'posts', { title: 'Canyon walk' });
      await first.kernel.destroy();

      // Rows written before the index exists are in it
      const second = track(await boot(db, [searchable]));
      expect(second.kernel.lastSync?.operations).to.deep.equal(['created trigram index posts_title_trgm on posts(title)']);
      const id = await create(second, 'posts', { title: 'Reef CANYON' });
      expect(await titles(second, 'canyon')).to.deep.equal(['Canyon walk', 'Reef CANYON']);
      const updated = await second.put(`/api/posts/${id}`, { data: { title: 'Reef only' } });
      expect(updated.status, updated.text).to.equal(200);
      expect(await titles(second, 'canyon')).to.deep.equal(['Canyon walk']);
      expect(await titles(second, 'reef')).to.deep.equal(['Reef only']);
      await second.kernel.destroy();

      // SQLite widens a column by copying its table, which loses the triggers that keep the index
      const third = track(await boot(db, [widened]));
      if (third.kernel.dialect === 'sqlite') {
        expect(third.kernel.lastSync?.operations).to.deep.equal([
          'dropped trigram index posts_title_trgm on posts(title), to build again after the column change',
          'widened column posts.title from string to text',
          'created trigram index posts_title_trgm on posts(title)',
        ]);
      }
      await create(third, 'posts', { title: 'Canyon again' });
      const gone = await third.del(`/api/posts/${id}`);
      expect(gone.status, gone.text).to.be.oneOf([200, 204]);
      expect(await titles(third, 'canyon')).to.deep.equal(['Canyon walk', 'Canyon again']);
      expect(await titles(third, 'reef')).to.deep.equal([]);
      await third.kernel.destroy();

      const fourth = track(await boot(db, [contentType('post', 'posts', { title: { type: 'text' } })]));
      expect(fourth.kernel.lastSync?.operations).to.deep.equal(['dropped trigram index posts_title_trgm on posts(title), no longer described']);
      const left = fourth.kernel.dialect === 'sqlite'
        ? await fourth.kernel.db.raw("SELECT name FROM sqlite_master WHERE name LIKE 'posts_title_trgm%'") as unknown[]
        : (await fourth.kernel.db.raw("SELECT 1 FROM pg_indexes WHERE indexname = 'posts_title_trgm'")).rows as unknown[];
      expect(left).to.deep.equal([]);
      expect(await titles(fourth, 'canyon')).to.deep.equal(['Canyon walk', 'Canyon again']);
    });
  });

  it('keeps the scope counts right through a widening that copies the table (SQLite)', async function () {
    const options = { draftAndPublish: true };
    const before = { ...contentType('memo', 'memos', { label: { type: 'string' } }) };
    before.schema = { ...before.schema, options };
    const after = { ...contentType('memo', 'memos', { label: { type: 'text' } }) };
    after.schema = { ...after.schema, options };
    const dp = { plugins: { 'draft-and-publish': { enabled: true } } };
    await withDatabase(async (db, track) => {
      const first = track(await startKernel({ db, contentTypesDir: false, config: dp, schemas: { contentTypes: [before], components: [] } }));
      if (first.kernel.dialect !== 'sqlite') this.skip();
      for (const label of ['a', 'b']) expect((await first.post('/api/memos', { data: { label } })).status).to.equal(201);
      await first.kernel.destroy();

      const second = track(await startKernel({ db, contentTypesDir: false, config: dp, schemas: { contentTypes: [after], components: [] } }));
      expect(second.kernel.lastSync?.operations).to.deep.equal([
        'dropped scope-counts index memos_scope_counts on memos(published_at), to build again after the column change',
        'widened column memos.label from string to text',
        'created scope-counts index memos_scope_counts on memos(published_at)',
      ]);
      expect((await second.post('/api/memos', { data: { label: 'c' } })).status).to.equal(201);
      for (const status of ['published', 'draft']) {
        const counted = (await second.get(`/api/memos?status=${status}`)).body.meta.pagination.total;
        expect(counted, status).to.equal((await second.get(`/api/memos?status=${status}&filters[id][$gt]=0`)).body.meta.pagination.total);
        expect(counted, status).to.equal(3);
      }
    });
  });

  it('builds again a trigram index that a sync stopped halfway had dropped, though its state still records it', async function () {
    const searchable = contentType('post', 'posts', { title: { type: 'string', searchable: true } });
    const widened = contentType('post', 'posts', { title: { type: 'text', searchable: true } });
    await withDatabase(async (db, track) => {
      const first = track(await boot(db, [searchable]));
      if (first.kernel.dialect === 'mysql') this.skip();
      await create(first, 'posts', { title: 'Canyon walk' });
      // What the widening sync leaves when killed after its first step: the index dropped, the
      // column not yet changed, the state not written
      if (first.kernel.dialect === 'sqlite') {
        for (const kind of ['ins', 'del', 'upd']) await first.kernel.db.raw(`DROP TRIGGER posts_title_trgm_${kind}`);
        await first.kernel.db.raw('DROP TABLE posts_title_trgm');
      } else {
        await first.kernel.db.raw('DROP INDEX posts_title_trgm');
      }
      await first.kernel.destroy();

      const second = track(await boot(db, [widened]));
      expect(second.kernel.lastSync?.operations).to.deep.equal([
        'widened column posts.title from string to text',
        'created trigram index posts_title_trgm on posts(title)',
      ]);
      await create(second, 'posts', { title: 'Canyon again' });
      const res = await second.get('/api/posts?filters[title][$containsi]=canyon&sort=id');
      expect(res.body.data.map((d: { title: string }) => d.title)).to.deep.equal(['Canyon walk', 'Canyon again']);
      if (second.kernel.dialect === 'sqlite') {
        const rows = await second.kernel.db.raw('SELECT count(*) AS n FROM posts_title_trgm') as Array<{ n: number }>;
        expect(rows[0]!.n).to.equal(2);
      }
    });
  });

  it('goes on after a sync that stopped halfway: an index built but not recorded is kept, not built again', async () => {
    const before = contentType('book', 'books', { title: { type: 'string' }, isbn: { type: 'string', unique: true } });
    const after = contentType('book', 'books', { title: { type: 'string', unique: true }, isbn: { type: 'string', unique: true } });
    await withDatabase(async (db, track) => {
      const first = track(await boot(db, [before]));
      // What a sync killed after its first step leaves: the index exists, the state does not know it
      // (MariaDB keys a computed column the next sync adds: only the plain index is left here)
      await first.kernel.db.schema.alterTable('books', (t) => {
        t.index(['title'], 'books_title_idx');
        if (first.kernel.dialect !== 'mysql') t.unique(['title'], { indexName: 'books_title_uq', useConstraint: false });
      });
      await first.kernel.destroy();

      const second = track(await boot(db, [after]));
      expect(second.kernel.lastSync?.operations).to.deep.equal(second.kernel.dialect === 'mysql'
        ? ['added column books.title__key (string)', 'created index books_title__key_uq on books(title__key)'] : []);
      expect(await indexNames(second, 'books')).to.include.members(['books_title_idx', 'books_isbn_idx']);
      expect((await second.post('/api/books', { data: { title: 'Emma' } })).status).to.equal(201);
    });
  });

  it('a unique key over rows that already share a value is not built: start-up goes on, duplicates are still refused, a later start builds it', async () => {
    const before = contentType('book', 'books', { title: { type: 'string' }, isbn: { type: 'string' } });
    const after = contentType('book', 'books', { title: { type: 'string' }, isbn: { type: 'string', unique: true } });
    await withDatabase(async (db, track) => {
      const first = track(await boot(db, [before]));
      await create(first, 'books', { title: 'Dune', isbn: '978-0441013593' });
      const copy = await create(first, 'books', { title: 'Dune again', isbn: '978-0441013593' });
      await first.kernel.destroy();

      const second = track(await boot(db, [after]));
      const key = uniqueKey(second, 'isbn');
      expect(syncMessages(second, 'warn').join('\n')).to.include(`unique index books_${key}_uq not built: rows of books already share a value of ${key}`);
      expect(await indexNames(second, 'books')).to.not.include(`books_${key}_uq`);
      const third = await second.post('/api/books', { data: { title: 'Dune, third', isbn: '978-0441013593' } });
      expect(third.status).to.equal(400);
      expect((await second.put(`/api/books/${copy}`, { data: { isbn: '978-0441013594' } })).status).to.equal(200);
      await second.kernel.destroy();

      const fourth = track(await boot(db, [after]));
      expect(fourth.kernel.lastSync?.operations).to.deep.equal([`created index books_${key}_uq on books(${key})`]);
      expect(await indexNames(fourth, 'books')).to.include(`books_${key}_uq`);
    });
  });

  it('creates the tables on a first boot and runs no DDL on a boot with the same schema', async () => {
    const tags = contentType('tag', 'tags', { name: { type: 'string', unique: true } });
    await withDatabase(async (db, track) => {
      const first = track(await boot(db, [tags]));
      expect(first.kernel.lastSync?.changed).to.equal(true);
      expect(first.kernel.lastSync?.operations).to.include('created table tags (api::tag.tag)');
      expect(syncMessages(first, 'info')).to.include('schema sync: created table tags (api::tag.tag)');
      expect(await first.kernel.db.schema.hasTable('tags')).to.equal(true);
      const id = await create(first, 'tags', { name: 'kept' });
      await first.kernel.destroy();

      const second = track(await boot(db, [tags]));
      expect(second.kernel.lastSync).to.deep.equal({ changed: false, operations: [] });
      expect(syncLines(second)).to.deep.equal([]);
      expect(await read(second, 'tags', id)).to.include({ name: 'kept' });
    });
  });

  it('adds a field to a table holding rows: old rows keep their values, the new field is null and writable', async () => {
    const before = contentType('book', 'books', { title: { type: 'string' }, pages: { type: 'integer' }, published: { type: 'boolean' } });
    const after = contentType('book', 'books', { ...before.schema.attributes, subtitle: { type: 'string' } });
    await withDatabase(async (db, track) => {
      const first = track(await boot(db, [before]));
      const a = await create(first, 'books', { title: 'Dune', pages: 412, published: true });
      const b = await create(first, 'books', { title: 'Emma', pages: 320, published: false });
      await first.kernel.destroy();

      const second = track(await boot(db, [after]));
      expect(second.kernel.lastSync).to.deep.equal({ changed: true, operations: ['added column books.subtitle (string)'] });
      expect(syncMessages(second, 'info')).to.deep.equal(['schema sync: added column books.subtitle (string)']);
      const list = await second.get('/api/books?sort=title');
      expect(list.status).to.equal(200);
      expect(list.body.data.map((d: Record<string, unknown>) => [d.documentId, d.title, d.pages, d.published, d.subtitle]))
        .to.deep.equal([[a, 'Dune', 412, true, null], [b, 'Emma', 320, false, null]]);

      const put = await second.put(`/api/books/${a}`, { data: { subtitle: 'Desert planet' } });
      expect(put.status, put.text).to.equal(200);
      expect(await read(second, 'books', a)).to.include({ title: 'Dune', pages: 412, published: true, subtitle: 'Desert planet' });
      expect(await read(second, 'books', b)).to.include({ title: 'Emma', subtitle: null });
    });
  });

  it('adds a component, a relation and a media attribute to a type with data', async () => {
    const tag = contentType('tag', 'tags', { name: { type: 'string' } });
    const before = contentType('book', 'books', { title: { type: 'string' } });
    const after = contentType('book', 'books', {
      title: { type: 'string' },
      seo: { type: 'component', component: 'shared.seo', repeatable: false },
      tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
      cover: { type: 'media', multiple: false, allowedTypes: ['images'] },
    });
    await withDatabase(async (db, track) => {
      const first = track(await boot(db, [tag, before]));
      // Media files are a content type: its table is there before any attribute uses media
      expect(await first.kernel.db.schema.hasTable('files')).to.equal(true);
      const book = await create(first, 'books', { title: 'Dune' });
      const fiction = await create(first, 'tags', { name: 'fiction' });
      await first.kernel.destroy();

      const second = track(await boot(db, [tag, after], [seoComponent]));
      const ops = second.kernel.lastSync?.operations ?? [];
      for (const table of ['components_shared_seos', 'books_cmps', 'books_tags_lnk', 'files_related_mph']) {
        expect(ops.some((op) => op.startsWith(`created table ${table} `)), `${table} in ${JSON.stringify(ops)}`).to.equal(true);
        expect(await second.kernel.db.schema.hasTable(table), table).to.equal(true);
      }
      expect(syncMessages(second, 'info')).to.have.length(ops.length);

      expect(await read(second, 'books', book)).to.include({ title: 'Dune' });
      expect(await read(second, 'tags', fiction)).to.include({ name: 'fiction' });

      const knex = second.kernel.db;
      await knex('files').insert({ document_id: 'coverfile0000000000000001', name: 'dune.png', mime: 'image/png', url: '/uploads/dune.png', ext: '.png', hash: 'dune', size: 1.5, provider: 'local' });
      const file = await knex('files').where('document_id', 'coverfile0000000000000001').first('id') as { id: number };

      const put = await second.put(`/api/books/${book}`, { data: { seo: { metaTitle: 'Dune, the novel' }, tags: [fiction], cover: Number(file.id) } });
      expect(put.status, put.text).to.equal(200);
      const got = await read(second, 'books', book, '?populate=*');
      expect(got.title).to.equal('Dune');
      expect(got.seo).to.include({ metaTitle: 'Dune, the novel' });
      expect((got.tags as Array<{ documentId: string; name: string }>).map((t) => [t.documentId, t.name])).to.deep.equal([[fiction, 'fiction']]);
      expect(got.cover).to.include({ id: Number(file.id), name: 'dune.png', url: '/uploads/dune.png' });
      expect(await knex('books_tags_lnk').count({ n: '*' }).first()).to.satisfy((r: { n: unknown }) => Number(r.n) === 1);
      expect(await knex('files_related_mph').where({ related_type: 'api::book.book', field: 'cover' }).count({ n: '*' }).first())
        .to.satisfy((r: { n: unknown }) => Number(r.n) === 1);
    });
  });

  it('keeps a removed attribute\'s column with its data, hides it from the API, and serves it again when re-added', async () => {
    const withNote = contentType('book', 'books', { title: { type: 'string' }, note: { type: 'string' } });
    const withoutNote = contentType('book', 'books', { title: { type: 'string' } });
    await withDatabase(async (db, track) => {
      const first = track(await boot(db, [withNote]));
      const a = await create(first, 'books', { title: 'Dune', note: 'spice' });
      const b = await create(first, 'books', { title: 'Emma', note: 'matchmaking' });
      await first.kernel.destroy();

      const second = track(await boot(db, [withoutNote]));
      expect(second.kernel.lastSync?.changed).to.equal(false);
      expect(syncMessages(second, 'warn')).to.deep.equal(['schema sync: column books.note is no longer used; kept with its data']);
      expect(await second.kernel.db.schema.hasColumn('books', 'note')).to.equal(true);
      const rows = await second.kernel.db('books').select('document_id', 'note') as Array<{ document_id: string; note: string }>;
      expect(Object.fromEntries(rows.map((r) => [r.document_id, r.note]))).to.deep.equal({ [a]: 'spice', [b]: 'matchmaking' });
      const got = await read(second, 'books', a);
      expect(got).to.include({ title: 'Dune' });
      expect(got).to.not.have.property('note');
      const list = await second.get('/api/books');
      expect(list.body.data).to.have.length(2);
      for (const d of list.body.data) expect(d).to.not.have.property('note');
      await second.kernel.destroy();

      const third = track(await boot(db, [withNote]));
      expect(third.kernel.lastSync?.changed).to.equal(false);
      expect(await read(third, 'books', a)).to.include({ title: 'Dune', note: 'spice' });
      expect(await read(third, 'books', b)).to.include({ title: 'Emma', note: 'matchmaking' });
    });
  });

  it('widens string -> text, integer -> biginteger and integer -> float on columns holding data', async () => {
    const before = contentType('item', 'items', { label: { type: 'string' }, count: { type: 'integer' }, score: { type: 'integer' } });
    const after = contentType('item', 'items', { label: { type: 'text' }, count: { type: 'biginteger' }, score: { type: 'float' } });
    await withDatabase(async (db, track) => {
      const first = track(await boot(db, [before]));
      const a = await create(first, 'items', { label: 'hello', count: 42, score: 7 });
      await first.kernel.destroy();

      const second = track(await boot(db, [after]));
      expect(second.kernel.lastSync?.operations).to.have.members([
        'widened column items.label from string to text',
        'widened column items.count from integer to biginteger',
        'widened column items.score from integer to double',
      ]);
      expect(syncMessages(second, 'info')).to.have.members([
        'schema sync: widened column items.label from string to text',
        'schema sync: widened column items.count from integer to biginteger',
        'schema sync: widened column items.score from integer to double',
      ]);
      expect(await read(second, 'items', a)).to.include({ label: 'hello', count: '42', score: 7 });

      // The columns really are wider: values the old types could not hold round-trip
      const long = 'x'.repeat(1000);
      const b = await create(second, 'items', { label: long, count: '5000000000', score: 7.25 });
      expect(await read(second, 'items', b)).to.include({ label: long, count: '5000000000', score: 7.25 });
      await second.kernel.destroy();

      const third = track(await boot(db, [after]));
      expect(third.kernel.lastSync).to.deep.equal({ changed: false, operations: [] });
      expect(await read(third, 'items', a)).to.include({ label: 'hello', count: '42', score: 7 });
    });
  });

  it('widens integer -> string and float -> decimal, and integer -> decimal when the values fit', async () => {
    const before = contentType('item', 'items', { code: { type: 'integer' }, price: { type: 'float' }, stock: { type: 'integer' } });
    const after = contentType('item', 'items', { code: { type: 'string' }, price: { type: 'decimal' }, stock: { type: 'decimal' } });
    await withDatabase(async (db, track) => {
      const first = track(await boot(db, [before]));
      const a = await create(first, 'items', { code: 4012, price: 3.25, stock: 99_999_999 });
      await first.kernel.destroy();

      const second = track(await boot(db, [after]));
      expect(second.kernel.lastSync?.operations).to.have.members([
        'widened column items.code from integer to string',
        'widened column items.price from double to decimal',
        'widened column items.stock from integer to decimal',
      ]);
      expect(await read(second, 'items', a)).to.include({ code: '4012', price: 3.25, stock: 99_999_999 });
      const b = await create(second, 'items', { code: 'A-17', price: 0.1 });
      expect(await read(second, 'items', b)).to.include({ code: 'A-17', price: 0.1 });
    });
  });

  for (const [from, to, value, fromType, toType] of [
    ['text', 'integer', '12 apples', 'text', 'integer'],
    ['string', 'boolean', 'yes', 'string', 'boolean'],
    // A decimal keeps two places after the point and eight before
    ['float', 'decimal', 3.14159, 'double', 'decimal'],
    ['integer', 'decimal', 123_456_789, 'integer', 'decimal'],
  ] as const) {
    it(`refuses ${from} -> ${to} on a column holding data, and allows it on a column holding only nulls`, async () => {
      const before = contentType('note', 'notes', { title: { type: 'string' }, body: { type: from }, spare: { type: from } });
      const lossy = contentType('note', 'notes', { title: { type: 'string' }, body: { type: to }, spare: { type: from } });
      const emptyOnly = contentType('note', 'notes', { title: { type: 'string' }, body: { type: from }, spare: { type: to } });
      await withDatabase(async (db, track) => {
        const first = track(await boot(db, [before]));
        const a = await create(first, 'notes', { title: 'first', body: value });
        const b = await create(first, 'notes', { title: 'second', body: null });
        await first.kernel.destroy();

        const err = await boot(db, [lossy]).then((app) => { track(app); return null; }, (e: unknown) => e);
        expect(err).to.be.instanceOf(KernelError);
        expect((err as KernelError).code).to.equal('SYNC_ERR_DESTRUCTIVE');
        const message = (err as Error).message;
        expect(message).to.contain('notes.body');
        expect(message).to.contain(`from ${fromType} to ${toType}`);

        const again = track(await boot(db, [before]));
        expect(again.kernel.lastSync).to.deep.equal({ changed: false, operations: [] });
        expect(await read(again, 'notes', a)).to.include({ title: 'first', body: value });
        expect(await read(again, 'notes', b)).to.include({ title: 'second', body: null });
        const raw = await again.kernel.db('notes').where('document_id', a).first('body');
        expect(raw.body).to.equal(value);
        await again.kernel.destroy();

        const retyped = track(await boot(db, [emptyOnly]));
        // To decimal is a widening whose values are checked: nulls fit
        const change = to === 'decimal' ? 'widened column' : 'retyped empty column';
        expect(retyped.kernel.lastSync?.operations).to.deep.equal([`${change} notes.spare from ${fromType} to ${toType}`]);
        expect(syncMessages(retyped, 'info')).to.deep.equal([`schema sync: ${change} notes.spare from ${fromType} to ${toType}`]);
        expect(await read(retyped, 'notes', a)).to.include({ title: 'first', body: value, spare: null });
        const newValue = to === 'integer' ? 12 : to === 'decimal' ? 12.5 : true;
        const put = await retyped.put(`/api/notes/${b}`, { data: { spare: newValue } });
        expect(put.status, put.text).to.equal(200);
        expect(await read(retyped, 'notes', b)).to.include({ title: 'second', spare: newValue });
      });
    });
  }

  it('keeps a removed content type\'s table and data, and serves the old rows when it is re-added', async () => {
    const tag = contentType('tag', 'tags', { name: { type: 'string' } });
    const book = contentType('book', 'books', { title: { type: 'string' }, pages: { type: 'integer' } });
    await withDatabase(async (db, track) => {
      const first = track(await boot(db, [tag, book]));
      const a = await create(first, 'books', { title: 'Dune', pages: 412 });
      const b = await create(first, 'books', { title: 'Emma', pages: 320 });
      await first.kernel.destroy();

      const second = track(await boot(db, [tag]));
      expect(second.kernel.lastSync?.changed).to.equal(false);
      expect(syncMessages(second, 'warn')).to.deep.equal(['schema sync: table books is no longer used; kept with its data']);
      expect(await second.kernel.db.schema.hasTable('books')).to.equal(true);
      const rows = await second.kernel.db('books').select('document_id', 'title', 'pages').orderBy('title');
      expect(rows.map((r: { document_id: string; title: string; pages: number }) => [r.document_id, r.title, Number(r.pages)]))
        .to.deep.equal([[a, 'Dune', 412], [b, 'Emma', 320]]);
      expect((await second.get('/api/books')).status).to.equal(404);
      await second.kernel.destroy();

      const third = track(await boot(db, [tag, book]));
      expect(third.kernel.lastSync?.changed).to.equal(false);
      const list = await third.get('/api/books?sort=title');
      expect(list.status).to.equal(200);
      expect(list.body.data.map((d: Record<string, unknown>) => [d.documentId, d.title, d.pages])).to.deep.equal([[a, 'Dune', 412], [b, 'Emma', 320]]);
    });
  });
});
