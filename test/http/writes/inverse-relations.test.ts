// Relations written from a type without draft-and-publish to one with it (issue #19, item 1): the
// fixture app in ./inverse-content-types has restaurant (draft-and-publish, localized when i18n is
// on) owning city (manyToOne), chefs (manyToMany) and owner (oneToOne); city and chef, without
// draft-and-publish, are their inverse sides, and chef.favorite points one way at a restaurant.
// As in Strapi, a write from city or chef links every version (draft and published) of the
// restaurant, so both versions, and both sides, read the same; a later publish, discard-draft or
// unpublish keeps the link; disconnect and set remove it from every version; the write's answer
// agrees with later reads, on REST and GraphQL. A write from the restaurant still goes to its draft.
// guide (draft-and-publish) is the inverse side of restaurant.guides and restaurant.mainGuide: what
// a guide's draft lists reaches the published restaurants when the guide is published.

import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import type { KernelConfigInput } from '../../../core/index.js';
import type { TestKernel } from '../../helpers/kernel.js';
import { action, create, expectStatus, fresh, readOne, update, useKernel, type Json } from '../../helpers/suite.js';
import { gqlData } from '../../plugins/graphql/helpers.js';

const FIXTURES = fileURLToPath(new URL('./inverse-content-types/', import.meta.url));

function config(plugins: Record<string, unknown> = {}): KernelConfigInput {
  return {
    api: { rest: { strictParams: true } },
    plugins: { 'draft-and-publish': { enabled: true }, ...plugins } as KernelConfigInput['plugins'],
  };
}

const byName = (a: string, b: string): number => a.localeCompare(b);

/** What each version of a restaurant shows of its relations: city name, chef names, owner name. */
async function versions(app: TestKernel, documentId: string, query: Json = {}): Promise<Record<'published' | 'draft', Json | null>> {
  const populate = { city: { fields: ['name'] }, chefs: { fields: ['name'] }, owner: { fields: ['name'] } };
  const out: Record<string, Json | null> = {};
  for (const status of ['published', 'draft'] as const) {
    const doc = await readOne(app, 'restaurants', documentId, { ...query, status, populate });
    out[status] = doc && {
      city: doc.city?.name ?? null,
      chefs: (doc.chefs as Json[]).map((c) => c.name as string).sort(byName),
      owner: doc.owner?.name ?? null,
    };
  }
  return out as Record<'published' | 'draft', Json | null>;
}

const both = (v: Json): Record<'published' | 'draft', Json> => ({ published: v, draft: v });
const EMPTY = { city: null, chefs: [], owner: null };

/** The restaurant rows (id, published or not) that link to a target document in a link table. */
async function linkedRows(app: TestKernel, table: string, targetDocumentId: string): Promise<Array<{ published: boolean; doc: string }>> {
  const rows = await app.kernel.db({ l: table }).join({ r: 'inv_restaurants' }, 'r.id', 'l.source_id')
    .where('l.target_document_id', targetDocumentId).select('r.document_id', 'r.published_at') as Json[];
  return rows.map((r) => ({ doc: r.document_id as string, published: r.published_at !== null }))
    .sort((a, b) => byName(a.doc, b.doc) || Number(a.published) - Number(b.published));
}

/** documentIds of a populated to-many relation, in the order read. */
const ids = (docs: Json[] | null | undefined): string[] => (docs ?? []).map((d) => d.documentId as string);

