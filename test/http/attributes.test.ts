// Every attribute type through the REST API: valid values round-trip (POST, GET, PUT, PUT null),
// invalid values are 400 ValidationErrors naming the field and leave the database unchanged.
// One kernel per describe block, on the example content types in /content-types.

import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { TestKernel, TestResponse } from '../helpers/kernel.js';
import { expectFieldError, unique, useKernel } from '../helpers/suite.js';

// ------------------------------------------------------------------------------------- helpers



type Api = 'articles' | 'authors' | 'categories';

/** The smallest valid body of each collection: required attributes only (author emails are unique). */
function baseData(api: Api): Record<string, unknown> {
  const n = unique();
  if (api === 'articles') return { title: `Article ${n}` };
  if (api === 'authors') return { name: `Author ${n}`, email: `author${n}@example.com` };
  return { name: `Category ${n}` };
}

async function total(app: TestKernel, api: Api): Promise<number> {
  const res = await app.get(`/api/${api}?pagination[pageSize]=1`);
  expect(res.status, res.text).to.equal(200);
  return res.body.meta.pagination.total as number;
}

async function create(app: TestKernel, api: Api, data: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await app.post(`/api/${api}`, { data: { ...baseData(api), ...data } });
  expect(res.status, res.text).to.equal(201);
  return res.body.data;
}

async function readOne(app: TestKernel, api: Api, documentId: string, query = ''): Promise<Record<string, any>> {
  const res = await app.get(`/api/${api}/${documentId}${query}`);
  expect(res.status, res.text).to.equal(200);
  return res.body.data;
}

/** A 400 ValidationError in Strapi's envelope whose details.errors has an entry at `path`. */

/** An ISO timestamp in the form the dialect's datetime column takes. */
function dbDatetime(app: TestKernel, iso: string): string {
  return app.kernel.dialect === 'mysql' ? iso.slice(0, 23).replace('T', ' ') : iso;
}

const FILE_TIME = '2024-05-01T12:00:00.000Z';

/** Inserts a row into the files table (there is no upload plugin here) and returns its id. */
async function insertFile(app: TestKernel, file: { name: string; mime: string; ext: string }): Promise<{ id: number; documentId: string }> {
  const documentId = randomBytes(12).toString('hex');
  await app.kernel.db('files').insert({
    document_id: documentId, name: file.name, mime: file.mime, url: `/uploads/${file.name}`, ext: file.ext,
    hash: `hash_${documentId}`, size: 1.5, provider: 'local',
    created_at: dbDatetime(app, FILE_TIME), updated_at: dbDatetime(app, FILE_TIME),
  });
  const row = await app.kernel.db('files').where({ document_id: documentId }).first('id') as { id: number | string };
  return { id: Number(row.id), documentId };
}

// ----------------------------------------------------------------------- scalar attribute table

interface ValidValue { input: unknown; output: unknown; what: string }
interface InvalidValue { input: unknown; what: string; message: string }
interface ScalarCase {
  type: string;
  api: 'articles' | 'authors';
  field: string;
  valid: ValidValue[];
  /** A second valid value, different from valid[0], for PUT. */
  update: ValidValue;
  invalid: InvalidValue[];
  /** The value of the document PUT tests start from (default: valid[0]); unique attributes need a fresh one each time. */
  seed?: () => ValidValue;
}

const long = (n: number): string => 'x'.repeat(n);

