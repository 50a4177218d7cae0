// The media library for administrators: Strapi's admin routes GET /upload/files (a page, searched,
// by folder), GET and DELETE /upload/files/:id, POST /upload (and ?id= to change or replace a file),
// the folders (/upload/folders, /upload/folder-structure, /upload/actions/bulk-delete and
// bulk-move), and where files are used (GET /upload/files/:id/usage and /upload/usage?fileIds=,
// this project's), over the upload plugin's operations, named by their strings and added only when
// that plugin is enabled (as settings-locales.ts does for i18n).
// The upload plugin reads the multipart body under its own limits (its `upload` service); this
// plugin owns the admin realm and its permissions: plugin::upload.read, assets.create and
// assets.update. Answers are bare, as Strapi's admin answers them; errors keep the envelope.

import {
  FILE_UID, listOf, modelSchema, NotFoundError, objectOf, ValidationError,
  type DocSchema, type OperationRegistry, type PluginServices, type RequestContext, type RouteDoc, type RouteTable,
} from '../../core/index.js';
import { MAX_USAGE_FILES, MEDIA_USAGE } from './media-usage.js';
import { MAX_PAGE_SIZE, pageOf } from './page-query.js';

const UPLOAD = {
  upload: 'plugin::upload.content-api.upload',
  find: 'plugin::upload.content-api.find',
  findOne: 'plugin::upload.content-api.findOne',
  destroy: 'plugin::upload.content-api.destroy',
} as const;

const FOLDERS = {
  files: 'plugin::upload.admin.files.find',
  file: 'plugin::upload.admin.files.findOne',
  find: 'plugin::upload.folders.find',
  findOne: 'plugin::upload.folders.findOne',
  create: 'plugin::upload.folders.create',
  update: 'plugin::upload.folders.update',
  delete: 'plugin::upload.folders.delete',
  structure: 'plugin::upload.folders.structure',
  bulkDelete: 'plugin::upload.actions.bulk-delete',
  bulkMove: 'plugin::upload.actions.bulk-move',
} as const;

const READ = ['plugin::upload.read'];
const CREATE = ['plugin::upload.assets.create'];
const UPDATE = ['plugin::upload.assets.update'];
/** What GET /upload/files takes: a page, a search, a sort and filters; anything else is a 400. */
const LIST_QUERY = ['page', 'pageSize', '_q', 'sort', 'filters'];

const file = modelSchema(FILE_UID);
const PAGE = objectOf({
  results: listOf(file),
  pagination: objectOf({ page: { type: 'integer' }, pageSize: { type: 'integer' }, pageCount: { type: 'integer' }, total: { type: 'integer' } }),
});
const doc = (summary: string, schema: DocSchema, extra: Partial<RouteDoc> = {}): RouteDoc => ({ summary, tags: ['Admin: media library'], model: FILE_UID, response: { schema }, ...extra });
const FOLDER = objectOf({ id: { type: 'integer' }, documentId: { type: 'string' }, name: { type: 'string' }, pathId: { type: 'integer' }, path: { type: 'string' } });
const data = (schema: DocSchema) => objectOf({ data: schema });
const folderDoc = (summary: string, schema: DocSchema, extra: Partial<RouteDoc> = {}): RouteDoc => ({ summary, tags: ['Admin: media library'], response: { schema }, ...extra });
const MOVED = data(objectOf({ files: listOf(file), folders: listOf(FOLDER) }));

