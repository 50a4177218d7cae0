// The media library for administrators: Strapi's admin routes GET /upload/files (a page, searched),
// GET and DELETE /upload/files/:id and POST /upload, over the upload plugin's operations, named by
// their strings and added only when that plugin is enabled (as settings-locales.ts does for i18n).
// The upload plugin reads the multipart body under its own limits (its `upload` service); this
// plugin owns the admin realm and its permissions: plugin::upload.read, assets.create and
// assets.update. Answers are bare, as Strapi's admin answers them; errors keep the envelope.

import {
  FILE_UID, listOf, modelSchema, NotFoundError, objectOf, ValidationError,
  type DocSchema, type OperationRegistry, type PluginServices, type RequestContext, type RouteDoc, type RouteTable,
} from '../../core/index.js';
import { MAX_PAGE_SIZE, pageOf } from './page-query.js';

const UPLOAD = {
  upload: 'plugin::upload.content-api.upload',
  find: 'plugin::upload.content-api.find',
  findOne: 'plugin::upload.content-api.findOne',
  destroy: 'plugin::upload.content-api.destroy',
} as const;

const READ = ['plugin::upload.read'];
/** What GET /upload/files takes: a page, a search, a sort and filters; anything else is a 400. */
const LIST_QUERY = ['page', 'pageSize', '_q', 'sort', 'filters'];

const file = modelSchema(FILE_UID);
const PAGE = objectOf({
  results: listOf(file),
  pagination: objectOf({ page: { type: 'integer' }, pageSize: { type: 'integer' }, pageCount: { type: 'integer' }, total: { type: 'integer' } }),
});
const doc = (summary: string, schema: DocSchema, extra: Partial<RouteDoc> = {}): RouteDoc => ({ summary, tags: ['Admin: media library'], model: FILE_UID, response: { schema }, ...extra });

const bare = (ctx: RequestContext, output: unknown) => { ctx.body = output; };
const found = (ctx: RequestContext, output: unknown) => {
  if (output === null || output === undefined) throw new NotFoundError('file.notFound', {});
  ctx.body = output;
};
const idParam = (ctx: RequestContext) => ({ id: String((ctx.params as Record<string, string>).id ?? '') });

/** The admin's list query as the find operation's parameters: a counted page, the search over
 *  the name, alternative text and caption, and the newest files first unless sorted. The route
 *  hands the operation the request's query as its parameters, so the query is rewritten here. */
function listInput(ctx: RequestContext): Record<string, never> {
  const query = ctx.state.query ?? {};
  for (const key of Object.keys(query)) {
    if (!LIST_QUERY.includes(key)) throw new ValidationError(`Invalid key ${key}`, { key, path: key, source: 'query', reason: 'unknown query parameter' });
  }
  const { page, pageSize } = pageOf(query);
  if (query._q !== undefined && typeof query._q !== 'string') throw ValidationError.fromFields([{ path: ['_q'], message: '_q must be one text', name: 'ValidationError' }]);
  const q = typeof query._q === 'string' ? query._q.trim() : '';
  const search = q ? { $or: ['name', 'alternativeText', 'caption'].map((field) => ({ [field]: { $containsi: q } })) } : undefined;
  const filters = [query.filters, search].filter((f) => f !== undefined);
  ctx.state.query = {
    pagination: { page, pageSize, withCount: true },
    sort: query.sort ?? ['createdAt:desc', 'id:desc'],
    ...(filters.length === 2 ? { filters: { $and: filters } } : filters.length === 1 ? { filters: filters[0] } : {}),
  };
  return {};
}

/** Adds the routes when the upload plugin is enabled. */
export function addMediaLibraryRoutes(routes: RouteTable, operations: Pick<OperationRegistry, 'has'>, services: Pick<PluginServices, 'find'>): void {
  if (!Object.values(UPLOAD).every((name) => operations.has(name))) return;
  const realm = 'admin' as const;
  routes.addOperation({
    method: 'GET', path: '/upload/files', operation: UPLOAD.find, realm, scope: READ, query: LIST_QUERY, input: listInput, respond: bare,
    doc: doc('A page of the media library\'s files, newest first', PAGE, {
      query: { page: { schema: { type: 'integer', minimum: 1 } }, pageSize: { schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE } }, _q: { schema: { type: 'string' }, description: 'Searched in the name, alternative text and caption' } },
    }),
  });
  routes.addOperation({ method: 'GET', path: '/upload/files/:id', operation: UPLOAD.findOne, realm, scope: READ, input: idParam, respond: found, doc: doc('One file, by id or documentId', file, { errors: [404] }) });
  routes.addOperation({
    method: 'POST', path: '/upload', operation: UPLOAD.upload, realm, scope: ['plugin::upload.assets.create'],
    input: (ctx) => ({
      body: {
        // Read only when the operation runs, once the administrator was authorized
        read: () => {
          if (!ctx.is('multipart/form-data')) return Promise.reject(new ValidationError('Send the files as multipart/form-data, in the files field', {}));
          const upload = services.find('upload');
          if (!upload) return Promise.reject(new NotFoundError('The upload plugin is not enabled'));
          return upload.readMultipart(ctx.req);
        },
      },
    }),
    respond: (ctx, output) => { ctx.status = 201; ctx.body = output; },
    doc: doc('Upload files to the media library', listOf(file), {
      form: objectOf({ files: { anyOf: [{ type: 'string', format: 'binary' }, listOf({ type: 'string', format: 'binary' })] }, fileInfo: { type: 'string', description: 'JSON: name, alternativeText, caption' } }, ['fileInfo']),
      response: { status: 201, description: 'The files stored', schema: listOf(file) },
      errors: [413],
    }),
  });
  routes.addOperation({ method: 'DELETE', path: '/upload/files/:id', operation: UPLOAD.destroy, realm, scope: ['plugin::upload.assets.update'], input: idParam, respond: found, doc: doc('Delete a file and its formats; media fields lose it', file, { errors: [404] }) });
}