describe('inverse relation writes from a type without draft-and-publish', () => {
  const app = useKernel({ contentTypesDir: FIXTURES, config: config() });

  it('the issue\'s example: a city connecting a published restaurant shows on it (both versions), and the city lists it', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R') });
    expect(x.publishedAt, 'created published (the REST default)').to.be.a('string');
    const name = fresh('C');
    const res = await app().post('/api/cities?populate[restaurants][fields][0]=name&populate[restaurants][fields][1]=publishedAt', { data: { name, restaurants: { connect: [x.documentId] } } });
    expectStatus(res, 201);
    const city = res.body.data as Json;
    expect(ids(city.restaurants), 'the create response').to.deep.equal([x.documentId]);
    expect(city.restaurants[0].publishedAt, 'the response shows the published version, as a GET does').to.be.a('string');

    const read = await app().get(`/api/restaurants/${x.documentId}?populate[city][fields][0]=name`);
    expectStatus(read, 200);
    expect(read.body.data.city).to.include({ documentId: city.documentId, name });
    expect(await versions(app(), x.documentId)).to.deep.equal(both({ ...EMPTY, city: name }));
    expect(await linkedRows(app(), 'inv_restaurants_city_lnk', city.documentId)).to.deep.equal([
      { doc: x.documentId, published: false }, { doc: x.documentId, published: true },
    ]);

    const fromCity = await readOne(app(), 'cities', city.documentId, { populate: { restaurants: { fields: ['name', 'publishedAt'] } } });
    expect(fromCity!.restaurants).to.deep.equal(city.restaurants);
    const fromCityDraft = await readOne(app(), 'cities', city.documentId, { status: 'draft', populate: { restaurants: { fields: ['publishedAt'] } } });
    expect(ids(fromCityDraft!.restaurants)).to.deep.equal([x.documentId]);
    expect(fromCityDraft!.restaurants[0].publishedAt).to.equal(null);
  });

  it('manyToMany: a chef listing restaurants links both versions of each, in order', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R') });
    const y = await create(app(), 'restaurants', { name: fresh('R') });
    const res = await app().post('/api/chefs?populate=restaurants', { data: { name: fresh('Chef'), restaurants: [y.documentId, x.documentId] } });
    expectStatus(res, 201);
    const chef = res.body.data as Json;
    expect(ids(chef.restaurants)).to.deep.equal([y.documentId, x.documentId]);
    expect(chef.restaurants.map((r: Json) => r.publishedAt !== null)).to.deep.equal([true, true]);
    for (const r of [x, y]) expect(await versions(app(), r.documentId), r.name).to.deep.equal(both({ ...EMPTY, chefs: [chef.name] }));
    for (const status of ['published', 'draft']) {
      const read = await readOne(app(), 'chefs', chef.documentId, { status, populate: ['restaurants'] });
      expect(ids(read!.restaurants), status).to.deep.equal([y.documentId, x.documentId]);
    }
    // a second chef adds itself; the first one stays
    const other = await create(app(), 'chefs', { name: fresh('Chef'), restaurants: { connect: [x.documentId] } });
    expect(await versions(app(), x.documentId)).to.deep.equal(both({ ...EMPTY, chefs: [chef.name, other.name].sort(byName) }));
  });

  it('oneToOne: a chef taking a restaurant becomes the owner of both versions, and the previous owner loses it', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R') });
    const first = await create(app(), 'chefs', { name: fresh('Owner'), ownRestaurant: x.documentId });
    expect(await versions(app(), x.documentId)).to.deep.equal(both({ ...EMPTY, owner: first.name }));
    const second = await create(app(), 'chefs', { name: fresh('Owner'), ownRestaurant: x.documentId });
    expect(await versions(app(), x.documentId)).to.deep.equal(both({ ...EMPTY, owner: second.name }));
    for (const status of ['published', 'draft']) {
      expect((await readOne(app(), 'chefs', first.documentId, { status, populate: ['ownRestaurant'] }))!.ownRestaurant, status).to.equal(null);
    }
  });

  it('a draft-only restaurant gets the link on its draft, and publishing it later keeps the link', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R') }, { status: 'draft' });
    const city = await create(app(), 'cities', { name: fresh('C'), restaurants: [x.documentId] });
    const chef = await create(app(), 'chefs', { name: fresh('Chef'), restaurants: [x.documentId] });
    expect(await versions(app(), x.documentId)).to.deep.equal({ published: null, draft: { ...EMPTY, city: city.name, chefs: [chef.name] } });
    expectStatus(await action(app(), 'restaurants', x.documentId, 'publish'), 200);
    expect(await versions(app(), x.documentId)).to.deep.equal(both({ ...EMPTY, city: city.name, chefs: [chef.name] }));
    expect(ids((await readOne(app(), 'cities', city.documentId, { populate: ['restaurants'] }))!.restaurants)).to.deep.equal([x.documentId]);
  });

  it('publish (after a draft edit), discard-draft and unpublish keep the link on the versions that remain', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R') });
    const city = await create(app(), 'cities', { name: fresh('C'), restaurants: [x.documentId] });
    const chef = await create(app(), 'chefs', { name: fresh('Chef'), restaurants: [x.documentId] });
    const linked = { ...EMPTY, city: city.name, chefs: [chef.name] };
    await update(app(), 'restaurants', x.documentId, { name: fresh('R edited') }, { status: 'draft' });
    expect(await versions(app(), x.documentId), 'a draft edit of other fields').to.deep.equal(both(linked));
    expectStatus(await action(app(), 'restaurants', x.documentId, 'publish'), 200);
    expect(await versions(app(), x.documentId), 'after publish').to.deep.equal(both(linked));
    expectStatus(await action(app(), 'restaurants', x.documentId, 'discard-draft'), 200);
    expect(await versions(app(), x.documentId), 'after discard-draft').to.deep.equal(both(linked));
    expectStatus(await action(app(), 'restaurants', x.documentId, 'unpublish'), 200);
    expect(await versions(app(), x.documentId), 'after unpublish').to.deep.equal({ published: null, draft: linked });
    expect((await readOne(app(), 'cities', city.documentId, { populate: ['restaurants'] }))!.restaurants, 'the city, published read').to.deep.equal([]);
    expectStatus(await action(app(), 'restaurants', x.documentId, 'publish'), 200);
    expect(await versions(app(), x.documentId), 'published again').to.deep.equal(both(linked));
    // no link rows piled up through the copies: one per version
    expect(await linkedRows(app(), 'inv_restaurants_city_lnk', city.documentId)).to.have.length(2);
    expect(await linkedRows(app(), 'inv_restaurants_chefs_lnk', chef.documentId)).to.have.length(2);
  });

  it('disconnect, set and null from the side without draft-and-publish remove the link from every version', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R') });
    const y = await create(app(), 'restaurants', { name: fresh('R') });
    const city = await create(app(), 'cities', { name: fresh('C'), restaurants: [x.documentId, y.documentId] });
    const chef = await create(app(), 'chefs', { name: fresh('Chef'), restaurants: [x.documentId, y.documentId], ownRestaurant: x.documentId });

    await update(app(), 'cities', city.documentId, { restaurants: { disconnect: [x.documentId] } });
    await update(app(), 'chefs', chef.documentId, { restaurants: { set: [y.documentId] }, ownRestaurant: null });
    expect(await versions(app(), x.documentId)).to.deep.equal(both(EMPTY));
    expect(await versions(app(), y.documentId)).to.deep.equal(both({ ...EMPTY, city: city.name, chefs: [chef.name] }));

    await update(app(), 'cities', city.documentId, { restaurants: [] });
    await update(app(), 'chefs', chef.documentId, { restaurants: null });
    expect(await versions(app(), y.documentId)).to.deep.equal(both(EMPTY));
    expect(await linkedRows(app(), 'inv_restaurants_city_lnk', city.documentId)).to.deep.equal([]);
    expect(await linkedRows(app(), 'inv_restaurants_chefs_lnk', chef.documentId)).to.deep.equal([]);
  });

  it('connecting a restaurant takes both versions away from their previous city', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R') });
    const before = await create(app(), 'cities', { name: fresh('Before'), restaurants: [x.documentId] });
    const after = await create(app(), 'cities', { name: fresh('After') });
    const res = await app().put(`/api/cities/${after.documentId}?populate=restaurants`, { data: { restaurants: { connect: [x.documentId] } } });
    expectStatus(res, 200);
    expect(ids(res.body.data.restaurants)).to.deep.equal([x.documentId]);
    expect(await versions(app(), x.documentId)).to.deep.equal(both({ ...EMPTY, city: after.name }));
    for (const status of ['published', 'draft']) {
      expect((await readOne(app(), 'cities', before.documentId, { status, populate: ['restaurants'] }))!.restaurants, status).to.deep.equal([]);
    }
  });

  it('connect and set link the versions that lack the link when only the draft had it', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R') });
    const city = await create(app(), 'cities', { name: fresh('C') });
    // the restaurant's draft takes the city: its published version does not have it yet
    await update(app(), 'restaurants', x.documentId, { city: city.documentId }, { status: 'draft' });
    expect(await versions(app(), x.documentId)).to.deep.equal({ published: EMPTY, draft: { ...EMPTY, city: city.name } });
    await update(app(), 'cities', city.documentId, { restaurants: { set: [x.documentId] } });
    expect(await versions(app(), x.documentId), 'set').to.deep.equal(both({ ...EMPTY, city: city.name }));

    const y = await create(app(), 'restaurants', { name: fresh('R') });
    await update(app(), 'restaurants', y.documentId, { city: city.documentId }, { status: 'draft' });
    await update(app(), 'cities', city.documentId, { restaurants: { connect: [y.documentId] } });
    expect(await versions(app(), y.documentId), 'connect').to.deep.equal(both({ ...EMPTY, city: city.name }));
    expect(ids((await readOne(app(), 'cities', city.documentId, { populate: ['restaurants'] }))!.restaurants)).to.deep.equal([x.documentId, y.documentId]);
    expect(await linkedRows(app(), 'inv_restaurants_city_lnk', city.documentId)).to.have.length(4);
  });

  it('positions from the side without draft-and-publish order every version alike', async () => {
    const [a, b, c] = [await create(app(), 'restaurants', { name: fresh('A') }), await create(app(), 'restaurants', { name: fresh('B') }), await create(app(), 'restaurants', { name: fresh('C') })];
    const chef = await create(app(), 'chefs', { name: fresh('Chef'), restaurants: [a!.documentId, b!.documentId] });
    await update(app(), 'chefs', chef.documentId, { restaurants: { connect: [{ documentId: c!.documentId, position: { before: b!.documentId } }] } });
    for (const status of ['published', 'draft']) {
      const read = await readOne(app(), 'chefs', chef.documentId, { status, populate: ['restaurants'] });
      expect(ids(read!.restaurants), status).to.deep.equal([a!.documentId, c!.documentId, b!.documentId]);
    }
  });

  it('a write from the restaurant (draft-and-publish) still changes its draft only', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R') });
    const first = await create(app(), 'cities', { name: fresh('C1'), restaurants: [x.documentId] });
    const second = await create(app(), 'cities', { name: fresh('C2') });
    await update(app(), 'restaurants', x.documentId, { city: second.documentId }, { status: 'draft' });
    expect(await versions(app(), x.documentId)).to.deep.equal({ published: { ...EMPTY, city: first.name }, draft: { ...EMPTY, city: second.name } });
    await update(app(), 'restaurants', x.documentId, { city: first.documentId });
    expect(await versions(app(), x.documentId), 'a published update publishes the draft').to.deep.equal(both({ ...EMPTY, city: first.name }));
  });

  it('the answer of a write shows the related documents of the status asked, as a read does (owning side too)', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R') });
    await update(app(), 'restaurants', x.documentId, { name: `${x.name} (draft)` }, { status: 'draft' });
    for (const status of ['published', 'draft'] as const) {
      const res = await app().post(`/api/chefs?status=${status}&populate[favorite][fields][0]=name&populate[restaurants][fields][0]=name`, {
        data: { name: fresh('Chef'), favorite: x.documentId, restaurants: [x.documentId] },
      });
      expectStatus(res, 201);
      const expected = status === 'published' ? x.name : `${x.name} (draft)`;
      expect(res.body.data.favorite.name, status).to.equal(expected);
      expect(res.body.data.restaurants.map((r: Json) => r.name), status).to.deep.equal([expected]);
      const read = await readOne(app(), 'chefs', res.body.data.documentId, { status, populate: { favorite: { fields: ['name'] }, restaurants: { fields: ['name'] } } });
      expect(read).to.deep.equal({ ...res.body.data, id: read!.id });
    }
  });

  it('several rows are written in one transaction: a failing relation leaves no link behind', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R') });
    const res = await app().post('/api/chefs', { data: { name: fresh('Chef'), restaurants: [x.documentId], ownRestaurant: 'nosuchrestaurant0000000' } });
    expectStatus(res, 400);
    expect(res.body.error.name).to.equal('ValidationError');
    expect(await versions(app(), x.documentId)).to.deep.equal(both(EMPTY));
    const links = await app().kernel.db('inv_restaurants_chefs_lnk').join({ r: 'inv_restaurants' }, 'r.id', 'inv_restaurants_chefs_lnk.source_id')
      .where('r.document_id', x.documentId).count({ n: '*' }).first() as Json;
    expect(Number(links.n)).to.equal(0);
  });
});

