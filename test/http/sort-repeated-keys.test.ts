// A sort key given many times is sorted by once. Each ORDER BY term makes the database copy its
// value into every row's sort record, so `sort=description` repeated 200 times on long texts used
// to cost 200 copies of each text per row; the compiler now merges repeats (the first one wins)
// and the SQL planner emits one term per distinct key, in ORDER BY and in a window's ORDER BY.

import { expect } from 'chai';
import { captureStatements } from '../helpers/statements.js';
import { useKernel, type Json } from '../helpers/suite.js';

const notes = {
  contentTypesDir: false as const,
  schemas: {
    contentTypes: [{
      file: 'note.json',
      schema: {
        kind: 'collectionType', collectionName: 'notes', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
        attributes: {
          name: { type: 'string' },
          description: { type: 'text' },
          parent: { type: 'relation', relation: 'manyToOne', target: 'api::note.note' },
          links: { type: 'relation', relation: 'manyToMany', target: 'api::note.note' },
        },
      },
    }],
    components: [],
  },
};

/** The ORDER BY terms of a statement (its last ORDER BY, up to LIMIT or a closing parenthesis). */
function orderTerms(sql: string): string[] {
  const at = sql.toLowerCase().lastIndexOf('order by ');
  if (at === -1) return [];
  const clause = sql.slice(at + 'order by '.length).split(/\)|\blimit\b/i)[0] ?? '';
  return clause.split(',').map((t) => t.trim()).filter(Boolean);
}

const mentions = (terms: string[], column: string) => terms.filter((t) => t.includes(column)).length;

describe('repeated sort keys', () => {
  const app = useKernel(notes);
  const names: string[] = [];

  before(async () => {
    // Long equal values: the case where every repeated term was a full copy and comparison
    const description = 'd'.repeat(20_000);
    let first: string | undefined;
    for (const name of ['c', 'a', 'b']) {
      const res = await app().post('/api/notes', { data: { name, description, ...(first ? { links: [first] } : {}) } });
      expect(res.status, res.text).to.equal(201);
      first ??= res.body.data.documentId as string;
      names.push(name);
    }
  });

  it('200 repeats of a key are one ORDER BY term', async () => {
    const sort = Array(200).fill('description').join(',');
    const { result, sql } = await captureStatements(app(), () => app().get(`/api/notes?sort=${sort}`));
    expect(result.status, result.text).to.equal(200);
    const list = sql.find((s) => /order by/i.test(s));
    expect(list, sql.join('\n')).to.be.a('string');
    const terms = orderTerms(list!);
    expect(mentions(terms, 'description'), terms.join(', ')).to.equal(1);
    // the id tie-break that keeps pages stable, and nothing else
    expect(terms).to.have.lengthOf(2);
  });

  it('the first occurrence wins, whatever the form the key is repeated in', async () => {
    const names = async (query: string) => {
      const res = await app().get(`/api/notes?${query}`);
      expect(res.status, res.text).to.equal(200);
      return (res.body.data as Json[]).map((n) => n.name as string);
    };
    expect(await names('sort=name:desc,name:asc,name')).to.deep.equal(['c', 'b', 'a']);
    expect(await names('sort[0]=name&sort[1]=name:desc&sort[2][name]=desc')).to.deep.equal(['a', 'b', 'c']);
    const { sql } = await captureStatements(app(), () => app().get('/api/notes?sort[0]=name:desc&sort[1][name]=asc&sort[2]=name'));
    expect(mentions(orderTerms(sql.find((s) => /order by/i.test(s))!), 'name')).to.equal(1);
  });

  it('a key sorted by already ends the list: sort=id needs no id tie-break', async () => {
    const { sql } = await captureStatements(app(), () => app().get(`/api/notes?sort=${Array(50).fill('id:desc').join(',')}`));
    const terms = orderTerms(sql.find((s) => /order by/i.test(s))!);
    expect(terms).to.have.lengthOf(1);
    expect(terms[0]).to.match(/id.*desc/i);
  });

  it('a populated relation\'s repeated sort keys are one term of its window ORDER BY too', async () => {
    const sort = Array(200).fill('description').join(',');
    const { result, sql } = await captureStatements(app(),
      () => app().get(`/api/notes?populate[links][sort]=${sort}&populate[links][pagination][limit]=1`));
    expect(result.status, result.text).to.equal(200);
    const windowed = sql.find((s) => /row_number\(\) over/i.test(s));
    expect(windowed, sql.join('\n')).to.be.a('string');
    const over = /over \(partition by [^)]*?order by ([^)]*)\)/i.exec(windowed!)?.[1] ?? '';
    expect(mentions(over.split(','), 'description'), over).to.equal(1);
  });

  it('a sort repeated through a relation is one correlated subquery', async () => {
    const { result, sql } = await captureStatements(app(), () => app().get(`/api/notes?sort=${Array(100).fill('parent.name').join(',')}`));
    expect(result.status, result.text).to.equal(200);
    const list = sql.find((s) => /order by/i.test(s))!;
    // one subquery per sort term; the list statement has no other subquery
    expect(list.match(/\(select/gi) ?? []).to.have.lengthOf(1);
  });
});
