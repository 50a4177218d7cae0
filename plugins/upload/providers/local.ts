// The local provider: files under <app>/public/uploads (or providerOptions.uploadDir), URLs
// /uploads/<hash><ext> served by the plugin (serve.ts). Names come from hash and ext, which the
// plugin builds from [A-Za-z0-9_-] only; the check here keeps a provider call with anything else
// from reaching outside the folder.

import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ProviderFile, ProviderModule, UploadProvider } from '../provider-types.js';

export const SAFE_OBJECT_NAME = /^[A-Za-z0-9_-]{1,200}(\.[A-Za-z0-9]{1,16})?$/;

export function uploadDirOf(options: Record<string, unknown>, appDir: string): string {
  return resolve(appDir, typeof options.uploadDir === 'string' ? options.uploadDir : 'public/uploads');
}

export function localProvider(appDir: string): ProviderModule {
  return {
    async init(options): Promise<UploadProvider> {
      const dir = uploadDirOf(options, appDir);
      const target = (file: ProviderFile) => {
        const name = `${file.hash}${file.ext}`;
        if (!SAFE_OBJECT_NAME.test(name)) throw new Error(`local provider: refusing the object name ${JSON.stringify(name)}`);
        return { path: join(dir, name), url: `/uploads/${name}` };
      };
      return {
        async uploadStream(file) {
          const { path, url } = target(file);
          // Made with the first file, not at start: an app that never uploads gets no folder
          await mkdir(dir, { recursive: true });
          // 'wx': a name that exists is never overwritten (hashes carry random bytes)
          if (file.filepath) await copyFile(file.filepath, path, 1 /* COPYFILE_EXCL */);
          else if (file.stream) await pipeline(file.stream, createWriteStream(path, { flags: 'wx' }));
          else await writeFile(path, file.buffer ?? Buffer.alloc(0), { flag: 'wx' });
          file.url = url;
        },
        async delete(file) {
          try {
            await unlink(target(file).path);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
          }
        },
      };
    },
  };
}
