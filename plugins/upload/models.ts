// The media library's content type: Strapi's `files` table and columns, so a database migrated from
// Strapi reads the same. Core registers a plainer one when this plugin is off (media fields still
// link rows of the table); with the plugin on, this one is it.

import { FILE_UID, type ModelRegistry } from '../../core/index.js';

export const PLUGIN_NAME = 'upload';
export const FOLDER_UID = 'plugin::upload.folder';

export function addFileModel(registry: ModelRegistry): void {
  registry.addContentType({
    kind: 'collectionType',
    collectionName: 'files',
    info: { singularName: 'file', pluralName: 'files', displayName: 'File' },
    options: { draftAndPublish: false },
    attributes: {
      name: { type: 'string', configurable: false },
      alternativeText: { type: 'text', configurable: false },
      caption: { type: 'text', configurable: false },
      width: { type: 'integer', configurable: false },
      height: { type: 'integer', configurable: false },
      formats: { type: 'json', configurable: false },
      hash: { type: 'string', configurable: false },
      ext: { type: 'string', configurable: false },
      mime: { type: 'string', configurable: false },
      size: { type: 'decimal', configurable: false },
      url: { type: 'text', configurable: false },
      previewUrl: { type: 'text', configurable: false },
      provider: { type: 'string', configurable: false },
      provider_metadata: { type: 'json', configurable: false },
      // Strapi's folder and folder path ('/' at the root, else the folder's path); the content API
      // never shows them (folders are the admin's)
      folder: { type: 'relation', relation: 'manyToOne', target: FOLDER_UID, inversedBy: 'files', private: true, configurable: false },
      folderPath: { type: 'string', private: true, configurable: false },
    },
  // The index: a folder's files, newest first (the media library's list)
  }, { owner: PLUGIN_NAME, uid: FILE_UID, indexes: [['folderPath', 'createdAt']] });
  // Strapi's folders: `path` is the pathIds from the root (/1/4), so a folder's subtree is the
  // folders whose path starts with its own and `/`, and its files those whose folderPath does
  registry.addContentType({
    kind: 'collectionType',
    collectionName: 'upload_folders',
    info: { singularName: 'folder', pluralName: 'folders', displayName: 'Folder' },
    options: { draftAndPublish: false },
    pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
    attributes: {
      name: { type: 'string', required: true, minLength: 1, configurable: false },
      pathId: { type: 'integer', unique: true, required: true, configurable: false },
      parent: { type: 'relation', relation: 'manyToOne', target: FOLDER_UID, inversedBy: 'children', configurable: false },
      children: { type: 'relation', relation: 'oneToMany', target: FOLDER_UID, mappedBy: 'parent', configurable: false },
      files: { type: 'relation', relation: 'oneToMany', target: FILE_UID, mappedBy: 'folder', configurable: false },
      path: { type: 'string', required: true, unique: true, minLength: 1, configurable: false },
    },
  }, { owner: PLUGIN_NAME, uid: FOLDER_UID });
}
