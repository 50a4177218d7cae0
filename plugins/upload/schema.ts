// What upload adds to a typed API schema (GraphQL), as Strapi 5 serves it: the files as documents
// (uploadFiles, uploadFiles_connection and uploadFile(documentId), built by the surface from the
// find and findOne operations) and updateUploadFile / deleteUploadFile, each running the REST
// route's operation, so under the same permissions. Contributed through the kernel's schema
// hooks; no surface is imported or named. Files are uploaded over REST (multipart), as in Strapi 5.

import { FILE_UID, type FieldSpec, type PluginApi } from '../../core/index.js';
import { PLUGIN_NAME } from './models.js';
import { UPLOAD_ACTIONS, type UploadBody } from './operations.js';

const field = (type: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ type, args: {}, ...extra });

/** A file's info as the upload operation reads it from a request: no file, its fileInfo. */
function infoOnly(info: unknown): UploadBody {
  return { read: async () => ({ fields: { fileInfo: [JSON.stringify(info ?? {})] }, files: [], workDir: '', dispose: async () => {} }) };
}

function mutations(): Record<string, FieldSpec> {
  const id = { id: { type: 'ID!' } };
  return {
    // REST's POST /api/upload?id=: changing a file others' entries show needs destroy too
    updateUploadFile: field('UploadFile!', {
      args: { ...id, info: { type: 'FileInfoInput' } }, description: "Changes a file's name, alternative text or caption",
      operation: { name: UPLOAD_ACTIONS.upload, input: (a) => ({ id: String(a.id), body: infoOnly(a.info) }) },
    }),
    // null when there is no such file, as Strapi answers
    deleteUploadFile: field('UploadFile', {
      args: id, description: 'Deletes a file and its formats; media fields lose it',
      operation: { name: UPLOAD_ACTIONS.destroy, input: (a) => ({ id: String(a.id) }) },
    }),
  };
}

export function contributeSchema(api: PluginApi): void {
  api.hooks.schemaDocuments.tap(PLUGIN_NAME, (served) => [...served, { contentType: FILE_UID, find: UPLOAD_ACTIONS.find, findOne: UPLOAD_ACTIONS.findOne }]);
  api.hooks.schemaInit.tap(PLUGIN_NAME, (builder) => {
    builder.addType({
      name: 'FileInfoInput', kind: 'input', description: "A file's information",
      fields: { name: field('String'), alternativeText: field('String'), caption: field('String') },
    }, { role: 'other', owner: PLUGIN_NAME });
  });
  api.hooks.schemaFields.tap(PLUGIN_NAME, (fields, scope) => (scope.role === 'mutation' ? { ...fields, ...mutations() } : fields));
}
