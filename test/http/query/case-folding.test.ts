// Case-insensitive operators fold case the way JavaScript's toLowerCase() does, on every dialect
// and whatever shortcut a dialect takes for ASCII text (SQLite decides all-ASCII rows with its
// own LIKE): a Kelvin sign folds to "k", "ÜBER" to "über". All of it twice: on a plain
// attribute and on a `searchable` one, whose trigram index must never change an answer.

import { expect } from 'chai';
import { captureStatements } from '../../helpers/statements.js';
import { useKernel } from '../../helpers/suite.js';

const notes = (searchable: boolean) => ({
  contentTypesDir: false as const,
  schemas: {
    contentTypes: [{ file: 'note.json', schema: { kind: 'collectionType', collectionName: 'notes', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' }, attributes: { title: { type: 'string', searchable } } } }],
    components: [],
  },
});

const TITLES = ['temp 5 \u212A', 'okay', 'ÜBER alles', 'über', 'plain', 'MIXED Okay über', 'ΟΔΟΣ', '50% off_now'];

for (const searchable of [false, true]) describe(`REST query: case folding in $containsi and friends${searchable ? ', searchable (trigram index)' : ''}`, () => {
  const app = useKernel(notes(searchable));

  before(async () => {
    for (const title of TITLES) expect((await app().post('/api/notes', { data: { title } })).status).to.equal(201);
    // No title: NULL under $not stays out, with or without the index
    expect((await app().post('/api/notes', { data: {} })).status).to.equal(201);
  });

  if (searchable) {
    it('reads the trigram index on SQLite and PostgreSQL', async function () {
      const { dialect } = app().kernel;
      if (dialect === 'mysql') this.skip();
      const { sql } = await captureStatements(app(), () => titles('filters[title][$containsi]=okay'));
      if (dialect === 'sqlite') expect(sql.join('\n')).to.include('notes_title_trgm');
      else expect((await app().kernel.db.raw("SELECT 1 FROM pg_indexes WHERE indexname = 'notes_title_trgm'")).rows).to.have.length(1);
    });
  }

  // On SQLite a search through the trigram index counts its matches in the page's own statement
  // (core/query/read.ts): the same totals, one statement fewer; a page past the end counts apart.
  it('gives the same totals, counted with the page where the index serves the search', async function () {
    const { dialect } = app().kernel;
    const cases: Array<[string, number, number, number]> = [
      // query, page, total, rows on that page (2 a page)
      ['filters[title][$containsi]=k', 1, 3, 2],
      ['filters[title][$containsi]=k', 2, 3, 1],
      ['filters[title][$containsi]=k', 3, 3, 0],
      ['filters[title][$containsi]=zzz', 1, 0, 0],
      ['filters[$or][0][title][$containsi]=plain&filters[$or][1][title][$null]=true', 1, 2, 2],
    ];
    for (const [query, page, total, rows] of cases) {
      const { result: res, sql } = await captureStatements(app(), () => app().get(`/api/notes?${query}&sort=title&pagination[pageSize]=2&pagination[page]=${page}`));
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data, query).to.have.length(rows);
      expect(res.body.meta.pagination, query).to.include({ total, pageCount: Math.ceil(total / 2) });
      const together = searchable && dialect === 'sqlite' && (rows > 0 || page === 1);
      expect(sql, `${query} page ${page}`).to.have.length(together ? 1 : 2);
    }
  });

  async function titles(query: string): Promise<string[]> {
    const res = await app().get(`/api/notes?${query}&sort=id`);
    expect(res.status, res.text).to.equal(200);
    return (res.body as { data: Array<{ title: string }> }).data.map((d) => d.title);
  }

  const cases: Array<[string, string[]]> = [
    ['filters[title][$containsi]=k', ['temp 5 \u212A', 'okay', 'MIXED Okay über']],
    ['filters[title][$containsi]=5%20k', ['temp 5 \u212A']],
    ['filters[title][$containsi]=OKAY', ['okay', 'MIXED Okay über']],
    [`filters[title][$containsi]=${encodeURIComponent('ÜBER')}`, ['ÜBER alles', 'über', 'MIXED Okay über']],
    ['filters[title][$notContainsi]=k', ['ÜBER alles', 'über', 'plain', 'ΟΔΟΣ', '50% off_now', null as unknown as string]],
    ['filters[title][$endsWithi]=K', ['temp 5 \u212A']],
    ['filters[title][$startsWithi]=mixed', ['MIXED Okay über']],
    ['filters[title][$containsi]=PLA', ['plain']],
    ['filters[title][$contains]=Okay', ['MIXED Okay über']],
    ['filters[title][$contains]=kay', ['okay', 'MIXED Okay über']],
    ['filters[title][$startsWith]=okay', ['okay']],
    ['filters[title][$endsWith]=ber', ['über', 'MIXED Okay über']],
    [`filters[title][$startsWith]=${encodeURIComponent('ÜBER')}`, ['ÜBER alles']],
    [`filters[title][$containsi]=${encodeURIComponent('δο')}`, ['ΟΔΟΣ']],
    ['filters[title][$containsi]=50%25', ['50% off_now']],
    ['filters[title][$containsi]=F_N', ['50% off_now']],
    ['filters[title][$containsi]=f%25n', []],
    ['filters[title][$containsi]=e_a', []],
    ['filters[$not][title][$containsi]=a', ['temp 5 \u212A', 'über', 'ΟΔΟΣ', '50% off_now']],
    ['filters[$or][0][title][$containsi]=plain&filters[$or][1][title][$null]=true', ['plain', null as unknown as string]],
    ['_q=K', ['temp 5 \u212A', 'okay', 'MIXED Okay über']],
    [`_q=${encodeURIComponent('über')}`, ['ÜBER alles', 'über', 'MIXED Okay über']],
  ];
  for (const [query, expected] of cases) {
    it(`${decodeURIComponent(query)} -> ${expected.length} notes`, async () => {
      expect(await titles(query)).to.deep.equal(expected);
    });
  }

  // SQLite decides ASCII patterns with its own LIKE, which folds ASCII only, and calls lower()
  // only where a non-ASCII character can fold into the match. Whichever characters this Node's
  // Unicode tables fold to ASCII, each must still match as toLowerCase() says.
  describe('every character that folds to ASCII (SQLite)', () => {
    const folding: string[] = [];
    for (let cp = 0x80; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (/[a-z]/.test(ch.toLowerCase())) folding.push(ch);
    }

    it('finds the folding characters', () => {
      expect(folding.length).to.be.greaterThan(0);
    });

    it('matches each as toLowerCase() does, before a wildcard and inside a word', async function () {
      if (app().kernel.dialect !== 'sqlite') this.skip();
      const made: string[] = [];
      for (const ch of folding) {
        const title = `q${ch}z`;
        made.push(title);
        expect((await app().post('/api/notes', { data: { title } })).status).to.equal(201);
      }
      for (const ch of folding) {
        const ascii = ch.toLowerCase().replace(/[^a-z]/g, '');
        for (const value of [`q${ascii}`, `q${ascii}z`, ascii.toUpperCase()]) {
          const expected = [...TITLES, ...made].filter((t) => t.toLowerCase().includes(value.toLowerCase()));
          expect(await titles(`filters[title][$containsi]=${encodeURIComponent(value)}`), value).to.have.members(expected);
        }
      }
    });
  });
});
