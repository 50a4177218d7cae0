// Raster images: their size, an optimised original, and Strapi's formats (a thumbnail that fits
// 245x156, and one per breakpoint smaller than the image). Vector images and formats sharp does
// not read (BMP, ICO, HEIC...) are stored without sizes or formats.

import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type sharpModule from 'sharp';
import type { FormatEnum } from 'sharp';
import { ValidationError } from '../../core/index.js';
import type { UploadSettings } from './config.js';
import { Semaphore } from './semaphore.js';

const oneAtATime = new Semaphore(1);
let loading: Promise<typeof sharpModule> | undefined;

/** sharp and libvips (20 MB, 100 ms) load with the first image, not at start. No cache, one thread
 *  per image, and one image at a time per process (the semaphore): a burst of uploads must not
 *  take every core or the thread pool that file reads and other requests share. */
function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }).catch((err: unknown) => {
    // Not kept: a missing native build answers 500 and is logged at each upload until it is fixed
    loading = undefined;
    throw err;
  });
  return loading;
}

/** Types whose bytes sharp decodes here: a file of one of them that does not decode is refused. */
const DECODED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/tiff', 'image/avif']);
/** sharp's formats a library resizes; of those, the ones it re-encodes smaller. */
const RESIZED = new Set(['jpeg', 'png', 'webp', 'tiff', 'gif']);
const OPTIMIZED = new Set(['jpeg', 'png', 'webp', 'tiff']);

const THUMBNAIL = { width: 245, height: 156 };

export interface ImageInfo {
  width: number;
  height: number;
  format: string;
  /** Frames of an animated GIF or WebP (1 for a still image). */
  pages: number;
}

export interface MadeFormat {
  key: string;
  path: string;
  width: number;
  height: number;
  sizeInBytes: number;
}

const invalid = (fileName: string, reason: string) => new ValidationError('File is not a valid image', { fileName, reason });

/** The image's size and format, or undefined for a type this does not size; a file whose bytes say
 *  raster image but that does not decode, or that has more pixels (all frames) than allowed, is a
 *  400. */
export async function readImage(path: string, mime: string, settings: UploadSettings, fileName: string): Promise<ImageInfo | undefined> {
  if (!DECODED.has(mime)) return undefined;
  const max = settings.security.maxImagePixels;
  return oneAtATime.run(async () => {
    let info: ImageInfo;
    const sharp = await loadSharp();
    try {
      const meta = await sharp(path, { limitInputPixels: max }).metadata();
      if (!meta.format || !meta.width || !meta.height) throw new Error('no size');
      const pages = meta.pages ?? 1;
      const frame = meta.pageHeight ?? meta.height;
      if (meta.width * frame * pages > max) {
        throw new ValidationError(`File is too large an image: ${meta.width}x${frame}${pages > 1 ? ` in ${pages} frames` : ''} is more than ${max} pixels`, { fileName, maxImagePixels: max });
      }
      // Decoding every pixel finds a file cut short or corrupt past its header
      await sharp(path, { limitInputPixels: max, animated: pages > 1 }).stats();
      const upright = settings.autoOrientation && (meta.orientation ?? 1) >= 5;
      info = { width: upright ? frame : meta.width, height: upright ? meta.width : frame, format: meta.format, pages };
    } catch (err) {
      if (err instanceof ValidationError) throw err;
      throw invalid(fileName, (err as Error).message);
    }
    return info;
  });
}

/** Re-encodes a still image when that makes it smaller (or when it must be turned upright);
 *  returns the new file's path, or undefined to keep the original. Animated images keep every
 *  frame as sent. */
export async function optimize(path: string, image: ImageInfo, settings: UploadSettings, dir: string, fileName: string): Promise<string | undefined> {
  if (!OPTIMIZED.has(image.format) || image.pages > 1 || (!settings.sizeOptimization && !settings.autoOrientation)) return undefined;
  const out = join(dir, `optimized.${image.format}`);
  return oneAtATime.run(async () => {
    const sharp = await loadSharp();
    try {
      let pipeline = sharp(path, { limitInputPixels: settings.security.maxImagePixels });
      if (settings.autoOrientation) pipeline = pipeline.rotate();
      await pipeline.toFormat(image.format as keyof FormatEnum, { quality: settings.sizeOptimization ? 80 : 100 }).toFile(out);
    } catch (err) {
      throw invalid(fileName, (err as Error).message);
    }
    const [before, after] = await Promise.all([stat(path), stat(out)]);
    return settings.autoOrientation || after.size < before.size ? out : undefined;
  });
}

/** The thumbnail and breakpoint formats this image needs, written under dir. */
export async function makeFormats(path: string, image: ImageInfo, settings: UploadSettings, dir: string, fileName: string): Promise<MadeFormat[]> {
  if (!RESIZED.has(image.format)) return [];
  const wanted: Array<{ key: string; width: number; height: number }> = [];
  if (image.width > THUMBNAIL.width || image.height > THUMBNAIL.height) wanted.push({ key: 'thumbnail', ...THUMBNAIL });
  if (settings.responsiveDimensions) {
    for (const [key, px] of Object.entries(settings.breakpoints)) {
      if (px < image.width || px < image.height) wanted.push({ key, width: px, height: px });
    }
  }
  const made: MadeFormat[] = [];
  for (const { key, width, height } of wanted) {
    const out = join(dir, `${key}.${image.format}`);
    const info = await oneAtATime.run(async () => {
      const sharp = await loadSharp();
      try {
        let pipeline = sharp(path, { limitInputPixels: settings.security.maxImagePixels, animated: image.pages > 1 });
        if (settings.autoOrientation) pipeline = pipeline.rotate();
        return await pipeline.resize({ width, height, fit: 'inside', withoutEnlargement: true }).toFile(out);
      } catch (err) {
        throw invalid(fileName, (err as Error).message);
      }
    });
    made.push({ key, path: out, width: info.width, height: info.pageHeight ?? info.height, sizeInBytes: info.size });
  }
  return made;
}