describe('inverse relation writes between two types with draft-and-publish', () => {
  const app = useKernel({ contentTypesDir: FIXTURES, config: config() });

  /** What each version of a restaurant shows of its guides (names) and main guide. */
  async function guidesOf(documentId: string): Promise<Record<'published' | 'draft', Json | null>> {
    const out: Record<string, Json | null> = {};
    for (const status of ['published', 'draft'] as const) {
      const doc = await readOne(app(), 'restaurants', documentId, { status, populate: { guides: { fields: ['name'] }, mainGuide: { fields: ['name'] } } });
      out[status] = doc && { guides: (doc.guides as Json[]).map((g) => g.name as string).sort(byName), mainGuide: doc.mainGuide?.name ?? null };
    }
    return out as Record<'published' | 'draft', Json | null>;
  }

  it('a guide listing restaurants without status=draft publishes the list: the answer and both sides agree', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R') });
    const g = await create(app(), 'guides', { name: fresh('G') });
    const res = await app().put(`/api/guides/${g.documentId}?populate[restaurants][fields][0]=publishedAt`, { data: { restaurants: [x.documentId] } });
    expectStatus(res, 200);
    expect(ids(res.body.data.restaurants), 'the answer (the published guide)').to.deep.equal([x.documentId]);
    expect(res.body.data.restaurants[0].publishedAt).to.be.a('string');
    expect(await guidesOf(x.documentId)).to.deep.equal(both({ guides: [g.name], mainGuide: null }));
    for (const status of ['published', 'draft']) {
      expect(ids((await readOne(app(), 'guides', g.documentId, { status, populate: ['restaurants'] }))!.restaurants), status).to.deep.equal([x.documentId]);
    }
  });

  it('with status=draft only the drafts change; publishing the guide then links the published restaurants', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R') });
    const y = await create(app(), 'restaurants', { name: fresh('R') }, { status: 'draft' });
    const g = await create(app(), 'guides', { name: fresh('G') });
    await update(app(), 'guides', g.documentId, { restaurants: [x.documentId, y.documentId] }, { status: 'draft' });
    expect(await guidesOf(x.documentId), 'before publish').to.deep.equal({ published: { guides: [], mainGuide: null }, draft: { guides: [g.name], mainGuide: null } });
    const res = await action(app(), 'guides', g.documentId, 'publish', { populate: ['restaurants'] });
    expectStatus(res, 200);
    expect(ids(res.body.data.restaurants), 'a draft-only restaurant stays out of the published guide').to.deep.equal([x.documentId]);
    expect(await guidesOf(x.documentId), 'after publish').to.deep.equal(both({ guides: [g.name], mainGuide: null }));
    expect(await guidesOf(y.documentId)).to.deep.equal({ published: null, draft: { guides: [g.name], mainGuide: null } });
    expectStatus(await action(app(), 'restaurants', y.documentId, 'publish'), 200);
    expect(ids((await readOne(app(), 'guides', g.documentId, { populate: ['restaurants'] }))!.restaurants).sort(byName)).to.deep.equal([x.documentId, y.documentId].sort(byName));
    expectStatus(await action(app(), 'guides', g.documentId, 'publish'), 200);
    expect(await linkedRows(app(), 'inv_restaurants_guides_lnk', g.documentId), 'publishing again adds nothing').to.have.length(4);
  });

  it('a to-one owner: publishing the guide moves the published restaurant to it, and the other guide loses it', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R') });
    const before = await create(app(), 'guides', { name: fresh('Before'), featured: [x.documentId] });
    const after = await create(app(), 'guides', { name: fresh('After') });
    await update(app(), 'guides', after.documentId, { featured: { connect: [x.documentId] } }, { status: 'draft' });
    expect(await guidesOf(x.documentId)).to.deep.equal({ published: { guides: [], mainGuide: before.name }, draft: { guides: [], mainGuide: after.name } });
    expectStatus(await action(app(), 'guides', after.documentId, 'publish'), 200);
    expect(await guidesOf(x.documentId)).to.deep.equal(both({ guides: [], mainGuide: after.name }));
    expect((await readOne(app(), 'guides', before.documentId, { populate: ['featured'] }))!.featured).to.deep.equal([]);
  });

  it('discard-draft gives the guide\'s draft back what its published version lists', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R') });
    const g = await create(app(), 'guides', { name: fresh('G'), restaurants: [x.documentId] });
    await update(app(), 'guides', g.documentId, { restaurants: { disconnect: [x.documentId] } }, { status: 'draft' });
    expect(await guidesOf(x.documentId)).to.deep.equal({ published: { guides: [g.name], mainGuide: null }, draft: { guides: [], mainGuide: null } });
    const res = await action(app(), 'guides', g.documentId, 'discard-draft', { populate: ['restaurants'] });
    expectStatus(res, 200);
    expect(ids(res.body.data.restaurants)).to.deep.equal([x.documentId]);
    expect(await guidesOf(x.documentId)).to.deep.equal(both({ guides: [g.name], mainGuide: null }));
  });
});

