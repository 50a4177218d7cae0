// Writing over GraphQL: create/update/delete with Strapi 5's signatures, relations as documentIds,
// components and dynamic zones in the input, validation errors with the REST details, and the
// draft-and-publish operations as mutations (beyond Strapi).

import { expect } from 'chai';
import { gql, gqlData, oneError, useGraphqlKernel, type Json } from './helpers.js';

describe('GraphQL: writing', () => {
  const get = useGraphqlKernel();

  const createArticle = async (data: Json, status?: string) =>
    (await gqlData(get(), 'mutation($d: ArticleInput!, $s: PublicationStatus) { createArticle(data: $d, status: $s) { documentId title publishedAt } }', { d: data, s: status })).createArticle as Json;

  it('creates with relations as documentIds, a component and a dynamic zone, and answers with the selection', async () => {
    const cat = (await gqlData(get(), 'mutation { createCategory(data: { name: "Tools" }) { documentId } }')).createCategory.documentId;
    const data = await gqlData(get(), `mutation($d: ArticleInput!) { createArticle(data: $d) {
      title category { name } seo { metaTitle } blocks { ... on ComponentSharedRichText { body } } } }`, {
      d: { title: 'Made over GraphQL', category: cat, seo: { metaTitle: 'M' }, blocks: [{ __typename: 'ComponentSharedRichText', body: 'hi' }] },
    });
    expect(data.createArticle).to.deep.equal({ title: 'Made over GraphQL', category: { name: 'Tools' }, seo: { metaTitle: 'M' }, blocks: [{ body: 'hi' }] });
    // The same document over REST: one engine, two surfaces
    const rest = await get().get('/api/articles?filters[title][$eq]=Made%20over%20GraphQL&populate=category');
    expect(rest.body.data[0].category.name).to.equal('Tools');
  });

  it('answers validation errors with the REST names and details.errors paths', async () => {
    const res = await gql(get(), 'mutation { createArticle(data: { title: "" , readingTime: -3 }) { documentId } }');
    const error = oneError(res, 'BAD_USER_INPUT');
    expect(error.extensions.error.name).to.equal('ValidationError');
    const paths = (error.extensions.error.details.errors as Json[]).map((e) => e.path.join('.'));
    expect(paths).to.include('readingTime');
    expect(error.path).to.deep.equal(['createArticle']);
    expect(res.body.data).to.deep.equal({ createArticle: null });
  });

  it('refuses a dynamic-zone entry of a component the zone does not hold', async () => {
    const res = await gql(get(), 'mutation { createArticle(data: { title: "Z", blocks: [{ __typename: "ComponentSharedSeo" }] }) { documentId } }');
    const error = oneError(res, 'BAD_USER_INPUT');
    expect(error.extensions.error.details.errors[0].path).to.deep.equal(['blocks', '0', '__typename']);
  });

  it('updates by documentId, and answers null for an unknown one, as Strapi', async () => {
    const { documentId } = await createArticle({ title: 'Before' });
    const data = await gqlData(get(), 'mutation($id: ID!) { updateArticle(documentId: $id, data: { title: "After" }) { title } }', { id: documentId });
    expect(data.updateArticle).to.deep.equal({ title: 'After' });
    const missing = await gqlData(get(), 'mutation { updateArticle(documentId: "nope", data: { title: "x" }) { title } }');
    expect(missing).to.deep.equal({ updateArticle: null });
    expect(await get().kernel.documents('api::article.article').findMany({ filters: { title: { $eq: 'x' } }, status: 'draft' })).to.deep.equal([]);
  });

  it('deletes and answers DeleteMutationResponse { documentId }, for a missing document too, as Strapi', async () => {
    const { documentId } = await createArticle({ title: 'Doomed' });
    const data = await gqlData(get(), 'mutation($id: ID!) { deleteArticle(documentId: $id) { documentId } }', { id: documentId });
    expect(data.deleteArticle).to.deep.equal({ documentId });
    const again = await gqlData(get(), 'mutation($id: ID!) { deleteArticle(documentId: $id) { documentId } }', { id: documentId });
    expect(again.deleteArticle).to.deep.equal({ documentId });
  });

  it("says a single type's missing document is not found on delete, and a plugin's write on a missing document", async () => {
    const single = oneError(await gql(get(), 'mutation { deleteGlobal { documentId } }'), 'STRAPI_NOT_FOUND_ERROR');
    expect(single.extensions.error).to.deep.equal({ name: 'NotFoundError', message: 'Document not found', details: {} });
    oneError(await gql(get(), 'mutation { publishArticle(documentId: "nope") { documentId } }'), 'STRAPI_NOT_FOUND_ERROR');
  });

  it('creates a draft with status: DRAFT, then publishes, unpublishes and discards through mutations', async () => {
    const draft = await createArticle({ title: 'Drafty' }, 'DRAFT');
    expect(draft.publishedAt).to.equal(null);
    const published = await gqlData(get(), 'mutation($id: ID!) { publishArticle(documentId: $id) { title publishedAt } }', { id: draft.documentId });
    expect(published.publishArticle.publishedAt).to.be.a('string');
    await gqlData(get(), 'mutation($id: ID!) { updateArticle(documentId: $id, status: DRAFT, data: { title: "Drafty v2" }) { title } }', { id: draft.documentId });
    const discarded = await gqlData(get(), 'mutation($id: ID!) { discardDraftArticle(documentId: $id) { title } }', { id: draft.documentId });
    expect(discarded.discardDraftArticle.title).to.equal('Drafty');
    const unpublished = await gqlData(get(), 'mutation($id: ID!) { unpublishArticle(documentId: $id) { documentId } }', { id: draft.documentId });
    expect(unpublished.unpublishArticle.documentId).to.equal(draft.documentId);
    const live = await gqlData(get(), 'query($id: ID!) { article(documentId: $id) { title } }', { id: draft.documentId });
    expect(live.article).to.equal(null);
  });

  it('keeps unknown and read-only fields out of the input type', async () => {
    const res = await gql(get(), 'mutation { createArticle(data: { title: "x", createdAt: "2020-01-01T00:00:00Z" }) { documentId } }');
    expect(res.status).to.equal(400);
    expect(res.body.errors[0].message).to.match(/createdAt/);
  });
});
