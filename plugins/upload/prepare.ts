// From an arrived file to what will be stored: its type read from the bytes and checked against
// the allow-list, its names, its image size, an optimised original and its formats. Nothing is
// stored yet: a refusal here leaves nothing behind.

import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ValidationError } from '../../core/index.js';
import type { UploadSettings } from './config.js';
import type { FileInfo } from './file-info.js';
import { makeFormats, optimize, readImage } from './images.js';
import type { IncomingFile } from './multipart.js';
import { displayName, fileExtension, kilobytes, objectHash } from './names.js';
import type { ProviderFile } from './provider.js';
import { matchesAny, sniffType } from './sniff.js';

export interface PreparedFile {
  main: ProviderFile;
  /** Format name -> the format, to store beside the main file. */
  formats: Map<string, ProviderFile>;
  width: number | null;
  height: number | null;
  alternativeText: string | null;
  caption: string | null;
}

export async function prepareFile(file: IncomingFile, info: FileInfo, settings: UploadSettings, workDir: string, index: number): Promise<PreparedFile> {
  const name = displayName(info.name ?? file.originalName);
  if (file.size === 0) throw new ValidationError(`File ${name} is empty`, { fileName: name });
  const sniffed = await sniffType(file.filepath, file.declaredType, name);
  const { allowedTypes, deniedTypes } = settings.security;
  if (sniffed.active) {
    throw new ValidationError(`File ${name}: SVG files with scripts, event handlers or embedded HTML are not allowed`, { fileName: name, detectedType: sniffed.mime });
  }
  if (matchesAny(sniffed.mime, deniedTypes) || !matchesAny(sniffed.mime, allowedTypes)) {
    throw new ValidationError(`File ${name}: files of type ${sniffed.mime} are not allowed`, {
      fileName: name, detectedType: sniffed.mime, declaredType: file.declaredType ?? null, allowedTypes, deniedTypes,
    });
  }
  const hash = objectHash(name);
  const ext = fileExtension(name, sniffed.mime, sniffed.ext);
  const dir = join(workDir, `file-${index}`);
  await mkdir(dir);
  let path = file.filepath;
  const image = await readImage(path, sniffed.mime, settings, name);
  const formats = new Map<string, ProviderFile>();
  if (image) {
    path = await optimize(path, image, settings, dir, name) ?? path;
    for (const made of await makeFormats(path, image, settings, dir, name)) {
      formats.set(made.key, providerFile({
        name: `${made.key}_${name}`, hash: `${made.key}_${hash}`, ext, mime: sniffed.mime, path: made.path, sizeInBytes: made.sizeInBytes,
      }, { width: made.width, height: made.height }));
    }
  }
  const { size } = await stat(path);
  return {
    main: providerFile({ name, hash, ext, mime: sniffed.mime, path, sizeInBytes: size }),
    formats,
    width: image?.width ?? null,
    height: image?.height ?? null,
    alternativeText: info.alternativeText ?? null,
    caption: info.caption ?? null,
  };
}

interface FileFacts { name: string; hash: string; ext: string; mime: string; path: string; sizeInBytes: number }

/** A provider's view of a file: its bytes by path, or as a stream opened when first read
 *  (providers written for Strapi read file.stream). */
function providerFile(facts: FileFacts, extra: Record<string, unknown> = {}): ProviderFile {
  const file: ProviderFile = {
    name: facts.name, hash: facts.hash, ext: facts.ext, mime: facts.mime, path: null,
    size: kilobytes(facts.sizeInBytes), sizeInBytes: facts.sizeInBytes, filepath: facts.path, ...extra,
  };
  let stream: ReadStream | undefined;
  Object.defineProperty(file, 'stream', {
    enumerable: false,
    get: () => (stream ??= createReadStream(facts.path)),
  });
  opened.set(file, () => stream);
  return file;
}

const opened = new WeakMap<ProviderFile, () => ReadStream | undefined>();

/** Closes the file's stream if a provider opened it (and did not read it to the end). */
export function closeStream(file: ProviderFile): void {
  const stream = opened.get(file)?.();
  if (stream && !stream.destroyed) stream.destroy();
}