describe('inverse relation writes from a type without draft-and-publish, over GraphQL', () => {
  const app = useKernel({ contentTypesDir: FIXTURES, config: config({ graphql: { enabled: true, config: { jit: 0 } } }) });

  it('createCity and createChef link both versions; the mutation\'s answer and later queries agree from both sides', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R') });
    const made = await gqlData(app(), `mutation($d: CityInput!, $c: ChefInput!) {
      city: createCity(data: $d) { documentId name restaurants { documentId publishedAt } }
      chef: createChef(data: $c) { documentId name restaurants { documentId publishedAt } }
    }`, { d: { name: fresh('C'), restaurants: [x.documentId] }, c: { name: fresh('Chef'), restaurants: [x.documentId] } });
    for (const side of ['city', 'chef']) {
      expect(ids(made[side].restaurants), side).to.deep.equal([x.documentId]);
      expect(made[side].restaurants[0].publishedAt, side).to.be.a('string');
    }
    const read = await gqlData(app(), `query($id: ID!) {
      pub: restaurant(documentId: $id) { city { name } chefs { name } }
      draft: restaurant(documentId: $id, status: DRAFT) { city { name } chefs { name } }
      city: city(documentId: "${made.city.documentId}") { restaurants { documentId publishedAt } }
      chef: chef(documentId: "${made.chef.documentId}") { restaurants { documentId publishedAt } }
    }`, { id: x.documentId });
    for (const status of ['pub', 'draft']) {
      expect(read[status], status).to.deep.equal({ city: { name: made.city.name }, chefs: [{ name: made.chef.name }] });
    }
    expect(read.city.restaurants).to.deep.equal(made.city.restaurants);
    expect(read.chef.restaurants).to.deep.equal(made.chef.restaurants);
    expect(await versions(app(), x.documentId)).to.deep.equal(both({ ...EMPTY, city: made.city.name, chefs: [made.chef.name] }));

    const cleared = await gqlData(app(), `mutation { updateCity(documentId: "${made.city.documentId}", data: { restaurants: [] }) { restaurants { documentId } } }`);
    expect(cleared.updateCity.restaurants).to.deep.equal([]);
    expect((await versions(app(), x.documentId)).published!.city).to.equal(null);
    expect((await versions(app(), x.documentId)).draft!.city).to.equal(null);
  });
});

describe('inverse relation writes from a type without draft-and-publish, with i18n', () => {
  const app = useKernel({
    contentTypesDir: FIXTURES,
    config: config({ i18n: { enabled: true, config: { locales: ['en', 'fr'], defaultLocale: 'en' } } }),
  });

  it('as in Strapi, a write from a type without i18n links the default locale\'s versions of a localized restaurant', async () => {
    const x = await create(app(), 'restaurants', { name: fresh('R en') });
    await update(app(), 'restaurants', x.documentId, { name: fresh('R fr') }, { locale: 'fr' });
    const city = await create(app(), 'cities', { name: fresh('C'), restaurants: [x.documentId] });
    expect(await versions(app(), x.documentId), 'en').to.deep.equal(both({ ...EMPTY, city: city.name }));
    expect(await versions(app(), x.documentId, { locale: 'fr' }), 'fr').to.deep.equal(both(EMPTY));
    await update(app(), 'cities', city.documentId, { restaurants: [] });
    expect(await versions(app(), x.documentId), 'en, cleared').to.deep.equal(both(EMPTY));
  });
});
