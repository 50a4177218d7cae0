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
    ['_q=K', ['temp 5 \u212A', 'okay', 'MIXED Okay über']],
    [`_q=${encodeURIComponent('über')}`, ['ÜBER alles', 'über', 'MIXED Okay über']],
  ];
  for (const [query, expected] of cases) {
    it(`${decodeURIComponent(query)} -> ${expected.length} notes`, async () => {
      expect(await titles(query)).to.deep.equal(expected);
    });
  }
});
