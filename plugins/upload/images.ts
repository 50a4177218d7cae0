// Raster images: their size, an optimised original, and Strapi's formats (a thumbnail that fits
// 245x156, and one per breakpoint smaller than the image). Vector and unknown images get none.

import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type FormatEnum } from 'sharp';
import { ValidationError } from '../../core/index.js';
import type { UploadSettings } from './config.js';

// One decode at a time per process and no cache: a burst of uploads must not take every core or
// hold decoded images in memory
sharp.cache(false);
sharp.concurrency(1);

/** Formats sharp reads that a library sizes; of those, the ones it resizes and re-encodes. */
const SIZED = new Set(['jpeg', 'png', 'webp', 'tiff', 'gif', 'avif', 'heif']);
const RESIZED = new Set(['jpeg', 'png', 'webp', 'tiff', 'gif']);
const OPTIMIZED = new Set(['jpeg', 'png', 'webp', 'tiff']);

const THUMBNAIL = { width: 245, height: 156 };

export interface ImageInfo {
  width: number;
  height: number;
  format: string;
}

export interface MadeFormat {
  key: string;
  path: string;
  width: number;
  height: number;
  sizeInBytes: number;
}

/** The image's size and format, or undefined for a type this does not size (SVG, PDF...); a file
 *  whose bytes say raster image but that does not decode is a 400. */
export async function readImage(path: string, mime: string, settings: UploadSettings, fileName: string): Promise<ImageInfo | undefined> {
  if (!mime.startsWith('image/') || mime === 'image/svg+xml') return undefined;
  try {
    const meta = await sharp(path, { limitInputPixels: settings.security.maxImagePixels }).metadata();
    if (!meta.format || !SIZED.has(meta.format) || !meta.width || !meta.height) return undefined;
    if (meta.width * meta.height > settings.security.maxImagePixels) throw new Error('too many pixels');
    // Decoding the whole image finds a file cut short or corrupt past its header
    await sharp(path, { limitInputPixels: settings.security.maxImagePixels }).stats();
    const upright = settings.autoOrientation && (meta.orientation ?? 1) >= 5;
    return { width: upright ? meta.height : meta.width, height: upright ? meta.width : meta.height, format: meta.format };
  } catch (err) {
    throw new ValidationError('File is not a valid image', { fileName, reason: (err as Error).message });
  }
}

/** Re-encodes the image when that makes it smaller (or when it must be turned upright); returns
 *  the new file's path, or undefined to keep the original. */
export async function optimize(path: string, image: ImageInfo, settings: UploadSettings, dir: string): Promise<string | undefined> {
  if (!OPTIMIZED.has(image.format) || (!settings.sizeOptimization && !settings.autoOrientation)) return undefined;
  const out = join(dir, `optimized.${image.format}`);
  let pipeline = sharp(path, { limitInputPixels: settings.security.maxImagePixels });
  if (settings.autoOrientation) pipeline = pipeline.rotate();
  await pipeline.toFormat(image.format as keyof FormatEnum, { quality: settings.sizeOptimization ? 80 : 100 }).toFile(out);
  const [before, after] = await Promise.all([stat(path), stat(out)]);
  return settings.autoOrientation || after.size < before.size ? out : undefined;
}

/** The thumbnail and breakpoint formats this image needs, written under dir. */
export async function makeFormats(path: string, image: ImageInfo, settings: UploadSettings, dir: string): Promise<MadeFormat[]> {
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
    let pipeline = sharp(path, { limitInputPixels: settings.security.maxImagePixels, animated: image.format === 'gif' });
    if (settings.autoOrientation) pipeline = pipeline.rotate();
    const info = await pipeline.resize({ width, height, fit: 'inside', withoutEnlargement: true }).toFile(out);
    made.push({ key, path: out, width: info.width, height: info.height, sizeInBytes: info.size });
  }
  return made;
}