const SCALARS: ScalarCase[] = [
  {
    type: 'string', api: 'authors', field: 'website',
    valid: [
      { input: 'https://example.com/me', output: 'https://example.com/me', what: 'a string matching the regex' },
      { input: 'http://ünïcödé.example/😀', output: 'http://ünïcödé.example/😀', what: 'a non-ASCII string' },
    ],
    update: { input: 'http://example.org', output: 'http://example.org', what: 'another matching string' },
    invalid: [
      { input: 'ftp://example.com', what: 'a string not matching the regex', message: 'website must match the following: "/^https?:\\/\\//"' },
      { input: 42, what: 'a number', message: 'website must be a `string` type' },
      { input: ['https://a.example'], what: 'an array', message: 'website must be a `string` type' },
    ],
  },
  {
    type: 'text', api: 'articles', field: 'description',
    valid: [
      { input: 'Line one\nLine two', output: 'Line one\nLine two', what: 'a multi-line text' },
      { input: long(500), output: long(500), what: 'a text of exactly maxLength characters' },
    ],
    update: { input: 'Changed', output: 'Changed', what: 'another text' },
    invalid: [
      { input: long(501), what: 'a text longer than maxLength', message: 'description must be at most 500 characters' },
      { input: true, what: 'a boolean', message: 'description must be a `string` type' },
    ],
  },
  {
    type: 'richtext', api: 'articles', field: 'body',
    valid: [{ input: '# Title\n\n**bold** and `code`', output: '# Title\n\n**bold** and `code`', what: 'markdown' }],
    update: { input: '*other*', output: '*other*', what: 'other markdown' },
    invalid: [
      { input: { markdown: 'x' }, what: 'an object', message: 'body must be a `string` type' },
      { input: 7, what: 'a number', message: 'body must be a `string` type' },
    ],
  },
  {
    type: 'blocks', api: 'articles', field: 'content',
    valid: [{
      input: [
        { type: 'heading', level: 2, children: [{ type: 'text', text: 'Hi' }] },
        { type: 'paragraph', children: [{ type: 'text', text: 'Bold', bold: true }, { type: 'link', url: 'https://x.example', children: [{ type: 'text', text: 'x' }] }] },
      ],
      output: [
        { type: 'heading', level: 2, children: [{ type: 'text', text: 'Hi' }] },
        { type: 'paragraph', children: [{ type: 'text', text: 'Bold', bold: true }, { type: 'link', url: 'https://x.example', children: [{ type: 'text', text: 'x' }] }] },
      ],
      what: 'an array of nested blocks',
    }],
    update: {
      input: [{ type: 'paragraph', children: [{ type: 'text', text: 'Replaced' }] }],
      output: [{ type: 'paragraph', children: [{ type: 'text', text: 'Replaced' }] }],
      what: 'another array of blocks',
    },
    invalid: [
      { input: 'just a string', what: 'a string', message: 'content must be an array of blocks' },
      { input: { type: 'paragraph', children: [] }, what: 'a single block object (not an array)', message: 'content must be an array of blocks' },
    ],
  },
  {
    type: 'enumeration', api: 'articles', field: 'reviewState',
    valid: [{ input: 'approved', output: 'approved', what: 'an allowed value' }],
    update: { input: 'archived', output: 'archived', what: 'another allowed value' },
    invalid: [
      { input: 'published', what: 'a value outside the enum', message: 'reviewState must be one of the following values: draft-review, approved, archived' },
      { input: 'APPROVED', what: 'an allowed value in another case', message: 'reviewState must be one of the following values: draft-review, approved, archived' },
      { input: 1, what: 'a number', message: 'reviewState must be one of the following values: draft-review, approved, archived' },
    ],
  },
  {
    type: 'uid', api: 'articles', field: 'slug',
    valid: [{ input: 'my-slug_1.0~x', output: 'my-slug_1.0~x', what: 'letters, digits and - _ . ~' }],
    update: { input: 'other-slug', output: 'other-slug', what: 'another uid' },
    seed: () => { const slug = `seed-${unique()}`; return { input: slug, output: slug, what: 'a fresh uid' }; },
    invalid: [
      { input: 'has space', what: 'a space', message: 'slug must match the following: "/^[A-Za-z0-9-_.~]*$/"' },
      { input: 'a/b', what: 'a slash', message: 'slug must match the following: "/^[A-Za-z0-9-_.~]*$/"' },
      { input: 'café', what: 'a non-ASCII letter', message: 'slug must match the following: "/^[A-Za-z0-9-_.~]*$/"' },
    ],
  },
  {
    type: 'date', api: 'articles', field: 'publishDate',
    valid: [
      { input: '2024-02-29', output: '2024-02-29', what: 'a leap day' },
      { input: '1999-12-31', output: '1999-12-31', what: 'a date in another century' },
    ],
    update: { input: '2025-01-15', output: '2025-01-15', what: 'another date' },
    invalid: [
      { input: '2024-02-30', what: 'February 30th', message: 'publishDate must be a valid date' },
      { input: '2023-02-29', what: 'February 29th of a common year', message: 'publishDate must be a valid date' },
      { input: 'not a date', what: 'garbage', message: 'publishDate must be a valid date' },
      { input: 20240101, what: 'a number', message: 'publishDate must be a valid date' },
    ],
  },
  {
    type: 'time', api: 'authors', field: 'preferredTime',
    valid: [
      { input: '09:30', output: '09:30:00.000', what: 'HH:mm' },
      { input: '23:59:59', output: '23:59:59.000', what: 'HH:mm:ss' },
      { input: '07:05:03.25', output: '07:05:03.250', what: 'HH:mm:ss with a fraction' },
    ],
    update: { input: '00:00:01.999', output: '00:00:01.999', what: 'another time' },
    invalid: [
      { input: '24:00', what: 'hour 24', message: 'preferredTime must be a valid time' },
      { input: '12:60', what: 'minute 60', message: 'preferredTime must be a valid time' },
      { input: 'noon', what: 'garbage', message: 'preferredTime must be a valid time' },
    ],
  },
  {
    type: 'datetime', api: 'authors', field: 'joinedAt',
    valid: [
      { input: '2024-03-01T10:20:30.456Z', output: '2024-03-01T10:20:30.456Z', what: 'an ISO string in UTC' },
      { input: '2024-03-01T10:00:00+02:00', output: '2024-03-01T08:00:00.000Z', what: 'an ISO string with an offset' },
      { input: '2024-03-01', output: '2024-03-01T00:00:00.000Z', what: 'a date alone' },
    ],
    update: { input: '2030-12-31T23:59:59.000Z', output: '2030-12-31T23:59:59.000Z', what: 'another date-time' },
    invalid: [
      { input: 'yesterday', what: 'garbage', message: 'joinedAt must be a valid date' },
      { input: '2024-13-01T00:00:00Z', what: 'month 13', message: 'joinedAt must be a valid date' },
      { input: false, what: 'a boolean', message: 'joinedAt must be a valid date' },
    ],
  },
  {
    type: 'timestamp', api: 'authors', field: 'lastSeen',
    valid: [
      { input: '2024-06-15T08:09:10.011Z', output: '2024-06-15T08:09:10.011Z', what: 'an ISO string in UTC' },
      { input: '2024-06-15T08:09:10-05:30', output: '2024-06-15T13:39:10.000Z', what: 'an ISO string with a negative offset' },
    ],
    update: { input: '2001-01-01T00:00:00.000Z', output: '2001-01-01T00:00:00.000Z', what: 'another timestamp' },
    invalid: [
      { input: 'garbage', what: 'garbage', message: 'lastSeen must be a valid date' },
      { input: '2024-06-15T25:00:00Z', what: 'hour 25', message: 'lastSeen must be a valid date' },
    ],
  },
  {
    type: 'integer', api: 'articles', field: 'readingTime',
    valid: [
      { input: 12, output: 12, what: 'an integer' },
      { input: 0, output: 0, what: 'the minimum 0' },
      { input: 2147483647, output: 2147483647, what: 'the largest 32-bit integer' },
    ],
    update: { input: 5, output: 5, what: 'another integer' },
    invalid: [
      { input: 1.5, what: 'a fraction', message: 'readingTime must be an integer' },
      { input: 'abc', what: 'a non-numeric string', message: 'readingTime must be a `number` type' },
      { input: -1, what: 'a value below min', message: 'readingTime must be greater than or equal to 0' },
      { input: 2147483648, what: 'a value above the 32-bit range', message: 'readingTime must be less than or equal to 2147483647' },
    ],
  },
  {
    type: 'biginteger', api: 'articles', field: 'views',
    valid: [
      { input: '9007199254740993', output: '9007199254740993', what: 'a string beyond 2^53' },
      { input: 42, output: '42', what: 'a number' },
      { input: '-9223372036854775808', output: '-9223372036854775808', what: 'the smallest 64-bit integer' },
      { input: '9223372036854775807', output: '9223372036854775807', what: 'the largest 64-bit integer' },
    ],
    update: { input: '12345678901234567', output: '12345678901234567', what: 'another big integer' },
    invalid: [
      { input: 'abc', what: 'a non-numeric string', message: 'views must be a `number` type' },
      { input: 1.5, what: 'a fraction', message: 'views must be an integer' },
      { input: '9223372036854775808', what: 'a value above the 64-bit range', message: 'views must be less than or equal to 9223372036854775807' },
    ],
  },
  {
    type: 'float', api: 'articles', field: 'rating',
    valid: [
      { input: 4.5, output: 4.5, what: 'a fraction' },
      { input: 5, output: 5, what: 'the maximum' },
      { input: 0, output: 0, what: 'the minimum' },
    ],
    update: { input: 3.25, output: 3.25, what: 'another fraction' },
    invalid: [
      { input: 5.1, what: 'a value above max', message: 'rating must be less than or equal to 5' },
      { input: -0.1, what: 'a value below min', message: 'rating must be greater than or equal to 0' },
      { input: 'high', what: 'a non-numeric string', message: 'rating must be a `number` type' },
    ],
  },
  {
    type: 'decimal', api: 'articles', field: 'price',
    valid: [
      { input: 19.99, output: 19.99, what: 'a decimal' },
      { input: -3.5, output: -3.5, what: 'a negative decimal' },
    ],
    update: { input: 100.01, output: 100.01, what: 'another decimal' },
    invalid: [
      { input: 'cheap', what: 'a non-numeric string', message: 'price must be a `number` type' },
      { input: { amount: 1 }, what: 'an object', message: 'price must be a `number` type' },
    ],
  },
  {
    type: 'boolean', api: 'articles', field: 'featured',
    valid: [
      { input: true, output: true, what: 'true' },
      { input: false, output: false, what: 'false' },
    ],
    update: { input: true, output: true, what: 'true' },
    invalid: [
      { input: 'yes', what: 'the string "yes"', message: 'featured must be a `boolean` type' },
      { input: 2, what: 'the number 2', message: 'featured must be a `boolean` type' },
    ],
  },
  {
    type: 'json', api: 'articles', field: 'metadata',
    valid: [
      {
        input: { a: { b: [1, 2.5, { c: null, d: 'x' }] }, flag: false, text: 'ünï 😀' },
        output: { a: { b: [1, 2.5, { c: null, d: 'x' }] }, flag: false, text: 'ünï 😀' },
        what: 'a nested object',
      },
      { input: [1, 'two', { three: 3 }], output: [1, 'two', { three: 3 }], what: 'a top-level array' },
      { input: 'plain', output: 'plain', what: 'a top-level string' },
    ],
    update: { input: { replaced: true }, output: { replaced: true }, what: 'another object' },
    // Every JSON value the body can carry is a valid json attribute value: there is no invalid input.
    invalid: [],
  },
];

