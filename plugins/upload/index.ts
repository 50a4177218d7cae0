// upload: the media library behind media fields. Owns the file content type (Strapi's `files`),
// the /api/upload routes over its operations, a provider where the bytes live (local by default),
// and, for the local provider, serving /uploads. Uses only the kernel's public API.

import type { IncomingMessage } from 'node:http';
import { definePlugin } from '../../core/index.js';
import { CONFIG_KEYS, readSettings } from './config.js';
import type { FileInfo } from './file-info.js';
import { defineFolderOperations } from './folder-operations.js';
import { Folders } from './folders.js';
import { MediaLibrary } from './library.js';
import { addFileModel, PLUGIN_NAME } from './models.js';
import { readMultipart, type UploadRequest } from './multipart.js';
import { defineUploadOperations } from './operations.js';
import { loadProvider } from './provider.js';
import { uploadDirOf } from './providers/local.js';
import { addUploadRoutes, closeUnreadUploads } from './routes.js';
import { contributeSchema } from './schema.js';
import { serveUploads } from './serve.js';

export default definePlugin({
  name: PLUGIN_NAME,
  configKeys: CONFIG_KEYS,
  register(api, config) {
    const settings = readSettings(config);
    const library = new MediaLibrary(api, settings);
    const folders = new Folders(api, () => library);
    library.placement = (folder) => folders.placement(folder);
    api.services.provide('upload', {
      importFile: (path, info) => library.importFile(path, info),
      readMultipart: (req) => readMultipart(req, settings),
    });
    api.hooks.registerModels.tap(PLUGIN_NAME, addFileModel);
    api.hooks.defineOperations.tap(PLUGIN_NAME, (operations) => defineUploadOperations(operations, {
      library: () => library,
      authorize: (auth, action, message) => api.authorize(auth, action, undefined, message),
    }));
    api.hooks.defineOperations.tap(PLUGIN_NAME, (operations) => defineFolderOperations(operations, { library: () => library, folders: () => folders }));
    api.middleware('beforeBody', closeUnreadUploads(`${api.config.api.rest.prefix}/upload`));
    api.hooks.buildRoutes.tap(PLUGIN_NAME, (routes) => addUploadRoutes(routes, api.config.api.rest.prefix, settings));
    contributeSchema(api);
    if (settings.provider === 'local') api.middleware('beforeBody', serveUploads(uploadDirOf(settings.providerOptions, api.appDir)));
    api.hooks.bootstrap.tapPromise(PLUGIN_NAME, async () => {
      library.provider = await loadProvider(settings.provider, settings.providerOptions, api.appDir);
    });
  },
});

/** What the plugin offers the app and other plugins (the CLI's import). */
export interface UploadService {
  /** Stores a file of this machine in the library, as an upload would (types, sizes, formats). */
  importFile(path: string, info?: FileInfo): Promise<Record<string, unknown>>;
  /** A multipart request's parts under the plugin's limits, for another surface's upload route
   *  (the admin's) to hand the upload operation; call it only once the caller is authorized. */
  readMultipart(req: IncomingMessage): Promise<UploadRequest>;
}

declare module '../../core/index.js' {
  interface Services { upload: UploadService }
}

export type { UploadSettings } from './config.js';
export type { FileInfo } from './file-info.js';
export type { ProviderFile, ProviderModule, UploadProvider } from './provider.js';
