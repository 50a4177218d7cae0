// Answers past 128 KiB are written in pieces (core/rest/json-response.ts, for V8's slow path on
// large JSON): the bytes must still be exactly JSON.stringify's, multi-byte text included, with
// a Content-Length that matches them.

import { expect } from 'chai';
import { expectStatus, useKernel, type Json } from '../helpers/suite.js';

const notes = {
  contentTypesDir: false as const,
  schemas: {
    contentTypes: [{
      file: 'note.json',
      schema: {
        kind: 'collectionType', collectionName: 'notes', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
        attributes: { title: { type: 'string' }, body: { type: 'text' }, extra: { type: 'json' } },
      },
    }],
    components: [],
  },
};

// Characters JSON escapes or UTF-8 writes in 2, 3 and 4 bytes, and line separators
const MIXED = 'Crème brûlée "à la" \\maison\\\n\t— 東京 😀 \u2028\u2029 ';

describe('large JSON answers', () => {
  const app = useKernel(notes);
  const created: Json[] = [];

  before(async function () {
    this.timeout(60_000);
    for (let i = 0; i < 30; i++) {
      const res = await app().post('/api/notes', {
        data: { title: `note ${i} ${MIXED}`, body: MIXED.repeat(100 + i), extra: { i, text: MIXED.repeat(20), list: [1, null, true, MIXED] } },
      });
      expectStatus(res, 201);
      created.push(res.body.data as Json);
    }
  });

  async function raw(path: string): Promise<{ res: Response; bytes: Buffer; text: string }> {
    const res = await fetch(`${app().url}${path}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    return { res, bytes, text: bytes.toString('utf8') };
  }

  it('a page of 30 documents (over 128 KiB) is exactly JSON.stringify of its value, and its length is right', async () => {
    const { res, bytes, text } = await raw('/api/notes?pagination[pageSize]=30&sort=id');
    expect(res.status, text.slice(0, 500)).to.equal(200);
    expect(bytes.length).to.be.greaterThan(128 * 1024);
    expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    expect(Number(res.headers.get('content-length'))).to.equal(bytes.length);
    const value = JSON.parse(text) as Json;
    expect(text).to.equal(JSON.stringify(value));
    expect(value.data.map((d: Json) => d.documentId)).to.deep.equal(created.map((d) => d.documentId));
    expect(value.data[29].body).to.equal(MIXED.repeat(129));
    expect(value.data[7].extra).to.deep.equal({ i: 7, text: MIXED.repeat(20), list: [1, null, true, MIXED] });
    expect(value.meta).to.deep.equal({ pagination: { page: 1, pageSize: 30, pageCount: 1, total: 30 } });
  });

  it('one document over 128 KiB, and a small answer, are JSON.stringify of their values too', async () => {
    const big = await app().post('/api/notes', { data: { title: 'big', body: MIXED.repeat(4000) } });
    expectStatus(big, 201);
    const one = await raw(`/api/notes/${big.body.data.documentId as string}`);
    expect(one.bytes.length).to.be.greaterThan(128 * 1024);
    expect(Number(one.res.headers.get('content-length'))).to.equal(one.bytes.length);
    expect(one.text).to.equal(JSON.stringify(JSON.parse(one.text)));
    expect((JSON.parse(one.text) as Json).data.body).to.equal(MIXED.repeat(4000));

    const small = await raw('/api/notes?pagination[pageSize]=1&sort=id&fields[0]=title');
    const id = (JSON.parse(small.text) as Json).data[0].id as number;
    expect(id).to.be.a('number');
    expect(small.text).to.equal(JSON.stringify({
      data: [{ id, documentId: created[0]!.documentId, title: `note 0 ${MIXED}` }],
      meta: { pagination: { page: 1, pageSize: 1, pageCount: 31, total: 31 } },
    }));
  });
});