for (const c of SCALARS) {
  describe(`${c.type} attribute (${c.api}.${c.field})`, () => {
    const app = useKernel();
    const [firstValid] = c.valid;
    if (!firstValid) throw new Error(`${c.type}: no valid value`);
    const seed = c.seed ?? ((): ValidValue => firstValid);

    for (const v of c.valid) {
      it(`stores ${v.what} and returns ${JSON.stringify(v.output)} on create and on read`, async () => {
        const created = await create(app(), c.api, { [c.field]: v.input });
        expect(created[c.field]).to.deep.equal(v.output);
        expect((await readOne(app(), c.api, created.documentId))[c.field]).to.deep.equal(v.output);
      });
    }

    it(`changes the value with PUT to ${c.update.what}`, async () => {
      const created = await create(app(), c.api, { [c.field]: seed().input });
      const res = await app().put(`/api/${c.api}/${created.documentId}`, { data: { [c.field]: c.update.input } });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data[c.field]).to.deep.equal(c.update.output);
      expect((await readOne(app(), c.api, created.documentId))[c.field]).to.deep.equal(c.update.output);
    });

    it('clears the value with PUT null', async () => {
      const created = await create(app(), c.api, { [c.field]: seed().input });
      expect(created[c.field]).to.not.equal(null);
      const res = await app().put(`/api/${c.api}/${created.documentId}`, { data: { [c.field]: null } });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data[c.field]).to.equal(null);
      expect((await readOne(app(), c.api, created.documentId))[c.field]).to.equal(null);
    });

    for (const bad of c.invalid) {
      it(`rejects ${bad.what} on create with a 400 naming the field, and creates nothing`, async () => {
        const before = await total(app(), c.api);
        const res = await app().post(`/api/${c.api}`, { data: { ...baseData(c.api), [c.field]: bad.input } });
        const entry = expectFieldError(res, [c.field], bad.message);
        expect(entry.value).to.deep.equal(bad.input);
        expect(await total(app(), c.api)).to.equal(before);
      });

      it(`rejects ${bad.what} on update with a 400 and keeps the old value`, async () => {
        const start = seed();
        const created = await create(app(), c.api, { [c.field]: start.input });
        const res = await app().put(`/api/${c.api}/${created.documentId}`, { data: { [c.field]: bad.input } });
        expectFieldError(res, [c.field], bad.message);
        expect((await readOne(app(), c.api, created.documentId))[c.field]).to.deep.equal(start.output);
      });
    }
  });
}

// ----------------------------------------------------------------------- constraints and defaults

describe('string attribute constraints', () => {
  const app = useKernel();

  it('accepts a title of exactly maxLength (200) characters, counted in code points', async () => {
    const title = '😀'.repeat(200);
    const created = await create(app(), 'articles', { title });
    expect((await readOne(app(), 'articles', created.documentId)).title).to.equal(title);
  });

  it('rejects a title longer than maxLength on create and creates nothing', async () => {
    const before = await total(app(), 'articles');
    const res = await app().post('/api/articles', { data: { title: long(201) } });
    expectFieldError(res, ['title'], 'title must be at most 200 characters');
    expect(await total(app(), 'articles')).to.equal(before);
  });

  it('rejects a create without the required title', async () => {
    const before = await total(app(), 'articles');
    const res = await app().post('/api/articles', { data: { description: 'no title' } });
    expectFieldError(res, ['title'], 'title must be defined.');
    expect(await total(app(), 'articles')).to.equal(before);
  });

  it('rejects clearing the required title with PUT null and keeps it', async () => {
    const created = await create(app(), 'articles', { title: 'Kept' });
    const res = await app().put(`/api/articles/${created.documentId}`, { data: { title: null } });
    expectFieldError(res, ['title'], 'title must be defined.');
    expect((await readOne(app(), 'articles', created.documentId)).title).to.equal('Kept');
  });

  it('rejects an empty required title', async () => {
    const created = await create(app(), 'articles', { title: 'Kept too' });
    const res = await app().put(`/api/articles/${created.documentId}`, { data: { title: '' } });
    expectFieldError(res, ['title'], 'title must be defined.');
    expect((await readOne(app(), 'articles', created.documentId)).title).to.equal('Kept too');
  });

  it('allows an update that leaves the required title out', async () => {
    const created = await create(app(), 'articles', { title: 'Stays' });
    const res = await app().put(`/api/articles/${created.documentId}`, { data: { description: 'added' } });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data).to.include({ title: 'Stays', description: 'added' });
  });

  it('rejects a second category with the same unique name, and creates nothing', async () => {
    await create(app(), 'categories', { name: 'Unique name' });
    const before = await total(app(), 'categories');
    const res = await app().post('/api/categories', { data: { name: 'Unique name' } });
    const entry = expectFieldError(res, ['name'], 'This attribute must be unique');
    expect(entry.value).to.equal('Unique name');
    expect(await total(app(), 'categories')).to.equal(before);
  });

  it('rejects renaming a category to another category\'s unique name, and keeps the old name', async () => {
    await create(app(), 'categories', { name: 'Taken' });
    const other = await create(app(), 'categories', { name: 'Free' });
    const res = await app().put(`/api/categories/${other.documentId}`, { data: { name: 'Taken' } });
    expectFieldError(res, ['name'], 'This attribute must be unique');
    expect((await readOne(app(), 'categories', other.documentId)).name).to.equal('Free');
  });

  it('rejects a second article with the same uid (uids are unique), and creates nothing', async () => {
    await create(app(), 'articles', { slug: 'one-of-a-kind' });
    const before = await total(app(), 'articles');
    const res = await app().post('/api/articles', { data: { title: 'Another', slug: 'one-of-a-kind' } });
    expectFieldError(res, ['slug'], 'This attribute must be unique');
    expect(await total(app(), 'articles')).to.equal(before);
  });

  it('lets a category keep its own unique name on update', async () => {
    const cat = await create(app(), 'categories', { name: 'Mine' });
    const res = await app().put(`/api/categories/${cat.documentId}`, { data: { name: 'Mine', description: 'same name' } });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data).to.include({ name: 'Mine', description: 'same name' });
  });
});

