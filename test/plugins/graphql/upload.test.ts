// The upload plugin over GraphQL, as Strapi 5.54 serves it (issue #46): uploadFiles,
// uploadFiles_connection and uploadFile(documentId), updateUploadFile and deleteUploadFile,
// contributed by the plugin through the schema hooks and run through the REST routes' operations,
// so under the same permissions.

import { expect } from 'chai';
import { startUploadKernel, TEXT, type UploadKernel } from '../upload/helpers.js';
import { gql, gqlData, oneError, upPlugin, type Json } from './helpers.js';

const UPLOAD = 'plugin::upload.content-api';

describe('GraphQL: upload\'s files', function () {
  this.timeout(60_000);
  let app: UploadKernel;
  let reader = '';
  let editor = '';
  const as = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

  before(async () => {
    app = await startUploadKernel({}, {
      graphql: { enabled: true, config: { jit: 0 } },
      ...upPlugin({
        permissions: {
          public: [],
          reader: [`${UPLOAD}.find`, `${UPLOAD}.findOne`],
          editor: [`${UPLOAD}.find`, `${UPLOAD}.findOne`, `${UPLOAD}.upload`, `${UPLOAD}.destroy`],
          authenticated: [`${UPLOAD}.upload`],
        },
      }),
    });
    const signIn = async (name: string, type: string) => {
      await app.post('/api/auth/local/register', { username: name, email: `${name}@example.com`, password: 'Passw0rd!long' });
      const role = await app.kernel.documents('plugin::users-permissions.role').findFirst({ filters: { type: { $eq: type } } });
      const user = await app.kernel.documents('plugin::users-permissions.user').findFirst({ filters: { username: { $eq: name } } });
      await app.kernel.documents('plugin::users-permissions.user').update({ documentId: user!.documentId, data: { role: role!.documentId } });
      return (await app.post('/api/auth/local', { identifier: name, password: 'Passw0rd!long' })).body.jwt as string;
    };
    reader = await signIn('reader', 'reader');
    editor = await signIn('editor', 'editor');
    for (const name of ['b.txt', 'a.txt', 'c.txt']) {
      const res = await app.upload([{ name, bytes: TEXT, type: 'text/plain' }], { fileInfo: JSON.stringify({ caption: `About ${name}` }) }, { headers: as(editor) });
      expect(res.status, res.text).to.equal(201);
    }
  });
  after(async () => { await app?.stop(); });

  it('lists files with filters, sort and pages, and reads one by documentId', async () => {
    const data = await gqlData(app, `{
      uploadFiles(sort: ["name"], filters: { name: { ne: "c.txt" } }) { documentId name caption mime url }
      uploadFiles_connection(pagination: { pageSize: 2 }) { nodes { name } pageInfo { total pageCount } }
    }`, undefined, as(reader));
    expect(data.uploadFiles.map((f: Json) => [f.name, f.caption, f.mime])).to.deep.equal([['a.txt', 'About a.txt', 'text/plain'], ['b.txt', 'About b.txt', 'text/plain']]);
    expect(data.uploadFiles[0].url).to.match(/^\/uploads\/.+\.txt$/);
    expect(data.uploadFiles_connection.pageInfo).to.deep.equal({ total: 3, pageCount: 2 });
    const one = await gqlData(app, 'query($id: ID!) { uploadFile(documentId: $id) { name } }', { id: data.uploadFiles[0].documentId }, as(reader));
    expect(one.uploadFile).to.deep.equal({ name: 'a.txt' });
    expect((await gqlData(app, '{ uploadFile(documentId: "nope") { name } }', undefined, as(reader))).uploadFile).to.equal(null);
  });

  it('changes a file\'s info with updateUploadFile, as POST /api/upload?id= does (upload and destroy)', async () => {
    const [file] = (await app.request('GET', '/api/upload/files?filters[name][$eq]=a.txt', undefined, as(reader))).body as Json[];
    // Not allowed to the anonymous, nor to a role with upload alone, as on REST
    oneError(await gql(app, `mutation { updateUploadFile(id: "${file!.id as number}", info: { caption: "x" }) { name } }`), 'FORBIDDEN');
    oneError(await gql(app, `mutation { updateUploadFile(id: "${file!.id as number}", info: { caption: "x" }) { name } }`, undefined, as(reader)), 'FORBIDDEN');
    const data = await gqlData(app, 'mutation($id: ID!) { updateUploadFile(id: $id, info: { name: "renamed.txt", alternativeText: "Words", caption: "New" }) { name alternativeText caption url } }', { id: String(file!.id) }, as(editor));
    expect(data.updateUploadFile).to.deep.include({ name: 'renamed.txt', alternativeText: 'Words', caption: 'New', url: file!.url });
    const rest = await app.request('GET', `/api/upload/files/${file!.id as number}`, undefined, as(reader));
    expect(rest.body.caption).to.equal('New');
    oneError(await gql(app, 'mutation { updateUploadFile(id: "999999", info: { caption: "x" }) { name } }', undefined, as(editor)), 'STRAPI_NOT_FOUND_ERROR');
  });

  it('deletes a file with deleteUploadFile, answering it, and null for a missing one', async () => {
    const [file] = (await app.request('GET', '/api/upload/files?filters[name][$eq]=b.txt', undefined, as(reader))).body as Json[];
    oneError(await gql(app, `mutation { deleteUploadFile(id: "${file!.id as number}") { name } }`, undefined, as(reader)), 'FORBIDDEN');
    const data = await gqlData(app, 'mutation($id: ID!) { deleteUploadFile(id: $id) { name } }', { id: String(file!.id) }, as(editor));
    expect(data.deleteUploadFile).to.deep.equal({ name: 'b.txt' });
    expect((await app.request('GET', `/api/upload/files/${file!.id as number}`, undefined, as(reader))).status).to.equal(404);
    expect((await gqlData(app, 'mutation($id: ID!) { deleteUploadFile(id: $id) { name } }', { id: String(file!.id) }, as(editor))).deleteUploadFile).to.equal(null);
  });

  it('refuses the queries without find and findOne', async () => {
    oneError(await gql(app, '{ uploadFiles { name } }'), 'FORBIDDEN');
    oneError(await gql(app, '{ uploadFile(documentId: "x") { name } }'), 'FORBIDDEN');
  });

  it('keeps REST\'s bare list of files', async () => {
    const rest = await app.request('GET', '/api/upload/files', undefined, as(reader));
    expect(rest.body).to.be.an('array').with.lengthOf(2);
  });
});
