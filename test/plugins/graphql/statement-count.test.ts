// No N+1: a GraphQL selection is one query plan, so the number of SQL statements depends on the
// shape of the selection, never on the number of rows, and equals what REST issues for the same
// fields and populate.

import { expect } from 'chai';
import { seedDeepFixture } from '../../helpers/deep-fixture.js';
import { countStatements } from '../../helpers/statements.js';
import { gqlData, useGraphqlKernel } from './helpers.js';

const SELECTION = `title category { name parent { name } } authors(pagination: { pageSize: 10 }) { name avatar { url } links { label } }
  seo { metaTitle shareImage { url } openGraph { ogTitle } } cover { url } gallery { url }
  blocks { ... on ComponentSharedQuote { title person { name } } ... on ComponentSharedRichText { body } }`;

describe('GraphQL: SQL statements per request', function () {
  this.timeout(120_000);
  const get = useGraphqlKernel({ amountLimit: 100 }, { pluginsConfig: { 'draft-and-publish': false, i18n: false } });

  before(async () => {
    const app = get();
    const docs = (uid: string) => app.kernel.documents(uid);
    const { file, category, authors } = await seedDeepFixture(app);
    for (let i = 0; i < 60; i++) {
      await docs('api::article.article').create({ data: {
        title: `Article ${i}`, category: category.documentId, authors: authors.map((a) => a.documentId), cover: file, gallery: [file, file],
        seo: { metaTitle: `Meta ${i}`, shareImage: file, openGraph: { ogTitle: `OG ${i}` } },
        blocks: [{ __component: 'shared.quote', title: 'Q', person: authors[i % 3]!.documentId }, { __component: 'shared.rich-text', body: 'rich' }],
      } });
    }
  });

  it('issues the same statements for a page of 1 and a page of 60, every nested field loaded', async () => {
    const one = await countStatements(get(), () => gqlData(get(), `{ articles(pagination: { pageSize: 1 }) { ${SELECTION} } }`));
    const many = await countStatements(get(), () => gqlData(get(), `{ articles(pagination: { pageSize: 60 }) { ${SELECTION} } }`));
    expect(one.result.articles).to.have.lengthOf(1);
    expect(many.result.articles).to.have.lengthOf(60);
    const last = many.result.articles[59];
    expect(last.category.parent.name).to.equal('Root');
    expect(last.authors).to.have.lengthOf(3);
    expect(last.authors[2].links[0].label).to.equal('site');
    expect(last.blocks[0].person.name).to.be.a('string');
    expect(one.statements).to.be.greaterThan(3);
    expect(many.statements).to.equal(one.statements);
    // A list without a connection does not count its rows
    expect(many.statements).to.be.lessThan(20);
  });

  it('loads each distinct argument set of one relation, media field or component once: one statement more each, whatever the rows', async () => {
    const once = (size: number) => `{ articles(pagination: { pageSize: ${size} }) { title authors(sort: ["name"], pagination: { limit: 3 }) { name } gallery(pagination: { limit: 2 }) { url } } }`;
    const thrice = (size: number) => `{ articles(pagination: { pageSize: ${size} }) { title
      a: authors(sort: ["name"], pagination: { limit: 3 }) { name } b: authors(sort: ["name:desc"], pagination: { limit: 1 }) { name }
      c: authors_connection(filters: { name: { eq: "A1" } }, pagination: { limit: 3 }) { nodes { name links(pagination: { limit: 1 }) { label } l: links(pagination: { limit: 2 }) { url } } }
      gallery(pagination: { limit: 2 }) { url } g: gallery(pagination: { limit: 1 }) { url } } }`;
    const base = await countStatements(get(), () => gqlData(get(), once(1)));
    const one = await countStatements(get(), () => gqlData(get(), thrice(1)));
    const many = await countStatements(get(), () => gqlData(get(), thrice(60)));
    // two more sets of authors, one more of the gallery, and the links of c (twice: two sets)
    expect(one.statements).to.equal(base.statements + 5);
    expect(many.statements).to.equal(one.statements);
    const last = many.result.articles[59];
    expect(last.a.map((a: { name: string }) => a.name)).to.deep.equal(['A0', 'A1', 'A2']);
    expect(last.b).to.deep.equal([{ name: 'A2' }]);
    expect(last.c.nodes).to.deep.equal([{ name: 'A1', links: [{ label: 'site' }], l: [{ url: 'https://example.com' }] }]);
    expect([last.gallery.length, last.g.length]).to.deep.equal([2, 1]);
  });

  it('issues no more statements than REST for the same fields and populate', async () => {
    const graphql = await countStatements(get(), () => gqlData(get(), '{ articles(pagination: { pageSize: 50 }) { title category { name } authors { name } } }'));
    const rest = await countStatements(get(), () => get().get('/api/articles?pagination[pageSize]=50&pagination[withCount]=false&fields[0]=title&populate[category][fields][0]=name&populate[authors][fields][0]=name'));
    expect(rest.result.status).to.equal(200);
    expect(graphql.statements).to.be.at.most(rest.statements);
  });
});