describe('email attribute (authors.email)', () => {
  const app = useKernel();

  it('stores a valid email and returns it on create and on read', async () => {
    const created = await create(app(), 'authors', { email: 'jane.doe+cms@example.co.uk' });
    expect(created.email).to.equal('jane.doe+cms@example.co.uk');
    expect((await readOne(app(), 'authors', created.documentId)).email).to.equal('jane.doe+cms@example.co.uk');
  });

  it('changes the email with PUT', async () => {
    const created = await create(app(), 'authors', {});
    const res = await app().put(`/api/authors/${created.documentId}`, { data: { email: 'changed@example.com' } });
    expect(res.status, res.text).to.equal(200);
    expect((await readOne(app(), 'authors', created.documentId)).email).to.equal('changed@example.com');
  });

  it('rejects clearing the required email with PUT null and keeps it', async () => {
    const created = await create(app(), 'authors', { email: 'keep@example.com' });
    const res = await app().put(`/api/authors/${created.documentId}`, { data: { email: null } });
    expectFieldError(res, ['email'], 'email must be defined.');
    expect((await readOne(app(), 'authors', created.documentId)).email).to.equal('keep@example.com');
  });

  for (const [input, what] of [['not-an-email', 'a string without @'], ['a@b', 'an address without a domain dot'], ['two words@example.com', 'an address with a space']] as const) {
    it(`rejects ${what} on create and creates nothing`, async () => {
      const before = await total(app(), 'authors');
      const res = await app().post('/api/authors', { data: { name: 'Bad', email: input } });
      expectFieldError(res, ['email'], 'email must be a valid email');
      expect(await total(app(), 'authors')).to.equal(before);
    });
  }

  it('rejects an invalid email on update and keeps the old one', async () => {
    const created = await create(app(), 'authors', { email: 'old@example.com' });
    const res = await app().put(`/api/authors/${created.documentId}`, { data: { email: 'broken' } });
    expectFieldError(res, ['email'], 'email must be a valid email');
    expect((await readOne(app(), 'authors', created.documentId)).email).to.equal('old@example.com');
  });

  it('rejects a second author with the same unique email', async () => {
    await create(app(), 'authors', { email: 'dup@example.com' });
    const before = await total(app(), 'authors');
    const res = await app().post('/api/authors', { data: { name: 'Dup', email: 'dup@example.com' } });
    expectFieldError(res, ['email'], 'This attribute must be unique');
    expect(await total(app(), 'authors')).to.equal(before);
  });
});

describe('default values on create', () => {
  const app = useKernel();

  it('applies the boolean default false when featured is absent', async () => {
    const created = await create(app(), 'articles', {});
    expect(created.featured).to.equal(false);
    expect((await readOne(app(), 'articles', created.documentId)).featured).to.equal(false);
  });

  it('applies the enumeration default draft-review when reviewState is absent', async () => {
    const created = await create(app(), 'articles', {});
    expect(created.reviewState).to.equal('draft-review');
    expect((await readOne(app(), 'articles', created.documentId)).reviewState).to.equal('draft-review');
  });

  it('does not apply defaults on update', async () => {
    const created = await create(app(), 'articles', { featured: true, reviewState: 'archived' });
    const res = await app().put(`/api/articles/${created.documentId}`, { data: { description: 'edit' } });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data).to.include({ featured: true, reviewState: 'archived' });
  });

  it('keeps an explicit null instead of the default', async () => {
    const created = await create(app(), 'articles', { featured: null });
    expect(created.featured).to.equal(null);
    expect((await readOne(app(), 'articles', created.documentId)).featured).to.equal(null);
  });
});

describe('biginteger precision (articles.views)', () => {
  const app = useKernel();

  it('returns the value as a string, exactly, in the list too', async () => {
    const created = await create(app(), 'articles', { views: '9007199254740993' });
    expect(created.views).to.equal('9007199254740993');
    const res = await app().get(`/api/articles?filters[documentId][$eq]=${created.documentId}`);
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data).to.have.length(1);
    expect(res.body.data[0].views).to.equal('9007199254740993');
  });
});

// ----------------------------------------------------------------------- hidden attributes

