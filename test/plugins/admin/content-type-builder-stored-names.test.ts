// The moves a builder rename records for what plugins store naming the schema (storedNames), from
// the declarations of the plugins as loaded: a component's attribute found at every depth where
// types hold it (through components, and through a dynamic zone's entries of that component only),
// and a renamed component's zone entries found under the zone's new name when the same request
// renames the zone (its rename runs after the attribute renames). Applied in the file's order to a
// stored version, they leave it as the new schema would have written it.

import { expect } from 'chai';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JsonStep, RenameMove } from '../../../core/index.js';
import { rewriteJson } from '../../../core/database/rename-rows.js';
import { planUpdate } from '../../../plugins/admin/content-type-builder/plan.js';
import { readUpdateSchema } from '../../../plugins/admin/content-type-builder/request.js';
import { FIXTURE_CONTENT_TYPES } from '../../helpers/kernel.js';
import { useKernel } from '../../helpers/suite.js';
import { adminOptions } from './helpers.js';

const ARTICLE = 'api::article.article';
type JsonMove = Extract<RenameMove, { op: 'json' }>;
const DZ = (uid: string): JsonStep => ({ where: '__component', equals: uid });

describe('admin: content-type builder, stored names', () => {
  const app = useKernel(adminOptions());
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'strata-ctb-names-'));
    cpSync(FIXTURE_CONTENT_TYPES, dir, { recursive: true });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a component\'s attribute through components and zones, and a renamed component under its zone\'s new name', async () => {
    const request = readUpdateSchema({
      data: {
        components: [
          { action: 'update', uid: 'shared.open-graph', attributes: [{ action: 'update', name: 'headline', renamedFrom: 'ogTitle', properties: { type: 'string' } }] },
          { action: 'update', uid: 'shared.cite', renamedFrom: 'shared.quote', attributes: [{ action: 'update', name: 'text', renamedFrom: 'body', properties: { type: 'text' } }] },
        ],
        contentTypes: [{
          action: 'update', uid: ARTICLE, attributes: [
            { action: 'update', name: 'sections', renamedFrom: 'blocks', properties: { type: 'dynamiczone', components: ['shared.cite', 'shared.rich-text', 'shared.media'] } },
          ],
        }],
      },
    });
    const plan = await planUpdate(request, { dir, rowsHolding: async () => 0, stores: app().kernel.registry.contentTypes() });
    expect(plan.renames.map((r) => `${r.kind} ${r.from}->${r.to}`)).to.deep.equal(['attribute ogTitle->headline', 'attribute body->text', 'attribute blocks->sections', 'component shared.quote->shared.cite']);
    const [og, body, blocks, quote] = plan.renames.map((r) => r.moves);
    const history = (moves: RenameMove[] | undefined) => (moves ?? []).filter((m): m is JsonMove => m.op === 'json' && m.table === 'strapi_history_versions' && m.column === 'data');
    const fields = (moves: RenameMove[] | undefined) => (moves ?? []).filter((m): m is JsonMove => m.op === 'json' && m.table === 'admin_permissions');

    // Everywhere a type holds the component, at any depth
    expect(history(og).map((m) => [m.where?.equals, m.path])).to.deep.equal([[ARTICLE, ['seo', 'openGraph']], ['api::global.global', ['defaultSeo', 'openGraph']]]);
    expect(fields(og).map((m) => [m.where?.equals, m.from, m.to])).to.deep.equal([
      [ARTICLE, 'seo.openGraph.ogTitle', 'seo.openGraph.headline'], ['api::global.global', 'defaultSeo.openGraph.ogTitle', 'defaultSeo.openGraph.headline'],
    ]);
    // In a zone, only that component's entries; permission fields never reach into a zone
    expect(history(body).map((m) => m.path)).to.deep.equal([['blocks', DZ('shared.quote')]]);
    expect(fields(body)).to.deep.equal([]);
    // The renamed component's entries, in the zone as the attribute renames left it
    expect(history(quote).map((m) => [m.path, m.from, m.to])).to.deep.equal([[['sections', DZ('shared.quote'), '__component'], 'shared.quote', 'shared.cite']]);
    expect((quote ?? []).some((m) => m.op === 'values' && m.table === 'admin_cm_configurations' && m.from === 'shared.quote')).to.equal(true);
    // A component's uid is no permission's subject
    expect((quote ?? []).some((m) => m.op === 'values' && m.table === 'admin_permissions')).to.equal(false);

    // A stored version, rewritten move after move as a database applies them
    let data: unknown = {
      title: 'T', seo: { metaTitle: 'M', openGraph: { ogTitle: 'O', ogType: 'article' } },
      blocks: [{ __component: 'shared.quote', body: 'Quoted', title: 'Q' }, { __component: 'shared.rich-text', body: 'Rich' }],
    };
    for (const move of [og, body, blocks, quote].flatMap((moves) => history(moves)).filter((m) => m.where?.equals === ARTICLE)) data = rewriteJson(data, move.path, move);
    expect(data).to.deep.equal({
      title: 'T', seo: { metaTitle: 'M', openGraph: { headline: 'O', ogType: 'article' } },
      sections: [{ __component: 'shared.cite', text: 'Quoted', title: 'Q' }, { __component: 'shared.rich-text', body: 'Rich' }],
    });
  });
});
