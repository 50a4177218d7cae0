// The media library's operations for the administration (Strapi's admin routes /upload/folders,
// /upload/folder-structure, /upload/actions/bulk-*, and the files with their folders): admin
// operations, which no content-API role or token can be granted. The admin plugin routes them
// and names the admin permission each needs (plugin::upload.read, assets.create, assets.update).

import type { OperationDefinition, OperationRegistry } from '../../core/index.js';
import type { Folders } from './folders.js';
import type { MediaLibrary } from './library.js';
import { PLUGIN_NAME } from './models.js';

export const FOLDER_ACTIONS = {
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

export interface FolderOperationDeps {
  library(): MediaLibrary;
  folders(): Folders;
}

export function defineFolderOperations(operations: OperationRegistry, { library, folders }: FolderOperationDeps): void {
  const define = (op: Omit<OperationDefinition, 'owner' | 'realm'>) => operations.define({ ...op, owner: PLUGIN_NAME, realm: 'admin' });
  define({
    name: FOLDER_ACTIONS.files, kind: 'read', params: ['filters', 'sort', 'pagination'],
    description: 'A counted page of files, with their folder (filters on folder and folderPath allowed)',
    run: (input) => library().adminPage(input.params ?? {}),
  });
  define({
    name: FOLDER_ACTIONS.file, kind: 'read', params: [], description: 'One file with its folder',
    run: (input) => library().adminOne(input.id ?? ''),
  });
  define({
    name: FOLDER_ACTIONS.find, kind: 'read', params: ['filters', 'sort'], description: 'Folders, with their counts of folders and files',
    run: (input) => folders().list(input.params ?? {}),
  });
  define({
    name: FOLDER_ACTIONS.findOne, kind: 'read', params: [], description: 'A folder, its counts and its parents',
    run: (input) => folders().one(input.id ?? ''),
  });
  define({
    name: FOLDER_ACTIONS.create, kind: 'write', params: [], description: 'Creates a folder: name, parent (a folder id or null)',
    run: (input) => folders().create(input.body),
  });
  define({
    name: FOLDER_ACTIONS.update, kind: 'write', params: [], description: 'Renames a folder or moves it (parent), with everything in it',
    run: (input) => folders().update(input.id ?? '', input.body),
  });
  define({
    name: FOLDER_ACTIONS.delete, kind: 'write', params: [], description: 'Deletes a folder with every folder and file in it',
    run: (input) => folders().remove(input.id ?? ''),
  });
  define({
    name: FOLDER_ACTIONS.structure, kind: 'read', params: [], description: 'Every folder, as a tree',
    run: () => folders().structure(),
  });
  define({
    name: FOLDER_ACTIONS.bulkDelete, kind: 'write', params: [], description: 'Deletes files and folders (with what they hold)',
    run: (input) => folders().deleteMany(input.body),
  });
  define({
    name: FOLDER_ACTIONS.bulkMove, kind: 'write', params: [], description: 'Moves files and folders into a folder, or to the root',
    run: (input) => folders().moveMany(input.body),
  });
}