describe('password attribute (authors.passcode)', () => {
  const app = useKernel();

  it('accepts a password on create and stores it, but never returns it from POST, GET one or GET list', async () => {
    const res = await app().post('/api/authors', { data: { ...baseData('authors'), passcode: 'sesame-123' } });
    expect(res.status, res.text).to.equal(201);
    expect(res.body.data).to.not.have.property('passcode');
    expect(res.text).to.not.include('sesame-123');
    const { documentId } = res.body.data;

    const row = await app().kernel.db('authors').where({ document_id: documentId }).first('passcode') as { passcode: unknown };
    expect(row.passcode).to.be.a('string').and.not.equal('');

    const one = await app().get(`/api/authors/${documentId}`);
    expect(one.status).to.equal(200);
    expect(one.body.data.documentId).to.equal(documentId);
    expect(one.body.data).to.not.have.property('passcode');
    expect(one.text).to.not.include('sesame-123');

    const list = await app().get('/api/authors');
    expect(list.status).to.equal(200);
    const mine = (list.body.data as Array<Record<string, unknown>>).find((d) => d.documentId === documentId);
    expect(mine).to.not.equal(undefined);
    expect(mine).to.not.have.property('passcode');
    expect(list.text).to.not.include('sesame-123');
  });

  it('accepts a password on update and does not return it', async () => {
    const created = await create(app(), 'authors', {});
    const res = await app().put(`/api/authors/${created.documentId}`, { data: { passcode: 'changed-pw' } });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data).to.not.have.property('passcode');
    expect(res.text).to.not.include('changed-pw');
    const row = await app().kernel.db('authors').where({ document_id: created.documentId }).first('passcode') as { passcode: unknown };
    expect(row.passcode).to.be.a('string').and.not.equal('');
  });

  it('does not return the password with ?populate=* or ?fields', async () => {
    const created = await create(app(), 'authors', { passcode: 'populate-pw' });
    const res = await app().get(`/api/authors/${created.documentId}?populate=*`);
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data).to.not.have.property('passcode');
    expect(res.text).to.not.include('populate-pw');
    const fields = await app().get(`/api/authors/${created.documentId}?fields[0]=passcode`);
    expect(fields.text).to.not.include('populate-pw');
  });

  it('rejects a password shorter than minLength without echoing it, and creates nothing', async () => {
    const before = await total(app(), 'authors');
    const res = await app().post('/api/authors', { data: { ...baseData('authors'), passcode: 'abc' } });
    const entry = expectFieldError(res, ['passcode'], 'passcode must be at least 6 characters');
    expect(entry).to.not.have.property('value');
    expect(res.text).to.not.include('"abc"');
    expect(await total(app(), 'authors')).to.equal(before);
  });

  it('rejects a non-string password', async () => {
    const res = await app().post('/api/authors', { data: { ...baseData('authors'), passcode: 123456 } });
    expectFieldError(res, ['passcode'], 'passcode must be a `string` type');
  });
});

describe('private attribute (authors.secretNote)', () => {
  const app = useKernel();

  it('accepts a private value on create and never returns it from POST, GET one or GET list', async () => {
    const res = await app().post('/api/authors', { data: { ...baseData('authors'), secretNote: 'top secret note' } });
    expect(res.status, res.text).to.equal(201);
    expect(res.body.data).to.not.have.property('secretNote');
    const { documentId } = res.body.data;
    const row = await app().kernel.db('authors').where({ document_id: documentId }).first('secret_note') as { secret_note: unknown };
    expect(row.secret_note).to.equal('top secret note');

    const one = await app().get(`/api/authors/${documentId}`);
    expect(one.status).to.equal(200);
    expect(one.body.data).to.not.have.property('secretNote');
    expect(one.text).to.not.include('top secret note');

    const list = await app().get('/api/authors');
    expect(list.status).to.equal(200);
    expect((list.body.data as unknown[]).length).to.be.greaterThan(0);
    expect(list.text).to.not.include('top secret note');
  });

  it('accepts a private value on update and does not return it', async () => {
    const created = await create(app(), 'authors', {});
    const res = await app().put(`/api/authors/${created.documentId}`, { data: { secretNote: 'updated secret' } });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data).to.not.have.property('secretNote');
    const row = await app().kernel.db('authors').where({ document_id: created.documentId }).first('secret_note') as { secret_note: unknown };
    expect(row.secret_note).to.equal('updated secret');
  });

  it('rejects an invalid private value without echoing it', async () => {
    const res = await app().post('/api/authors', { data: { ...baseData('authors'), secretNote: 987654 } });
    const entry = expectFieldError(res, ['secretNote'], 'secretNote must be a `string` type');
    expect(entry).to.not.have.property('value');
  });
});

// ----------------------------------------------------------------------- relations

describe('relation attribute (articles.category)', () => {
  const app = useKernel();

  it('sets the relation from a documentId string and returns it with ?populate=category', async () => {
    const cat = await create(app(), 'categories', { name: 'News' });
    const created = await create(app(), 'articles', { category: cat.documentId });
    const doc = await readOne(app(), 'articles', created.documentId, '?populate=category');
    expect(doc.category).to.be.an('object');
    expect(doc.category.documentId).to.equal(cat.documentId);
    expect(doc.category.name).to.equal('News');
  });

  it('does not return the relation without populate', async () => {
    const cat = await create(app(), 'categories', {});
    const created = await create(app(), 'articles', { category: cat.documentId });
    expect(await readOne(app(), 'articles', created.documentId)).to.not.have.property('category');
  });

  it('changes the relation with PUT', async () => {
    const a = await create(app(), 'categories', {});
    const b = await create(app(), 'categories', {});
    const created = await create(app(), 'articles', { category: a.documentId });
    const res = await app().put(`/api/articles/${created.documentId}?populate=category`, { data: { category: b.documentId } });
    expect(res.status, res.text).to.equal(200);
    expect((await readOne(app(), 'articles', created.documentId, '?populate=category')).category.documentId).to.equal(b.documentId);
  });

  it('clears the relation with PUT null', async () => {
    const cat = await create(app(), 'categories', {});
    const created = await create(app(), 'articles', { category: cat.documentId });
    const res = await app().put(`/api/articles/${created.documentId}`, { data: { category: null } });
    expect(res.status, res.text).to.equal(200);
    expect((await readOne(app(), 'articles', created.documentId, '?populate=category')).category).to.equal(null);
  });

  it('rejects a documentId that does not exist with a 400, and creates nothing', async () => {
    const before = await total(app(), 'articles');
    const res = await app().post('/api/articles', { data: { ...baseData('articles'), category: 'doesnotexist000000000000' } });
    expectFieldError(res, ['category'], 'Document with id "doesnotexist000000000000" not found');
    expect(await total(app(), 'articles')).to.equal(before);
  });

  it('rejects a documentId that does not exist on update, and keeps the old relation', async () => {
    const cat = await create(app(), 'categories', {});
    const created = await create(app(), 'articles', { category: cat.documentId });
    const res = await app().put(`/api/articles/${created.documentId}`, { data: { category: 'doesnotexist000000000000' } });
    expectFieldError(res, ['category'], 'Document with id "doesnotexist000000000000" not found');
    expect((await readOne(app(), 'articles', created.documentId, '?populate=category')).category.documentId).to.equal(cat.documentId);
  });

  it('rejects a number (a row id) as the relation value, and creates nothing', async () => {
    const cat = await create(app(), 'categories', {});
    const row = await app().kernel.db('categories').where({ document_id: cat.documentId }).first('id') as { id: number };
    const before = await total(app(), 'articles');
    const res = await app().post('/api/articles', { data: { ...baseData('articles'), category: Number(row.id) } });
    expectFieldError(res, ['category'], 'category must be a documentId string, an array of documentIds, or an object with connect, disconnect or set');
    expect(await total(app(), 'articles')).to.equal(before);
  });

  it('rejects a number inside connect, naming its path', async () => {
    const before = await total(app(), 'articles');
    const res = await app().post('/api/articles', { data: { ...baseData('articles'), category: { connect: [1] } } });
    expectFieldError(res, ['category', 'connect', '0'], 'category.connect.0 must be a documentId string or an object with a documentId');
    expect(await total(app(), 'articles')).to.equal(before);
  });
});

