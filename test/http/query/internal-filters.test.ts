// Filters only app code may write (the document service, source 'internal'): into a dynamic zone's
// components of named types (`$on`), and a blocks attribute holding a top-level block that
// contains keys and values (`$containsBlock`), with the same answers on every database: strings
// and numbers compared as such, nested objects, a NULL column holding no block (negated too).

import { expect } from 'chai';
import { ValidationError } from '../../../core/index.js';
import { startKernel, type TestKernel } from '../../helpers/kernel.js';

const ARTICLE = 'api::article.article';

describe('query: filters for app code (dynamic zones, blocks)', function () {
  this.timeout(60_000);
  let app: TestKernel;
  const ids: Record<string, string> = {};

  before(async () => {
    app = await startKernel({ config: { plugins: { 'draft-and-publish': { enabled: true } } } });
    const docs = app.kernel.documents(ARTICLE);
    const make = async (key: string, data: Record<string, unknown>) => { ids[key] = (await docs.create({ data: { title: key, ...data } })).documentId; };
    const image = (fields: Record<string, unknown>) => ({ type: 'image', image: fields, children: [{ type: 'text', text: '' }] });
    await make('quote', { blocks: [{ __component: 'shared.quote', title: 'Tide', body: 'Low' }] });
    await make('text', { blocks: [{ __component: 'shared.rich-text', body: 'High tide' }] });
    await make('byUrl', { content: [{ type: 'paragraph', children: [{ type: 'text', text: 'x' }] }, image({ url: '/uploads/a.png', width: 40 })] });
    await make('byId', { content: [image({ id: 7, url: 'https://example.com/b.png' })] });
    await make('idAsText', { content: [image({ id: '7' })] });
    await make('nested', { content: [{ type: 'list', format: 'ordered', children: [image({ url: '/uploads/a.png' })] }] });
    await make('none', {});
  });
  after(async () => { await app?.stop(); });

  const titles = async (filters: Record<string, unknown>) =>
    (await app.kernel.documents(ARTICLE).findMany({ filters, fields: ['title'], sort: ['title:asc'], status: 'draft' })).map((d) => d.title);

  it('reaches into a dynamic zone\'s components of the types named', async () => {
    expect(await titles({ blocks: { $on: { 'shared.quote': { title: { $eq: 'Tide' } } } } })).to.deep.equal(['quote']);
    expect(await titles({ blocks: { $on: { 'shared.quote': { body: { $containsi: 'tide' } }, 'shared.rich-text': { body: { $containsi: 'tide' } } } } })).to.deep.equal(['text']);
    expect(await titles({ blocks: { $on: { 'shared.quote': { title: { $containsi: 'tide' } }, 'shared.rich-text': { body: { $containsi: 'tide' } } } } })).to.deep.equal(['quote', 'text']);
    expect(await titles({ $not: { blocks: { $on: { 'shared.quote': { title: { $eq: 'Tide' } } } } } })).to.not.include('quote');
    await expectInvalid({ blocks: { $on: { 'shared.seo': { metaTitle: 'x' } } } }, /shared\.seo is not a component of blocks/);
    await expectInvalid({ blocks: { 'shared.quote': { title: 'x' } } }, /\$on/);
  });

  it('finds a top-level block containing keys and values: strings and numbers as such, nested objects', async () => {
    expect(await titles({ content: { $containsBlock: { type: 'image', image: { url: '/uploads/a.png' } } } })).to.deep.equal(['byUrl']);
    expect(await titles({ content: { $containsBlock: { type: 'image', image: { id: 7 } } } })).to.deep.equal(['byId']);
    expect(await titles({ content: { $containsBlock: { type: 'image', image: { id: '7' } } } })).to.deep.equal(['idAsText']);
    expect(await titles({ content: { $containsBlock: { image: { url: '/uploads/a.png', width: 40 } } } })).to.deep.equal(['byUrl']);
    expect(await titles({ content: { $containsBlock: { image: { url: '/uploads/a.png', width: 41 } } } })).to.deep.equal([]);
    expect(await titles({ $or: [{ content: { $containsBlock: { image: { id: 7 } } } }, { content: { $containsBlock: { image: { url: '/uploads/a.png' } } } }] })).to.deep.equal(['byId', 'byUrl']);
    // Negated: every other entry, those without blocks too
    expect(await titles({ $not: { content: { $containsBlock: { type: 'image' } } } })).to.deep.equal(['nested', 'none', 'quote', 'text']);
    await expectInvalid({ content: { $containsBlock: { type: ['image'] } } }, /\$containsBlock/);
    await expectInvalid({ content: { $containsBlock: { 'a"b': 'x' } } }, /\$containsBlock/);
    // JSON.parse makes __proto__ an own key; taken as one, it would drop the condition
    await expectInvalid({ content: { $containsBlock: JSON.parse('{"type":"image","__proto__":{"x":"y"}}') as Record<string, unknown> } }, /\$containsBlock/);
  });

  it('is not the content API\'s', async () => {
    for (const filters of [{ blocks: { $on: { 'shared.quote': { title: 'Tide' } } } }, { content: { $containsBlock: { type: 'image' } } }]) {
      const err = await app.kernel.documents(ARTICLE).findMany({ filters, source: 'content-api', status: 'draft' }).then(() => undefined, (e: unknown) => e);
      expect(err).to.be.instanceOf(ValidationError);
    }
  });

  async function expectInvalid(filters: Record<string, unknown>, message: RegExp): Promise<void> {
    const err = await app.kernel.documents(ARTICLE).findMany({ filters, status: 'draft' }).then(() => undefined, (e: unknown) => e);
    expect(err).to.be.instanceOf(ValidationError);
    expect(JSON.stringify({ message: (err as Error).message, details: (err as ValidationError).details })).to.match(message);
  }
});
