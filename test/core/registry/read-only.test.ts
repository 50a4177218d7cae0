// No plugin can make a private field public by accident: the registry hands out read-only views
// while models are registered (a direct write stops start-up, naming the plugin and the
// attribute), extendAttribute keeps every narrowing flag the patch does not name, and a patch
// that names one (private: false) is applied and logged. Checked over REST on the example app,
// whose authors have a private `secretNote`.

import { expect } from 'chai';
import { definePlugin, type Attribute, type ModelRegistry, type Plugin } from '../../../core/index.js';
import { startKernel, type TestKernel } from '../../helpers/kernel.js';
import { create } from '../../helpers/suite.js';

const AU = 'api::author.author';
const A = 'api::article.article';

function modelsPlugin(name: string, tap: (registry: ModelRegistry) => void): Plugin {
  return definePlugin({ name, register(api) { api.hooks.registerModels.tap(name, tap); } });
}

async function startFailure(plugin: Plugin): Promise<Error & { code?: string }> {
  const failed = await startKernel({ plugins: [plugin] }).then((app) => app.stop().then(() => null), (err: unknown) => err as Error & { code?: string });
  expect(failed, 'start-up should fail').to.not.equal(null);
  return failed!;
}

describe('Model registry: plugins get read-only views', () => {
  it('a plugin that replaces an attribute in place stops start-up, named with the attribute', async () => {
    const failed = await startFailure(modelsPlugin('loosener', (registry) => {
      const { private: _hidden, ...copy } = registry.contentType(AU).attributes.secretNote as Attribute & { private?: boolean };
      (registry.contentType(AU).attributes as Record<string, Attribute>).secretNote = copy;
    }));
    expect(failed.code).to.equal('HOOK_ERR_TAP_FAILED');
    expect(failed.message).to.match(/^loosener's registerModels tap failed: cannot change api::author\.author attributes\.secretNote directly/);
  });

  it('so does deleting a flag, writing an option, or pushing into a list', async () => {
    const writes: Array<[string, (registry: ModelRegistry) => void, RegExp]> = [
      ['delete private', (r) => { delete (r.get(AU).attributes.secretNote as { private?: boolean }).private; }, /api::author\.author attributes\.secretNote\.private/],
      ['set an option', (r) => { r.contentType(A).options.draftAndPublish = false; }, /api::article\.article options\.draftAndPublish/],
      ['push a component', (r) => { (r.contentType(A).attributes.blocks as { components: string[] }).components.push('shared.link'); }, /api::article\.article attributes\.blocks\.components\.\d/],
      ['through contentTypes()', (r) => { r.contentTypes().find((ct) => ct.uid === AU)!.attributes.secretNote = { type: 'string' }; }, /api::author\.author attributes\.secretNote/],
    ];
    for (const [what, write, message] of writes) {
      const failed = await startFailure(modelsPlugin('writer', write));
      expect(failed.code, what).to.equal('HOOK_ERR_TAP_FAILED');
      expect(failed.message, what).to.match(/^writer's registerModels tap failed: cannot change /);
      expect(failed.message, what).to.match(message);
    }
  });
});

describe('Model registry: extendAttribute keeps narrowing flags', () => {
  let app: TestKernel;
  let author = '';

  before(async () => {
    const patcher = modelsPlugin('patcher', (registry) => {
      // a patch built from a copy without `private`, and one that sets it to undefined
      const { private: _hidden, ...copy } = registry.contentType(AU).attributes.secretNote as Attribute & { private?: boolean };
      registry.extendAttribute(AU, 'secretNote', { ...copy, maxLength: 200 } as Partial<Attribute>, { owner: 'patcher' });
      registry.extendAttribute(AU, 'secretNote', { private: undefined } as Partial<Attribute>, { owner: 'patcher' });
    });
    app = await startKernel({ plugins: [patcher] });
    author = (await create(app, 'authors', { name: 'Private person', email: 'pp@example.com', secretNote: 'the-note' })).documentId as string;
  });
  after(() => app.stop());

  it('leaves the field private everywhere: output, filters, sort, fields, and through a relation', async () => {
    const one = await app.get(`/api/authors/${author}`);
    expect(one.status).to.equal(200);
    expect(one.body.data).to.not.have.property('secretNote');
    for (const path of [
      '/api/authors?filters[secretNote][$eq]=the-note', '/api/authors?sort=secretNote', '/api/authors?fields[0]=secretNote',
      '/api/articles?filters[authors][secretNote][$eq]=the-note', '/api/articles?populate[authors][fields][0]=secretNote',
    ]) {
      const res = await app.get(path);
      expect(res.status, `${path}: ${res.text}`).to.equal(400);
      expect(res.text).to.not.include('the-note');
    }
    expect(app.logs.filter((l) => l.level === 'warn' && l.message.includes('secretNote'))).to.deep.equal([]);
    // the patch's other change was applied
    expect(app.kernel.registry.contentType(AU).attributes.secretNote).to.include({ private: true, maxLength: 200 });
  });
});

describe('Model registry: an explicit private: false', () => {
  let app: TestKernel;

  before(async () => {
    app = await startKernel({
      plugins: [modelsPlugin('publicist', (registry) => registry.extendAttribute(AU, 'secretNote', { private: false } as Partial<Attribute>, { owner: 'publicist' }))],
    });
    await create(app, 'authors', { name: 'Open person', email: 'op@example.com', secretNote: 'open-note' });
  });
  after(() => app.stop());

  it('makes the field public, and start-up says who did it', async () => {
    const res = await app.get('/api/authors?filters[secretNote][$eq]=open-note&fields[0]=secretNote');
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data.map((a: { secretNote: string }) => a.secretNote)).to.deep.equal(['open-note']);
    const warnings = app.logs.filter((l) => l.level === 'warn' && l.message.includes('secretNote'));
    expect(warnings.map((w) => w.message)).to.deep.equal([
      '[models] publicist set private: false on api::author.author.secretNote: the attribute is exposed more widely than app defined it',
    ]);
  });
});