// ----------------------------------------------------------------------- media

const MEDIA_KEYS = [
  'id', 'documentId', 'name', 'alternativeText', 'caption', 'width', 'height', 'formats', 'hash', 'ext', 'mime',
  'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt',
];

describe('media attribute (articles.cover)', () => {
  const app = useKernel();
  let image: { id: number; documentId: string };
  let image2: { id: number; documentId: string };
  let pdf: { id: number; documentId: string };

  before(async () => {
    image = await insertFile(app(), { name: 'a.png', mime: 'image/png', ext: '.png' });
    image2 = await insertFile(app(), { name: 'b.jpg', mime: 'image/jpeg', ext: '.jpg' });
    pdf = await insertFile(app(), { name: 'c.pdf', mime: 'application/pdf', ext: '.pdf' });
  });

  it('links a file by id and returns the media object with ?populate=cover', async () => {
    const created = await create(app(), 'articles', { cover: image.id });
    const doc = await readOne(app(), 'articles', created.documentId, '?populate=cover');
    expect(doc.cover).to.be.an('object');
    expect(Object.keys(doc.cover)).to.have.members(MEDIA_KEYS);
    expect(doc.cover).to.deep.equal({
      id: image.id, documentId: image.documentId, name: 'a.png', alternativeText: null, caption: null,
      width: null, height: null, formats: null, hash: `hash_${image.documentId}`, ext: '.png', mime: 'image/png',
      size: 1.5, url: '/uploads/a.png', previewUrl: null, provider: 'local', provider_metadata: null,
      createdAt: FILE_TIME, updatedAt: FILE_TIME,
    });
  });

  it('accepts an object with an id', async () => {
    const created = await create(app(), 'articles', { cover: { id: image.id } });
    expect((await readOne(app(), 'articles', created.documentId, '?populate=cover')).cover.id).to.equal(image.id);
  });

  it('changes the file with PUT', async () => {
    const created = await create(app(), 'articles', { cover: image.id });
    const res = await app().put(`/api/articles/${created.documentId}`, { data: { cover: image2.id } });
    expect(res.status, res.text).to.equal(200);
    const cover = (await readOne(app(), 'articles', created.documentId, '?populate=cover')).cover;
    expect(cover.id).to.equal(image2.id);
    expect(cover.mime).to.equal('image/jpeg');
  });

  it('clears the file with PUT null', async () => {
    const created = await create(app(), 'articles', { cover: image.id });
    const res = await app().put(`/api/articles/${created.documentId}`, { data: { cover: null } });
    expect(res.status, res.text).to.equal(200);
    expect((await readOne(app(), 'articles', created.documentId, '?populate=cover')).cover).to.equal(null);
  });

  it('rejects a file id that does not exist, and creates nothing', async () => {
    const before = await total(app(), 'articles');
    const res = await app().post('/api/articles', { data: { ...baseData('articles'), cover: 999999 } });
    expectFieldError(res, ['cover'], 'File with id "999999" not found');
    expect(await total(app(), 'articles')).to.equal(before);
  });

  it('rejects a pdf on an images-only attribute, and creates nothing', async () => {
    const before = await total(app(), 'articles');
    const res = await app().post('/api/articles', { data: { ...baseData('articles'), cover: pdf.id } });
    expectFieldError(res, ['cover'], `cover: file ${pdf.id} is of type files, allowed: images`);
    expect(await total(app(), 'articles')).to.equal(before);
  });

  it('rejects a pdf on update, and keeps the old file', async () => {
    const created = await create(app(), 'articles', { cover: image.id });
    const res = await app().put(`/api/articles/${created.documentId}`, { data: { cover: pdf.id } });
    expectFieldError(res, ['cover']);
    expect((await readOne(app(), 'articles', created.documentId, '?populate=cover')).cover.id).to.equal(image.id);
  });

  it('rejects connect on a media attribute, and creates nothing', async () => {
    const before = await total(app(), 'articles');
    const res = await app().post('/api/articles', { data: { ...baseData('articles'), cover: { connect: [image.id] } } });
    expectFieldError(res, ['cover'], 'cover: connect cannot be used on media attributes');
    expect(await total(app(), 'articles')).to.equal(before);
  });

  it('rejects two files on a single media attribute', async () => {
    const res = await app().post('/api/articles', { data: { ...baseData('articles'), cover: [image.id, image2.id] } });
    expectFieldError(res, ['cover'], 'cover field must have less than or equal to 1 items');
  });

  it('rejects a string that is not a file id', async () => {
    const res = await app().post('/api/articles', { data: { ...baseData('articles'), cover: 'a.png' } });
    expectFieldError(res, ['cover'], 'cover must be a file id (a positive integer) or an object with an id');
  });
});

// ----------------------------------------------------------------------- components

