// Reading an upload: multipart/form-data streamed to a temporary folder of its own, under the
// limits of the config (413s in the envelope). Read only after the caller was authorized. The
// folder goes when the request is done, whatever happened.

import type { IncomingMessage } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PayloadTooLargeError, ValidationError } from '../../core/index.js';
import type { UploadSettings } from './config.js';

/** A file as it arrived: on this machine's disk, named by the client. */
export interface IncomingFile {
  /** The temporary file holding the bytes. */
  filepath: string;
  /** What the client called it. */
  originalName: string | undefined;
  /** The type the client claimed (not believed: sniff.ts reads the bytes). */
  declaredType: string | undefined;
  size: number;
}

export interface UploadRequest {
  /** The form's text fields (fileInfo, ref, refId, field, path), each as sent, repeated or not. */
  fields: Record<string, string[]>;
  files: IncomingFile[];
  /** A folder for work files (formats, optimised originals), removed with the request's. */
  workDir: string;
  /** Removes the temporary folder. */
  dispose(): Promise<void>;
}

/** Bytes of a refused body still read before the answer, so the client hears the 413 rather than
 *  a reset connection; a bigger body is cut off. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

export async function readMultipart(req: IncomingMessage, settings: UploadSettings): Promise<UploadRequest> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > settings.requestSizeLimit) {
    await drain(req, declared - settings.requestSizeLimit);
    throw requestTooLarge(settings);
  }
  // formidable loads with the first upload, not at start
  const { default: formidable, errors: formidableErrors } = await import('formidable');
  const dir = await mkdtemp(join(tmpdir(), 'strata-upload-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const form = formidable({
    uploadDir: dir,
    maxFileSize: settings.sizeLimit,
    maxTotalFileSize: settings.requestSizeLimit,
    maxFiles: settings.maxFiles,
    maxFields: 100,
    maxFieldsSize: 1024 * 1024,
    allowEmptyFiles: true,
    minFileSize: 0,
    hashAlgorithm: false,
  });
  // formidable lists a file when its write ends, so two files can swap; fileInfo[i] is the i-th part's
  const order: string[] = [];
  form.on('fileBegin', (_field, file) => { order.push(file.newFilename); });
  // formidable bounds file bytes and field values, not the body (a body without Content-Length) nor
  // part headers, which it holds in memory: what arrives is counted here
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    const inFiles = (form as unknown as { _totalFileSize?: number })._totalFileSize ?? 0;
    if (received > settings.requestSizeLimit) fail(form, requestTooLargeCode);
    else if (received - inFiles > NON_FILE_BYTES) fail(form, formidableErrors.maxFieldsSizeExceeded);
  };
  req.on('data', count);
  try {
    const [fields, files] = await form.parse(req);
    const parts = [...files.files ?? []].sort((a, b) => order.indexOf(a.newFilename) - order.indexOf(b.newFilename));
    for (const key of Object.keys(files)) {
      if (key !== 'files') throw new ValidationError(`Unknown file field ${key}: files are sent as "files"`, { key });
    }
    return {
      fields: fields as Record<string, string[]>,
      files: parts.map((f) => ({ filepath: f.filepath, originalName: f.originalFilename ?? undefined, declaredType: f.mimetype ?? undefined, size: f.size })),
      workDir: dir,
      dispose,
    };
  } catch (err) {
    await dispose();
    const code = (err as { code?: number }).code;
    if (code === requestTooLargeCode) {
      await settled(req);
      throw requestTooLarge(settings);
    }
    if (code === formidableErrors.biggerThanMaxFileSize) {
      await settled(req);
      throw new PayloadTooLargeError(`A file exceeds the size limit of ${human(settings.sizeLimit)}`, { sizeLimit: settings.sizeLimit });
    }
    if (code === formidableErrors.biggerThanTotalMaxFileSize) {
      await settled(req);
      throw requestTooLarge(settings);
    }
    if (code === formidableErrors.maxFilesExceeded) {
      await settled(req);
      throw new ValidationError(`Too many files: at most ${settings.maxFiles} in one request`, { maxFiles: settings.maxFiles });
    }
    if (code === formidableErrors.maxFieldsExceeded || code === formidableErrors.maxFieldsSizeExceeded) {
      await settled(req);
      throw new ValidationError('Too many or too large form fields', {});
    }
    if (typeof code === 'number' && code >= 1000) throw new ValidationError(`Malformed multipart body: ${(err as Error).message}`, {});
    throw err;
  } finally {
    req.off('data', count);
  }
}

/** Bytes of a body that are not file content: part headers, boundaries and text fields. */
const NON_FILE_BYTES = 2 * 1024 * 1024;
const requestTooLargeCode = -413;

/** Stops formidable with an error of ours (it drops what arrives after an error). */
function fail(form: unknown, code: number): void {
  const parser = form as { _error?(err: Error): void; error?: unknown };
  if (parser.error || !parser._error) return;
  parser._error(Object.assign(new Error('upload limit'), { code }));
}

export function requestTooLarge(settings: UploadSettings): PayloadTooLargeError {
  return new PayloadTooLargeError(`The request exceeds the upload limit of ${human(settings.requestSizeLimit)}`, { requestSizeLimit: settings.requestSizeLimit });
}

/** Strapi's wording: decimal megabytes. */
function human(bytes: number): string {
  return bytes >= 1_000_000 ? `${Math.round(bytes / 1_000_000)} MB` : `${Math.round(bytes / 1000)} KB`;
}

/** Waits for the rest of a body a parser is already consuming (bounded). */
function settled(req: IncomingMessage): Promise<void> {
  if (req.readableEnded || req.destroyed) return Promise.resolve();
  return drain(req, DRAIN_LIMIT);
}

/** Reads and drops up to `limit` more bytes of the body; past that the connection is closed. */
function drain(req: IncomingMessage, limit: number): Promise<void> {
  if (req.readableEnded || req.destroyed) return Promise.resolve();
  if (limit > DRAIN_LIMIT) {
    req.socket.setKeepAlive?.(false);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let read = 0;
    const done = () => { req.off('data', onData); resolve(); };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_LIMIT) { req.destroy(); done(); }
    };
    req.on('data', onData);
    req.once('end', done);
    req.once('close', done);
    req.resume();
  });
}
