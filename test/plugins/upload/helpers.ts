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

export const SVG = new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
export const HTML = new TextEncoder().encode('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const TEXT = new TextEncoder().encode('Plain words, nothing more.\n');