describe('single component attribute (articles.seo)', () => {
  const app = useKernel();
  const SEO_QUERY = '?populate[seo][populate]=openGraph';

  it('stores a component with a nested component and returns both when populated', async () => {
    const created = await create(app(), 'articles', {
      seo: { metaTitle: 'Meta', metaDescription: 'Desc', keywords: ['a', 'b'], openGraph: { ogTitle: 'OG', ogType: 'website' } },
    });
    const { seo } = await readOne(app(), 'articles', created.documentId, SEO_QUERY);
    expect(seo).to.include({ metaTitle: 'Meta', metaDescription: 'Desc' });
    expect(seo.id).to.be.a('number');
    expect(seo.keywords).to.deep.equal(['a', 'b']);
    expect(seo.openGraph).to.include({ ogTitle: 'OG', ogDescription: null, ogType: 'website' });
    expect(seo.openGraph.id).to.be.a('number');
  });

  it('applies defaults inside a nested component', async () => {
    const created = await create(app(), 'articles', { seo: { metaTitle: 'Defaults', openGraph: { ogTitle: 'x' } } });
    const { seo } = await readOne(app(), 'articles', created.documentId, SEO_QUERY);
    expect(seo.openGraph.ogType).to.equal('article');
  });

  it('returns the component with ?populate=* (nested component not populated)', async () => {
    const created = await create(app(), 'articles', { seo: { metaTitle: 'Star', openGraph: { ogTitle: 'x' } } });
    const doc = await readOne(app(), 'articles', created.documentId, '?populate=*');
    expect(doc.seo.metaTitle).to.equal('Star');
    expect(doc.seo).to.not.have.property('openGraph');
  });

  it('does not return the component without populate', async () => {
    const created = await create(app(), 'articles', { seo: { metaTitle: 'Hidden' } });
    expect(await readOne(app(), 'articles', created.documentId)).to.not.have.property('seo');
  });

  it('replaces the component with PUT', async () => {
    const created = await create(app(), 'articles', { seo: { metaTitle: 'Old', openGraph: { ogTitle: 'Old OG' } } });
    const res = await app().put(`/api/articles/${created.documentId}`, { data: { seo: { metaTitle: 'New', openGraph: { ogTitle: 'New OG' } } } });
    expect(res.status, res.text).to.equal(200);
    const { seo } = await readOne(app(), 'articles', created.documentId, SEO_QUERY);
    expect(seo.metaTitle).to.equal('New');
    expect(seo.openGraph.ogTitle).to.equal('New OG');
  });

  it('clears the component with PUT null', async () => {
    const created = await create(app(), 'articles', { seo: { metaTitle: 'Gone' } });
    const res = await app().put(`/api/articles/${created.documentId}`, { data: { seo: null } });
    expect(res.status, res.text).to.equal(200);
    expect((await readOne(app(), 'articles', created.documentId, SEO_QUERY)).seo).to.equal(null);
  });

  it('rejects a component without its required metaTitle, and creates nothing', async () => {
    const before = await total(app(), 'articles');
    const res = await app().post('/api/articles', { data: { ...baseData('articles'), seo: { metaDescription: 'no title' } } });
    expectFieldError(res, ['seo', 'metaTitle'], 'seo.metaTitle must be defined.');
    expect(await total(app(), 'articles')).to.equal(before);
  });

  it('rejects an invalid nested value with its full path, and keeps the old component', async () => {
    const created = await create(app(), 'articles', { seo: { metaTitle: 'Keep', openGraph: { ogType: 'article' } } });
    const res = await app().put(`/api/articles/${created.documentId}`, { data: { seo: { metaTitle: 'Keep', openGraph: { ogType: 'video' } } } });
    expectFieldError(res, ['seo', 'openGraph', 'ogType'], 'seo.openGraph.ogType must be one of the following values: website, article');
    const { seo } = await readOne(app(), 'articles', created.documentId, SEO_QUERY);
    expect(seo.metaTitle).to.equal('Keep');
    expect(seo.openGraph.ogType).to.equal('article');
  });

  it('rejects an array for a single component', async () => {
    const res = await app().post('/api/articles', { data: { ...baseData('articles'), seo: [{ metaTitle: 'x' }] } });
    expectFieldError(res, ['seo'], 'seo must be a `object` type');
  });

  it('rejects an unknown key inside a component', async () => {
    const res = await app().post('/api/articles', { data: { ...baseData('articles'), seo: { metaTitle: 'x', bogus: 1 } } });
    expectFieldError(res, ['seo', 'bogus'], 'Invalid key bogus at seo.bogus');
  });
});

describe('repeatable component attribute (authors.links)', () => {
  const app = useKernel();
  const link = (i: number) => ({ label: `Link ${i}`, url: `https://example.com/${i}` });

  it('stores a list of components and returns them in order with ?populate=*', async () => {
    const created = await create(app(), 'authors', { links: [link(2), link(1), link(3)] });
    const doc = await readOne(app(), 'authors', created.documentId, '?populate=*');
    expect(doc.links.map((l: { label: string }) => l.label)).to.deep.equal(['Link 2', 'Link 1', 'Link 3']);
    expect(doc.links[0]).to.include({ url: 'https://example.com/2' });
    for (const l of doc.links) expect(l.id).to.be.a('number');
  });

  it('accepts the maximum of 5 items', async () => {
    const created = await create(app(), 'authors', { links: [1, 2, 3, 4, 5].map(link) });
    expect((await readOne(app(), 'authors', created.documentId, '?populate=links')).links).to.have.length(5);
  });

  it('replaces the list with PUT', async () => {
    const created = await create(app(), 'authors', { links: [link(1), link(2)] });
    const res = await app().put(`/api/authors/${created.documentId}`, { data: { links: [link(9)] } });
    expect(res.status, res.text).to.equal(200);
    const { links } = await readOne(app(), 'authors', created.documentId, '?populate=links');
    expect(links).to.have.length(1);
    expect(links[0].label).to.equal('Link 9');
  });

  it('clears the list with PUT null', async () => {
    const created = await create(app(), 'authors', { links: [link(1)] });
    const res = await app().put(`/api/authors/${created.documentId}`, { data: { links: null } });
    expect(res.status, res.text).to.equal(200);
    expect((await readOne(app(), 'authors', created.documentId, '?populate=links')).links).to.deep.equal([]);
  });

  it('rejects 6 items (max 5), and creates nothing', async () => {
    const before = await total(app(), 'authors');
    const res = await app().post('/api/authors', { data: { ...baseData('authors'), links: [1, 2, 3, 4, 5, 6].map(link) } });
    expectFieldError(res, ['links'], 'links field must have less than or equal to 5 items');
    expect(await total(app(), 'authors')).to.equal(before);
  });

  it('rejects 6 items on update, and keeps the old list', async () => {
    const created = await create(app(), 'authors', { links: [link(1)] });
    const res = await app().put(`/api/authors/${created.documentId}`, { data: { links: [1, 2, 3, 4, 5, 6].map(link) } });
    expectFieldError(res, ['links'], 'links field must have less than or equal to 5 items');
    const { links } = await readOne(app(), 'authors', created.documentId, '?populate=links');
    expect(links.map((l: { label: string }) => l.label)).to.deep.equal(['Link 1']);
  });

  it('rejects an item without a required field, naming the item index', async () => {
    const before = await total(app(), 'authors');
    const res = await app().post('/api/authors', { data: { ...baseData('authors'), links: [link(1), { label: 'no url' }] } });
    expectFieldError(res, ['links', '1', 'url'], 'links.1.url must be defined.');
    expect(await total(app(), 'authors')).to.equal(before);
  });

  it('rejects an object instead of an array', async () => {
    const res = await app().post('/api/authors', { data: { ...baseData('authors'), links: link(1) } });
    expectFieldError(res, ['links'], 'links must be a `array` type');
  });
});

