// The media library's content type: Strapi's `files` table and columns, so a database migrated from
// Strapi reads the same. Core registers a plainer one when this plugin is off (media fields still
// link rows of the table); with the plugin on, this one is it.

import { FILE_UID, type ModelRegistry } from '../../core/index.js';

export const PLUGIN_NAME = 'upload';

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
      // Strapi's folder path; the content API never shows it (folders are the admin's)
      folderPath: { type: 'string', private: true, configurable: false },
    },
  }, { owner: PLUGIN_NAME, uid: FILE_UID });
}
