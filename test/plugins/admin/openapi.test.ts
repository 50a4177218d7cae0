// The admin API has its own OpenAPI document: every route of the admin realm, with the
// administrators' bearer scheme and no anonymous access; the content API's document holds none.

import { validate } from '@readme/openapi-parser';
import { expect } from 'chai';
import { expectStatus, useKernel, type Json } from '../../helpers/suite.js';
import { adminOptions } from './helpers.js';

describe('admin: the OpenAPI document of the admin API', () => {
  const options = adminOptions();
  const plugins = (options.config!.plugins ?? {}) as Record<string, unknown>;
  const app = useKernel({ ...options, config: { ...options.config, plugins: { ...plugins, openapi: { enabled: true } } } });

  it('describes every admin route with the admin scheme, valid by a maintained validator', async () => {
    const res = await app().get('/admin/openapi.json');
    expectStatus(res, 200);
    const doc = res.body as Json;
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, JSON.stringify(result)).to.equal(true);
    expect(doc.info.title).to.equal('Admin API');
    expect(Object.keys(doc.components.securitySchemes)).to.deep.equal(['adminAuth']);
    const routes = app().kernel.routes.all().filter((r) => r.config.realm === 'admin');
    const operations = Object.values(doc.paths as Record<string, Record<string, Json>>).flatMap((m) => Object.values(m));
    expect(operations).to.have.lengthOf(routes.length);
    for (const route of routes) {
      const op = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')][route.method.toLowerCase()] as Json;
      expect(op.security, route.path).to.deep.equal(route.config.auth ? [{ adminAuth: [] }] : []);
    }
    expect(doc.paths).to.include.keys('/admin/login', '/content-manager/collection-types/{uid}', '/admin/users', '/admin/roles/{id}/permissions');
  });

  it('leaves the content API\'s document without any admin route', async () => {
    const doc = (await app().get('/api/openapi.json')).body as Json;
    const paths = Object.keys(doc.paths as object);
    expect(paths.filter((p) => p.startsWith('/admin') || p.startsWith('/content-manager'))).to.deep.equal([]);
    expect(Object.keys(doc.components.securitySchemes)).to.deep.equal(['bearerAuth']);
    expect(JSON.stringify(doc)).to.not.match(/createdById|updatedById/);
  });
});
