// Case-insensitive operators fold case the way JavaScript's toLowerCase() does, on every dialect
// and whatever shortcut a dialect takes for ASCII text (SQLite decides all-ASCII rows with its
// own LIKE): a Kelvin sign folds to "k", "ÜBER" to "über".

import { expect } from 'chai';
import { useKernel } from '../../helpers/suite.js';

const notes = {
  contentTypesDir: false as const,
  schemas: {
    contentTypes: [{ file: 'note.json', schema: { kind: 'collectionType', collectionName: 'notes', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' }, attributes: { title: { type: 'string' } } } }],
    components: [],
  },
};

const TITLES = ['temp 5 \u212A', 'okay', 'ÜBER alles', 'über', 'plain', 'MIXED Okay über'];

describe('REST query: case folding in $containsi and friends', () => {
  const app = useKernel(notes);

  before(async () => {
    for (const title of TITLES) expect((await app().post('/api/notes', { data: { title } })).status).to.equal(201);
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
    ['filters[title][$notContainsi]=k', ['ÜBER alles', 'über', 'plain']],
    ['filters[title][$endsWithi]=K', ['temp 5 \u212A']],
    ['filters[title][$startsWithi]=mixed', ['MIXED Okay über']],
    ['filters[title][$containsi]=PLA', ['plain']],
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
