// The example plugin (examples/graphql-extension), enabled as an app enables its own: through
// config/plugins with `resolve`. It imports core's public API only, and everything it asks for
// works over HTTP.

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { ROOT } from '../../helpers/kernel.js';
import { gql, gqlData, oneError, upPlugin, useGraphqlKernel } from './helpers.js';

const A = 'api::article.article';
const EXAMPLE = 'examples/graphql-extension/index.ts';

describe('GraphQL extension: the example plugin', () => {
  const get = useGraphqlKernel({}, {
    pluginsConfig: {
      ...upPlugin({ permissions: { public: [`${A}.find`], authenticated: [`${A}.find`] } }),
      reading: { enabled: true, resolve: `./${EXAMPLE}` },
    },
    appDir: ROOT,
  });

  before(async () => {
    const words = Array.from({ length: 450 }, (_, i) => `word${i}`).join(' ');
    await get().kernel.documents(A).create({ data: { title: 'A title that is far too long to show', body: words }, status: 'published' });
  });

  it('imports nothing from plugins/graphql', () => {
    const source = readFileSync(`${ROOT}/${EXAMPLE}`, 'utf8');
    const imports = [...source.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]);
    expect(imports).to.deep.equal(['../../core/index.js']);
  });

  it('answers its public query without credentials, with the argument default', async () => {
    expect(await gqlData(get(), '{ greeting }')).to.deep.equal({ greeting: 'Hello, reader' });
    expect(await gqlData(get(), 'query($n: String) { greeting(name: $n) }', { n: 'Ada' })).to.deep.equal({ greeting: 'Hello, Ada' });
  });

  it('shortens titles with its middleware around the generated field', async () => {
    const data = await gqlData(get(), '{ articles { title } }');
    expect(data.articles).to.deep.equal([{ title: 'A title that is far too…' }]);
  });

  it('computes readingMinutes from the body the query did not select, behind its policy', async () => {
    const refused = await gql(get(), '{ articles { readingMinutes } }');
    const error = oneError(refused, 'FORBIDDEN');
    expect(error.extensions.error.name).to.equal('PolicyError');
    const data = await gqlData(get(), '{ articles { readingMinutes } }', undefined, { 'x-reader': 'yes' });
    expect(data.articles).to.deep.equal([{ readingMinutes: 3 }]);
  });

  it('serves readingStats to a caller who may list articles, with a type built in graphql-js', async () => {
    expect((await gqlData(get(), '{ readingStats { articles minutes } }')).readingStats).to.deep.equal({ articles: 1, minutes: 3 });
  });

  it('has disabled deleting categories only', async () => {
    const sdl = get().kernel.service('graphql').sdl();
    expect(sdl).to.not.match(/deleteCategory/);
    expect(sdl).to.match(/createCategory/);
    expect(sdl).to.match(/deleteArticle/);
  });
});