describe('dynamic zone attribute (articles.blocks)', () => {
  const app = useKernel();
  const quote = { __component: 'shared.quote', title: 'Q', body: 'Quoted text' };
  const rich = { __component: 'shared.rich-text', body: '## Rich' };

  it('stores mixed components in order and returns them with __component', async () => {
    const created = await create(app(), 'articles', { blocks: [rich, quote, { ...rich, body: 'second rich' }] });
    const { blocks } = await readOne(app(), 'articles', created.documentId, '?populate=blocks');
    expect(blocks.map((b: { __component: string }) => b.__component)).to.deep.equal(['shared.rich-text', 'shared.quote', 'shared.rich-text']);
    expect(blocks[0]).to.include({ body: '## Rich' });
    expect(blocks[1]).to.include({ title: 'Q', body: 'Quoted text' });
    expect(blocks[2]).to.include({ body: 'second rich' });
    for (const b of blocks) expect(b.id).to.be.a('number');
  });

  it('returns the zone with ?populate=*', async () => {
    const created = await create(app(), 'articles', { blocks: [quote] });
    const { blocks } = await readOne(app(), 'articles', created.documentId, '?populate=*');
    expect(blocks).to.have.length(1);
    expect(blocks[0]).to.include({ __component: 'shared.quote', title: 'Q' });
  });

  it('replaces the zone with PUT', async () => {
    const created = await create(app(), 'articles', { blocks: [quote, rich] });
    const res = await app().put(`/api/articles/${created.documentId}`, { data: { blocks: [{ ...rich, body: 'only' }] } });
    expect(res.status, res.text).to.equal(200);
    const { blocks } = await readOne(app(), 'articles', created.documentId, '?populate=blocks');
    expect(blocks).to.have.length(1);
    expect(blocks[0]).to.include({ __component: 'shared.rich-text', body: 'only' });
  });

  it('clears the zone with PUT null', async () => {
    const created = await create(app(), 'articles', { blocks: [quote] });
    const res = await app().put(`/api/articles/${created.documentId}`, { data: { blocks: null } });
    expect(res.status, res.text).to.equal(200);
    expect((await readOne(app(), 'articles', created.documentId, '?populate=blocks')).blocks).to.deep.equal([]);
  });

  it('rejects an unknown __component, and creates nothing', async () => {
    const before = await total(app(), 'articles');
    const res = await app().post('/api/articles', { data: { ...baseData('articles'), blocks: [quote, { __component: 'shared.nope', body: 'x' }] } });
    expectFieldError(res, ['blocks', '1', '__component'], 'blocks.1.__component must be one of the following values: shared.quote, shared.rich-text, shared.media');
    expect(await total(app(), 'articles')).to.equal(before);
  });

  it('rejects a component that exists but is not in the zone, and keeps the old zone', async () => {
    const created = await create(app(), 'articles', { blocks: [quote] });
    const res = await app().put(`/api/articles/${created.documentId}`, { data: { blocks: [{ __component: 'shared.link', label: 'l', url: 'u' }] } });
    expectFieldError(res, ['blocks', '0', '__component'], 'blocks.0.__component must be one of the following values: shared.quote, shared.rich-text, shared.media');
    const { blocks } = await readOne(app(), 'articles', created.documentId, '?populate=blocks');
    expect(blocks.map((b: { __component: string }) => b.__component)).to.deep.equal(['shared.quote']);
  });

  it('rejects an item without __component', async () => {
    const res = await app().post('/api/articles', { data: { ...baseData('articles'), blocks: [{ body: 'x' }] } });
    expectFieldError(res, ['blocks', '0', '__component'], 'blocks.0.__component must be defined.');
  });

  it('rejects an invalid value inside an item with its full path', async () => {
    const res = await app().post('/api/articles', { data: { ...baseData('articles'), blocks: [rich, { ...quote, title: 5 }] } });
    expectFieldError(res, ['blocks', '1', 'title'], 'blocks.1.title must be a `string` type');
  });
});

// ----------------------------------------------------------------------- the body itself

describe('request body keys', () => {
  const app = useKernel();

  for (const key of ['id', 'documentId', 'createdAt', 'updatedAt', 'notAnAttribute']) {
    it(`rejects ${key} in the body of a create, and creates nothing`, async () => {
      const before = await total(app(), 'articles');
      const value = key === 'id' ? 123 : key.endsWith('At') ? '2024-01-01T00:00:00.000Z' : 'abcdefghijklmnopqrstuvwx';
      const res = await app().post('/api/articles', { data: { ...baseData('articles'), [key]: value } });
      expectFieldError(res, [key], `Invalid key ${key}`);
      expect(await total(app(), 'articles')).to.equal(before);
    });
  }

  it('rejects documentId in the body of an update, and keeps the document unchanged', async () => {
    const created = await create(app(), 'articles', { title: 'Same' });
    const res = await app().put(`/api/articles/${created.documentId}`, { data: { title: 'Other', documentId: 'zzzzzzzzzzzzzzzzzzzzzzzz' } });
    expectFieldError(res, ['documentId'], 'Invalid key documentId');
    const doc = await readOne(app(), 'articles', created.documentId);
    expect(doc.title).to.equal('Same');
    expect(doc.documentId).to.equal(created.documentId);
  });

  it('rejects a private attribute of another type (password on articles) as an unknown key', async () => {
    const res = await app().post('/api/articles', { data: { ...baseData('articles'), passcode: 'secret1' } });
    expectFieldError(res, ['passcode'], 'Invalid key passcode');
  });

  it('reports every invalid field at once', async () => {
    const res = await app().post('/api/articles', { data: { title: 5, readingTime: 'x', featured: 'maybe' } });
    expect(res.status).to.equal(400);
    expect(res.body.error.message).to.equal('3 errors occurred');
    const paths = (res.body.error.details.errors as Array<{ path: string[] }>).map((e) => e.path.join('.'));
    expect(paths).to.have.members(['title', 'readingTime', 'featured']);
  });

  for (const [what, body] of [
    ['a body without data', { title: 'x' }],
    ['data: null', { data: null }],
    ['data as an array', { data: [{ title: 'x' }] }],
    ['data as a string', { data: 'title' }],
  ] as const) {
    it(`rejects ${what} with 'Missing "data" payload in the request body'`, async () => {
      const before = await total(app(), 'articles');
      const res = await app().post('/api/articles', body);
      expect(res.status, res.text).to.equal(400);
      expect(res.body).to.deep.equal({
        data: null,
        error: { status: 400, name: 'ValidationError', message: 'Missing "data" payload in the request body', details: {} },
      });
      expect(await total(app(), 'articles')).to.equal(before);
    });
  }

  it('rejects an update without data, and keeps the document unchanged', async () => {
    const created = await create(app(), 'articles', { title: 'Untouched' });
    const res = await app().put(`/api/articles/${created.documentId}`, { title: 'Changed' });
    expect(res.status, res.text).to.equal(400);
    expect(res.body.error.message).to.equal('Missing "data" payload in the request body');
    expect((await readOne(app(), 'articles', created.documentId)).title).to.equal('Untouched');
  });
});
