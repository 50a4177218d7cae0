// Media files are a content type: `plugin::upload.file` in Strapi's `files` table, with Strapi's
// file fields. Media attributes link rows to it. Core registers it after registerModels unless a
// plugin (the upload plugin) registered it there: whoever owns media owns this type.

import type { ModelRegistry } from './model-registry.js';
import type { ContentType } from './types.js';

export const FILE_UID = 'plugin::upload.file';
export const FILES_TABLE = 'files';

export function addFileModel(registry: ModelRegistry): void {
  if (registry.has(FILE_UID)) return;
  registry.addContentType({
    kind: 'collectionType',
    collectionName: FILES_TABLE,
    info: { singularName: 'file', pluralName: 'files', displayName: 'File' },
    options: { draftAndPublish: false },
    attributes: {
      name: { type: 'string' },
      alternativeText: { type: 'text' },
      caption: { type: 'text' },
      width: { type: 'integer' },
      height: { type: 'integer' },
      formats: { type: 'json' },
      hash: { type: 'string' },
      ext: { type: 'string' },
      mime: { type: 'string' },
      size: { type: 'decimal' },
      url: { type: 'text' },
      previewUrl: { type: 'text' },
      provider: { type: 'string' },
      provider_metadata: { type: 'json' },
    },
  }, { owner: 'core', uid: FILE_UID });
}

/** The file content type (registered by addFileModel or by the plugin that owns media). */
export function fileModel(registry: ModelRegistry): ContentType {
  return registry.contentType(FILE_UID);
}
