// A plugin author's slips are caught early and named: a tap on a hook that does not exist, an
// auth.scope action nothing checks, a misspelt event action (at compile time), and the document
// service's publishing verbs exist under Strapi 5's names.

import { expect } from 'chai';
import { definePlugin, type DocumentEvent, type KernelError, type Plugin, type PluginsConfig } from '../../core/index.js';
import { startKernel } from '../helpers/kernel.js';

const tag = {
  kind: 'collectionType', collectionName: 'tags',
  info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' },
  options: {}, pluginOptions: {}, attributes: { name: { type: 'string' } },
};
const tagOnly = { contentTypesDir: false as const, schemas: { contentTypes: [{ file: 'tag.json', schema: tag }], components: [] } };

async function refusal(plugins: Plugin[], config: PluginsConfig = {}): Promise<string> {
  const failed = await startKernel({ ...tagOnly, plugins, config: { plugins: config } })
    .then(async (app) => { await app.stop(); return undefined; }, (err: unknown) => err as KernelError);
  expect(failed, 'the start should fail').to.be.instanceOf(Error);
  return `${failed!.code}: ${failed!.message}`;
}

describe('a plugin author\'s mistakes', () => {
  it('a tap on a misspelt hook names the plugin and the nearest hook', async () => {
    const misspelt = definePlugin({
      name: 'reading-list',
      register(api) {
        // @ts-expect-error -- the hooks are typed: this does not compile in TypeScript, and a
        // JavaScript plugin hears the same at start-up
        api.hooks.documntEvent.tapPromise('reading-list', async () => undefined);
      },
    });
    expect(await refusal([misspelt])).to.equal('PLUGIN_ERR_INVALID: plugin reading-list: api.hooks.documntEvent is not a hook (did you mean documentEvent?)');
  });

  it('refuses at start-up an auth.scope action that nothing checks, naming the resolver and the nearest action', async () => {
    const scoped = definePlugin({
      name: 'reading',
      dependsOn: ['graphql'],
      register(api) {
        api.services.get('graphql').use({
          typeDefs: 'extend type Query { tagCount: Int! }',
          resolvers: { Query: { tagCount: () => 0 } },
          resolversConfig: { 'Query.tagCount': { auth: { scope: ['api::tag.tag.fnd'] } } },
        });
      },
    });
    expect(await refusal([scoped], { graphql: true })).to.equal(
      "PLUGIN_ERR_INVALID: graphql extension: resolversConfig['Query.tagCount'].auth.scope: api::tag.tag.fnd is not a permission action (did you mean api::tag.tag.find?)");
  });

  it('types a document event\'s action as a union', () => {
    const actions: Array<DocumentEvent['action']> = ['create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft'];
    // @ts-expect-error -- a misspelt action does not compile
    const misspelt: DocumentEvent['action'] = 'publsh';
    expect([...actions, misspelt]).to.have.lengthOf(7);
  });
});

describe('the document service\'s publishing verbs', () => {
  const article = {
    kind: 'collectionType', collectionName: 'notes',
    info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
    options: { draftAndPublish: true }, pluginOptions: {}, attributes: { title: { type: 'string' } },
  };

  it('publish, unpublish and discardDraft as Strapi 5 names them, and a clear error where they do not apply', async () => {
    const app = await startKernel({
      contentTypesDir: false,
      schemas: { contentTypes: [{ file: 'note.json', schema: article }, { file: 'tag.json', schema: tag }], components: [] },
      config: { plugins: { 'draft-and-publish': true } },
    });
    try {
      const notes = app.kernel.documents('api::note.note');
      const { documentId } = await notes.create({ data: { title: 'First' } });
      const published = await notes.publish({ documentId });
      expect(published).to.include({ documentId, title: 'First' });
      expect(published!.publishedAt).to.be.a('string');
      await notes.update({ documentId, data: { title: 'Edited' } });
      expect(await notes.discardDraft({ documentId })).to.include({ documentId, title: 'First', publishedAt: null });
      expect(await notes.unpublish({ documentId })).to.deep.equal({ documentId });
      expect(await notes.findOne({ documentId, status: 'published' })).to.equal(null);
      expect(await notes.unpublish({ documentId })).to.equal(null);
      expect(await notes.publish({ documentId: 'nope' })).to.equal(null);
      // The same actions through action(), as before
      expect(await notes.action('publish', { documentId })).to.include({ title: 'First' });
      const tags = app.kernel.documents('api::tag.tag');
      expect(() => tags.publish({ documentId: 'x' })).to.throw('document action publish (draft-and-publish) does not apply to api::tag.tag');
    } finally { await app.stop(); }
  });
});