const bare = (ctx: RequestContext, output: unknown) => { ctx.body = output; };
const found = (ctx: RequestContext, output: unknown) => {
  if (output === null || output === undefined) throw new NotFoundError('file.notFound', {});
  ctx.body = output;
};
const idParam = (ctx: RequestContext) => ({ id: String((ctx.params as Record<string, string>).id ?? '') });
const withBody = (ctx: RequestContext) => ({ body: (ctx.request as { body?: unknown }).body });
const enveloped = (status = 200) => (ctx: RequestContext, output: unknown) => {
  if (output === null || output === undefined) throw new NotFoundError('folder not found', {});
  ctx.status = status;
  ctx.body = { data: output };
};

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
  if (![...Object.values(UPLOAD), ...Object.values(FOLDERS)].every((name) => operations.has(name))) return;
  const realm = 'admin' as const;
  routes.addOperation({
    method: 'GET', path: '/upload/files', operation: FOLDERS.files, realm, scope: READ, query: LIST_QUERY, input: listInput, respond: bare,
    doc: doc('A page of the media library\'s files, newest first', PAGE, {
      description: 'Files of a folder: `filters[folderPath][$eq]=/1/4` (`/` for the root), or `filters[folder][id]=4`.',
      query: { page: { schema: { type: 'integer', minimum: 1 } }, pageSize: { schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE } }, _q: { schema: { type: 'string' }, description: 'Searched in the name, alternative text and caption' } },
    }),
  });
  routes.addOperation({ method: 'GET', path: '/upload/files/:id', operation: FOLDERS.file, realm, scope: READ, input: idParam, respond: found, doc: doc('One file, by id or documentId', file, { errors: [404] }) });
  if (operations.has(MEDIA_USAGE)) {
    const USAGE = objectOf({
      data: listOf(objectOf({ contentType: { type: 'string' }, documentId: { type: 'string' }, label: { type: 'string' }, locale: { type: 'string' }, status: { type: 'string' } }, ['contentType', 'documentId', 'label'])),
      meta: objectOf({ total: { type: 'integer' } }),
    });
    routes.addOperation({
      method: 'GET', path: '/upload/files/:id/usage', operation: MEDIA_USAGE, realm, scope: READ, input: idParam, respond: bare,
      doc: folderDoc('The entries whose media fields (in components and dynamic zones too) or image blocks hold the file (at most 50 named; meta.total counts them all)', USAGE),
    });
    routes.addOperation({
      method: 'GET', path: '/upload/usage', operation: MEDIA_USAGE, realm, scope: READ, query: ['fileIds'],
      input: (ctx) => ({ body: { fileIds: ctx.state.query?.fileIds } }), respond: bare,
      doc: folderDoc('The entries that hold any of these files, as /upload/files/:id/usage answers for one (the bulk delete\'s confirmation)', USAGE, {
        query: { fileIds: { schema: { type: 'string' }, description: `File ids, separated by commas (at most ${MAX_USAGE_FILES})` } },
        errors: [400],
      }),
    });
  }
  routes.addOperation({
    method: 'POST', path: '/upload', operation: UPLOAD.upload, realm, scope: CREATE, query: ['id'],
    input: (ctx) => ({
      // ?id= changes a file's info or replaces its bytes: the operation asks for
      // plugin::upload.content-api.destroy, which an administrator holds as assets.update
      ...(typeof ctx.state.query?.id === 'string' ? { id: ctx.state.query.id } : {}),
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
    respond: (ctx, output) => { ctx.status = Array.isArray(output) ? 201 : 200; ctx.body = output; },
    doc: doc('Upload files to the media library, or with ?id change or replace one', listOf(file), {
      form: objectOf({ files: { anyOf: [{ type: 'string', format: 'binary' }, listOf({ type: 'string', format: 'binary' })] }, fileInfo: { type: 'string', description: 'JSON: name, alternativeText, caption, folder' } }, ['fileInfo']),
      response: { status: 201, description: 'The files stored', schema: listOf(file) },
      also: [{ status: 200, description: 'With ?id: the file changed (needs plugin::upload.assets.update)', schema: file }],
      query: { id: { schema: { type: 'string' }, description: 'The file to change or replace' } },
      errors: [404, 413],
    }),
  });
  routes.addOperation({ method: 'DELETE', path: '/upload/files/:id', operation: UPLOAD.destroy, realm, scope: UPDATE, input: idParam, respond: found, doc: doc('Delete a file and its formats; media fields lose it', file, { errors: [404] }) });

  routes.addOperation({
    method: 'GET', path: '/upload/folders', operation: FOLDERS.find, realm, scope: READ, respond: enveloped(),
    doc: folderDoc('Folders, with children.count and files.count (filters[parent][id], sort)', data(listOf(FOLDER))),
  });
  routes.addOperation({ method: 'GET', path: '/upload/folders/:id', operation: FOLDERS.findOne, realm, scope: READ, input: idParam, respond: enveloped(), doc: folderDoc('A folder, its counts, and its parents (parent.parent...)', data(FOLDER), { errors: [404] }) });
  routes.addOperation({
    method: 'POST', path: '/upload/folders', operation: FOLDERS.create, realm, scope: CREATE, input: withBody, respond: enveloped(201),
    doc: folderDoc('Create a folder', data(FOLDER), { body: objectOf({ name: { type: 'string' }, parent: { type: ['integer', 'null'] } }, ['name']), response: { status: 201, schema: data(FOLDER) } }),
  });
  routes.addOperation({
    method: 'PUT', path: '/upload/folders/:id', operation: FOLDERS.update, realm, scope: UPDATE, input: (ctx) => ({ ...idParam(ctx), ...withBody(ctx) }), respond: enveloped(),
    doc: folderDoc('Rename a folder, or move it (parent) with everything in it', data(FOLDER), { body: objectOf({ name: { type: 'string' }, parent: { type: ['integer', 'null'] } }), errors: [404] }),
  });
  routes.addOperation({
    method: 'DELETE', path: '/upload/folders/:id', operation: FOLDERS.delete, realm, scope: UPDATE, input: idParam,
    respond: (ctx, output) => {
      if (!output) throw new NotFoundError('folder not found', {});
      const { folder, folders, files } = output as { folder: unknown; folders: number; files: number };
      ctx.body = { data: folder, meta: { deletedFolders: folders, deletedFiles: files } };
    },
    doc: folderDoc('Delete a folder with every folder and file in it', objectOf({ data: FOLDER, meta: objectOf({ deletedFolders: { type: 'integer' }, deletedFiles: { type: 'integer' } }) }), { errors: [404] }),
  });
  routes.addOperation({ method: 'GET', path: '/upload/folder-structure', operation: FOLDERS.structure, realm, scope: READ, respond: enveloped(), doc: folderDoc('Every folder as a tree: id, name, children', data(listOf(objectOf({ id: { type: 'integer' }, name: { type: 'string' } })))) });
  routes.addOperation({
    method: 'POST', path: '/upload/actions/bulk-delete', operation: FOLDERS.bulkDelete, realm, scope: UPDATE, input: withBody,
    respond: (ctx, output) => {
      const { files, folders } = output as { files: unknown[]; folders: unknown[] };
      ctx.body = { data: { files, folders } };
    },
    doc: folderDoc('Delete files and folders (with what they hold)', MOVED, { body: objectOf({ fileIds: listOf({ type: 'integer' }), folderIds: listOf({ type: 'integer' }) }) }),
  });
  routes.addOperation({
    method: 'POST', path: '/upload/actions/bulk-move', operation: FOLDERS.bulkMove, realm, scope: UPDATE, input: withBody, respond: enveloped(),
    doc: folderDoc('Move files and folders into a folder (destinationFolderId; null: the root)', MOVED, {
      body: objectOf({ destinationFolderId: { type: ['integer', 'null'] }, fileIds: listOf({ type: 'integer' }), folderIds: listOf({ type: 'integer' }) }, ['destinationFolderId']),
    }),
  });
}
