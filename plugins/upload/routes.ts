// REST routes over the upload operations, with Strapi's answers: bare arrays and objects (no
// { data } envelope), 201 for an upload, the deleted file for a delete. Errors keep the envelope.

import type { Middleware } from 'koa';
import { FILE_UID, listOf, modelSchema, NotFoundError, ValidationError, type RequestContext, type RequestState, type RouteDoc, type RouteTable } from '../../core/index.js';
import type { UploadSettings } from './config.js';
import { readMultipart, type UploadRequest } from './multipart.js';
import { UPLOAD_ACTIONS, type UploadBody } from './operations.js';

const file = modelSchema(FILE_UID);
const doc = (summary: string, answer = file): RouteDoc => ({ summary, tags: ['Upload'], model: FILE_UID, response: { schema: answer } });

export function addUploadRoutes(routes: RouteTable, prefix: string, settings: UploadSettings): void {
  const at = `${prefix}/upload`;
  const idParam = (ctx: RequestContext) => ({ id: (ctx.params as Record<string, string>).id });
  const found = (ctx: RequestContext, file: unknown) => {
    if (file === null || file === undefined) throw new NotFoundError('file.notFound', {});
    ctx.body = file;
  };
  routes.addOperation({
    method: 'POST', path: at, operation: UPLOAD_ACTIONS.upload, query: ['id'],
    input: (ctx) => {
      const id = ctx.state.query?.id;
      if (id !== undefined && typeof id !== 'string') throw new ValidationError('id must be one value', { key: 'id', path: 'id', source: 'query' });
      const body: UploadBody = { read: () => readBody(ctx, settings) };
      return { ...(id === undefined ? {} : { id }), body };
    },
    respond: (ctx, output) => {
      ctx.status = Array.isArray(output) ? 201 : 200;
      ctx.body = output;
    },
    doc: {
      ...doc('Upload files, or with ?id change one file\'s info or content'),
      description: 'Multipart: `files` (one or more), optional `fileInfo` (JSON: name, alternativeText, caption), and ref, refId and field to attach the files to a media attribute. With `id` in the query, answers the changed file (200).',
      form: {
        type: 'object',
        properties: {
          files: { anyOf: [{ type: 'string', format: 'binary' }, listOf({ type: 'string', format: 'binary' })] },
          fileInfo: { type: 'string', description: 'JSON' }, ref: { type: 'string' }, refId: { type: 'string' }, field: { type: 'string' },
        },
      },
      response: { status: 201, description: 'The files stored', schema: listOf(file) },
      also: [{ status: 200, description: 'With ?id: the file changed', schema: file }],
      query: { id: { schema: { type: 'string' }, description: "The file to change (id or documentId)" } },
      errors: [404, 413],
    },
  });
  routes.addOperation({ method: 'GET', path: `${at}/files`, operation: UPLOAD_ACTIONS.find, respond: (ctx, page) => { ctx.body = (page as { results: unknown[] }).results; }, doc: doc('List files', listOf(file)) });
  routes.addOperation({ method: 'GET', path: `${at}/files/:id`, operation: UPLOAD_ACTIONS.findOne, input: idParam, respond: found, doc: { ...doc('Get a file'), errors: [404] } });
  routes.addOperation({ method: 'DELETE', path: `${at}/files/:id`, operation: UPLOAD_ACTIONS.destroy, input: idParam, respond: found, doc: { ...doc('Delete a file and its formats'), errors: [404] } });
}

/** The request's parts: multipart as streamed to disk, or a JSON body's fields (an info change). */
function readBody(ctx: RequestContext, settings: UploadSettings): Promise<UploadRequest> {
  if (ctx.is('multipart/form-data')) return readMultipart(ctx.req, settings);
  const body = (ctx.request as { body?: unknown }).body;
  const fields: Record<string, string[]> = {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body)) fields[key] = [typeof value === 'string' ? value : JSON.stringify(value)];
  }
  return Promise.resolve({ fields, files: [], workDir: '', dispose: () => Promise.resolve() });
}

/** An upload refused before its body was read to the end (401, 403, 413) closes the connection:
 *  otherwise Node reads and drops the rest of the body, gigabytes of it, to keep the connection.
 *  The server's lingering close still reads a bounded part of it, so the client hears the answer. */
export function closeUnreadUploads(path: string): Middleware<RequestState> {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      if (ctx.method === 'POST' && ctx.path === path && !ctx.req.readableEnded) ctx.set('Connection', 'close');
    }
  };
}
