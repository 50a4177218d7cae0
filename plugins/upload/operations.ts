// The upload plugin's operations, named by Strapi's permission actions. The REST routes (routes.ts)
// translate requests into these; the rules (limits, types, who may attach to what) live below.

import { ValidationError, type AuthResult, type OperationDefinition, type OperationRegistry } from '../../core/index.js';
import { readFileInfos } from './file-info.js';
import type { MediaLibrary } from './library.js';
import type { UploadRequest } from './multipart.js';
import { PLUGIN_NAME } from './models.js';

export const UPLOAD_ACTIONS = {
  upload: 'plugin::upload.content-api.upload',
  find: 'plugin::upload.content-api.find',
  findOne: 'plugin::upload.content-api.findOne',
  destroy: 'plugin::upload.content-api.destroy',
} as const;

/** How a surface hands over an upload: the request's parts, read only when the operation runs
 *  (after the caller was authorized), and the file to change, if any. */
export interface UploadBody {
  read(): Promise<UploadRequest>;
}

const LIST_PARAMS = ['filters', 'sort', 'fields', 'pagination', 'page', 'pageSize', 'start', 'limit'];

export interface UploadOperationDeps {
  library(): MediaLibrary;
  authorize(auth: AuthResult | undefined, action: string, message: string): Promise<void>;
}

export function defineUploadOperations(operations: OperationRegistry, { library, authorize }: UploadOperationDeps): void {
  const define = (op: Omit<OperationDefinition, 'owner'>) => operations.define({ ...op, owner: PLUGIN_NAME });
  define({
    name: UPLOAD_ACTIONS.upload, kind: 'write', params: [], extraActions: [UPLOAD_ACTIONS.destroy],
    description: 'Uploads files (multipart "files", optional fileInfo, ref/refId/field), or with id changes a file\'s info or replaces it',
    async run(input, call) {
      // Changing a file others' entries show (its bytes, its name) is as destructive as deleting
      // it: upload alone adds files, destroy changes existing ones
      if (input.id !== undefined) await authorize(call.auth, UPLOAD_ACTIONS.destroy, `Forbidden: changing an existing file needs ${UPLOAD_ACTIONS.destroy}`);
      const request = await (input.body as UploadBody).read();
      try {
        const empty = request.files.length === 0 || (request.files.length === 1 && request.files[0]!.size === 0);
        if (input.id !== undefined) {
          if (empty) return await library().updateInfo(input.id, readFileInfos(request.fields.fileInfo, 1)[0]!);
          if (request.files.length > 1) throw new ValidationError('Cannot replace a file with multiple ones', {});
          return await library().replace(input.id, request);
        }
        if (empty) throw new ValidationError('Files are empty', {});
        return await library().upload(request, call.auth);
      } finally {
        await request.dispose();
      }
    },
  });
  define({
    name: UPLOAD_ACTIONS.find, kind: 'read', params: LIST_PARAMS, description: 'The media library\'s files',
    run: (input, call) => {
      // Strapi answers every file; here one answer holds at most api.rest.maxLimit of them unless
      // the caller pages (a library of 100k files must not go out in one answer)
      const params = input.params ?? {};
      const paged = ['pagination', 'page', 'pageSize', 'start', 'limit'].some((key) => params[key] !== undefined);
      // A page: REST answers its files (Strapi's bare array), a typed surface its pagination too
      return library().page({ ...params, ...(paged ? {} : { pagination: { start: 0, limit: -1 } }), source: 'content-api', auth: call.auth });
    },
  });
  define({
    name: UPLOAD_ACTIONS.findOne, kind: 'read', params: ['fields'], description: 'One file, by id or documentId',
    run: (input, call) => library().one(input.id ?? input.documentId ?? '', { ...input.params, source: 'content-api', auth: call.auth }),
  });
  define({
    name: UPLOAD_ACTIONS.destroy, kind: 'write', params: [], description: 'Deletes a file and its formats; media fields lose it',
    run: (input) => library().remove(input.id ?? ''),
  });
}
