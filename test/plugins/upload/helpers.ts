// An upload kernel per test file: the example app's content types, the upload plugin with its
// local provider in a temporary app folder, and multipart requests sent with fetch's FormData.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startKernel, type TestKernel, type TestResponse } from '../../helpers/kernel.js';

export interface UploadKernel extends TestKernel {
  appDir: string;
  uploadDir: string;
  upload(files: Part[], fields?: Record<string, string | string[]>, options?: { query?: string; headers?: Record<string, string> }): Promise<TestResponse>;
}

export interface Part {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

export async function startUploadKernel(uploadConfig: Record<string, unknown> = {}, plugins: Record<string, unknown> = {}): Promise<UploadKernel> {
  const appDir = await mkdtemp(join(tmpdir(), 'strata-upload-app-'));
  const app = await startKernel({ appDir, config: { plugins: { ...plugins, upload: { enabled: true, config: uploadConfig } } } });
  const stop = app.stop;
  return {
    ...app,
    appDir,
    uploadDir: join(appDir, 'public', 'uploads'),
    stop: async () => {
      await stop();
      await rm(appDir, { recursive: true, force: true });
    },
    async upload(files, fields = {}, options = {}) {
      const form = new FormData();
      for (const f of files) form.append('files', new Blob([f.bytes], f.type === undefined ? {} : { type: f.type }), f.name);
      for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(key, v);
      const res = await fetch(`${app.url}/api/upload${options.query ?? ''}`, { method: 'POST', body: form, headers: options.headers ?? {} });
      const text = await res.text();
      let body: unknown = null;
      try { body = JSON.parse(text); } catch { body = text; }
      return { status: res.status, headers: res.headers, body, text } as TestResponse;
    },
  };
}

/** A picture of a given size and format, made by sharp. */
export async function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' | 'tiff'): Promise<Uint8Array> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).toFormat(format).toBuffer();
  return new Uint8Array(buffer);
}

/** An animated image of distinct frames (identical ones would be merged into one). */
export async function animation(width: number, height: number, frames: number, format: 'gif' | 'webp'): Promise<Uint8Array> {
  const images = await Promise.all(Array.from({ length: frames }, (_, i) => sharp({
    create: { width, height, channels: 3, background: { r: (i * 70) % 256, g: 40, b: 255 - ((i * 50) % 256) } },
  }).png().toBuffer()));
  return new Uint8Array(await sharp(images, { join: { animated: true } }).toFormat(format).toBuffer());
}

export const SVG = new TextEncoder().encode('<?xml version="1.0"?>\n<!-- a logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
export const SCRIPTED_SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><rect onload="alert(1)" width="10" height="10"/></svg>');
export const XHTML_WITH_SVG = new TextEncoder().encode('<html xmlns="http://www.w3.org/1999/xhtml"><body><svg></svg><script>alert(1)</script></body></html>');
export const HTML = new TextEncoder().encode('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const TEXT = new TextEncoder().encode('Plain words, nothing more.\n');

/** A 2x2 24-bit BMP: an image type sharp does not read. */
export const BMP = (() => {
  const pixels = 2 * 2 * 4; // rows padded to 4 bytes: 2 pixels x 3 bytes + 2
  const b = new Uint8Array(54 + pixels);
  const v = new DataView(b.buffer);
  b[0] = 0x42; b[1] = 0x4d;
  v.setUint32(2, b.length, true); v.setUint32(10, 54, true); v.setUint32(14, 40, true);
  v.setInt32(18, 2, true); v.setInt32(22, 2, true); v.setUint16(26, 1, true); v.setUint16(28, 24, true);
  v.setUint32(34, pixels, true);
  b.fill(0x7f, 54);
  return b;
})();
