// users-permissions together with draft-and-publish and i18n on the example app: reading drafts
// and the publish actions are permissions of their own, granted like any other.

import { expect } from 'chai';
import { FIXTURE_CONTENT_TYPES } from '../../helpers/kernel.js';
import { useKernel as useSuiteKernel } from '../../helpers/suite.js';
import { as, expectStatus, JWT_SECRET, register } from './helpers.js';

const ARTICLE = 'api::article.article';

describe('users-permissions with draft-and-publish and i18n', () => {
  const app = useSuiteKernel({
    contentTypesDir: FIXTURE_CONTENT_TYPES,
    config: {
      plugins: {
        'draft-and-publish': { enabled: true },
        i18n: { enabled: true, config: { locales: ['en', 'fr'] } },
        'users-permissions': {
          enabled: true,
          config: {
            jwt: { secret: JWT_SECRET },
            permissions: {
              public: [`${ARTICLE}.find`, `${ARTICLE}.findOne`],
              authenticated: [`${ARTICLE}.find`, `${ARTICLE}.findOne`, `${ARTICLE}.create`, `${ARTICLE}.readDraft`, `${ARTICLE}.publish`],
            },
          },
        },
      },
    },
  });

  it('status=draft needs readDraft; publish needs publish; unpublish is not granted', async () => {
    const { jwt } = await register(app());
    const user = as(app(), jwt);
    const created = await user.post('/api/articles?status=draft', { data: { title: 'Draft only' } });
    expectStatus(created, 201);
    const id = created.body.data.documentId as string;
    expect((await app().get('/api/articles?status=draft')).status, 'public: no readDraft').to.equal(403);
    const drafts = await user.get('/api/articles?status=draft');
    expectStatus(drafts, 200);
    expect(drafts.body.data.map((d: { title: string }) => d.title)).to.include('Draft only');
    expect((await app().get(`/api/articles/${id}`)).status, 'no published version yet').to.equal(404);
    expectStatus(await user.post(`/api/articles/${id}/actions/publish`, {}), 200);
    expectStatus(await app().get(`/api/articles/${id}`), 200);
    expect((await user.post(`/api/articles/${id}/actions/unpublish`, {})).status).to.equal(403);
  });

  it('the role routes list the plugin actions (readDraft, publish, ...) among the known ones', async () => {
    const known = app().kernel.routes.all().flatMap((r) => [r.action, ...(r.extraActions ?? [])]);
    for (const action of ['readDraft', 'publish', 'unpublish', 'discardDraft']) expect(known).to.include(`${ARTICLE}.${action}`);
  });
});
