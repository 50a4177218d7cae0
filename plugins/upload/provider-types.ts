// The provider contract (Strapi's upload providers'): what a provider is handed and must offer.

import type { Readable } from 'node:stream';

/** A file or one of its formats, as handed to the provider. */
export interface ProviderFile {
  name: string;
  /** Unique within the library: the stored object's name without its extension. */
  hash: string;
  /** With its dot, or ''. */
  ext: string;
  mime: string;
  /** Size in KB (Strapi's unit: bytes / 1000, two decimals). */
  size: number;
  sizeInBytes: number;
  /** A folder inside the provider's space, when the app asks for one. */
  path?: string | null;
  url?: string;
  previewUrl?: string | null;
  provider_metadata?: Record<string, unknown> | null;
  /** The bytes, for uploadStream (read once). */
  stream?: Readable;
  /** The bytes, for upload (providers without uploadStream). */
  buffer?: Buffer;
  /** Where the bytes are on this machine (a temporary file), for providers that copy files. */
  filepath?: string;
}

export interface UploadProvider {
  uploadStream?(file: ProviderFile): Promise<void>;
  upload?(file: ProviderFile): Promise<void>;
  delete(file: ProviderFile): Promise<void>;
  /** A provider that keeps files private answers signed URLs for reads. */
  isPrivate?(): boolean | Promise<boolean>;
  getSignedUrl?(file: ProviderFile): Promise<{ url: string }>;
}

export interface ProviderModule {
  /** Stored on each file as its provider (a module given as an object). */
  name?: string;
  init(options: Record<string, unknown>): UploadProvider | Promise<UploadProvider>;
}
