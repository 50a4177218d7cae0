// The S3 provider: files in a bucket of AWS S3 or any S3-compatible store (MinIO, R2, Ceph,
// s3rver), through the official AWS SDK. Objects are written with their type, and with
// Content-Disposition: attachment for every type a browser would not show inertly (SVG, HTML,
// unknown), so a bucket served to browsers runs no stored script either.

import { DeleteObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { KernelError } from '../../../core/index.js';
import { typeOfExtension } from '../media-types.js';
import type { ProviderFile, ProviderModule, UploadProvider } from '../provider-types.js';

export interface S3Options {
  bucket: string;
  region?: string;
  /** An S3-compatible server's address (http://127.0.0.1:9000); AWS when left out. */
  endpoint?: string;
  /** Path-style addresses (endpoint/bucket/key), which most S3-compatible servers need. */
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Where the objects are read from (a CDN, a public bucket's address): url = baseUrl/key. */
  baseUrl?: string;
  /** A folder for the library's objects inside the bucket. */
  prefix?: string;
  /** Cache-Control of the objects (their names never change: a replaced file gets a new one). */
  cacheControl?: string;
}

type Raw = Record<string, unknown>;

function readOptions(raw: Raw): S3Options {
  const fail = (key: string, expected: string): never => {
    throw new KernelError('CONFIG_ERR_INVALID', `config plugins.upload.config.providerOptions.${key}: expected ${expected}, got ${JSON.stringify(raw[key])}`);
  };
  const str = (key: string, required = false): string | undefined => {
    const v = raw[key];
    if (v === undefined && !required) return undefined;
    return typeof v === 'string' && v.length > 0 ? v : fail(key, 'a non-empty string');
  };
  const known = ['bucket', 'region', 'endpoint', 'forcePathStyle', 'credentials', 'baseUrl', 'prefix', 'cacheControl'];
  for (const key of Object.keys(raw)) if (!known.includes(key)) fail(key, `one of ${known.join(', ')}`);
  const credentials = raw.credentials as Raw | undefined;
  if (credentials !== undefined && (typeof credentials !== 'object' || credentials === null
    || typeof credentials.accessKeyId !== 'string' || typeof credentials.secretAccessKey !== 'string')) {
    fail('credentials', '{ accessKeyId, secretAccessKey }');
  }
  if (raw.forcePathStyle !== undefined && typeof raw.forcePathStyle !== 'boolean') fail('forcePathStyle', 'true or false');
  const prefix = str('prefix');
  if (prefix !== undefined && !/^[A-Za-z0-9_\-/]+$/.test(prefix)) fail('prefix', 'letters, digits, -, _ and /');
  return {
    bucket: str('bucket', true)!,
    ...(str('region') ? { region: str('region') } : {}),
    ...(str('endpoint') ? { endpoint: str('endpoint') } : {}),
    ...(raw.forcePathStyle !== undefined ? { forcePathStyle: raw.forcePathStyle as boolean } : {}),
    ...(credentials ? { credentials: credentials as unknown as NonNullable<S3Options['credentials']> } : {}),
    ...(str('baseUrl') ? { baseUrl: str('baseUrl')!.replace(/\/+$/, '') } : {}),
    ...(prefix ? { prefix: prefix.replace(/^\/+|\/+$/g, '') } : {}),
    ...(str('cacheControl') ? { cacheControl: str('cacheControl') } : {}),
  };
}

export const s3Provider: ProviderModule = {
  name: 's3',
  init(raw): UploadProvider {
    const options = readOptions(raw);
    const config: S3ClientConfig = {
      region: options.region ?? 'us-east-1',
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.forcePathStyle !== undefined ? { forcePathStyle: options.forcePathStyle } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where S3 requires them: S3-compatible servers do not all read the SDK's
      // default trailing checksums, and the bytes were checked when they arrived
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    const client = new S3Client(config);
    const keyOf = (file: ProviderFile) => [options.prefix, file.path, `${file.hash}${file.ext}`].filter(Boolean).join('/');
    const urlOf = (key: string) => {
      if (options.baseUrl) return `${options.baseUrl}/${key}`;
      if (options.endpoint) return `${options.endpoint.replace(/\/+$/, '')}/${options.bucket}/${key}`;
      return `https://${options.bucket}.s3.${config.region as string}.amazonaws.com/${key}`;
    };
    return {
      async uploadStream(file) {
        const key = keyOf(file);
        const type = typeOfExtension(file.ext);
        const inline = type?.inline === true;
        await client.send(new PutObjectCommand({
          Bucket: options.bucket, Key: key, ContentType: inline ? file.mime : type?.mime ?? 'application/octet-stream',
          ContentLength: file.sizeInBytes,
          ...(inline ? {} : { ContentDisposition: `attachment; filename="${file.hash}${file.ext}"` }),
          CacheControl: options.cacheControl ?? 'public, max-age=31536000, immutable',
          Body: file.filepath ? createReadStream(file.filepath) : file.stream ?? file.buffer,
        }));
        file.url = urlOf(key);
      },
      async delete(file) {
        await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: keyOf(file) }));
      },
    };
  },
};
