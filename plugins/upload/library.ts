// The media library: storing uploads (provider first, then the rows in one transaction, the
// stored objects removed again if the rows fail), changing a file's info, deleting files. The
// operations (operations.ts) call it; it knows nothing of HTTP.

import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { FILE_UID, mediaKind, NotFoundError, PayloadTooLargeError, ValidationError, withoutPrivateFields, type AuthResult, type Doc, type DocumentParams, type PluginApi } from '../../core/index.js';
import { prepareAttachment } from './attach.js';
import type { UploadSettings } from './config.js';
import { readAttachTarget, readFileInfos, type FileInfo } from './file-info.js';
import type { UploadRequest } from './multipart.js';
import { displayName } from './names.js';
import { closeStream, prepareFile, type PreparedFile } from './prepare.js';
import type { LoadedProvider, ProviderFile } from './provider.js';

export type FileDoc = Record<string, unknown>;

/** Where a file goes: its folder (a documentId, for the relation) and folderPath. */
export type Placement = (folderId: number | null | undefined) => Promise<{ folder: string | null; folderPath: string }>;
const ROOT: Placement = () => Promise.resolve({ folder: null, folderPath: '/' });
/** How the admin's lists show a file's folder. */
const FOLDER_POPULATE = { folder: { fields: ['name', 'pathId', 'path'] } };

export class MediaLibrary {
  readonly #api: PluginApi;
  readonly #settings: UploadSettings;
  #provider: LoadedProvider | undefined;
  /** The folder a file's info names (folders.ts); the root until folders are set up. */
  placement: Placement = ROOT;

  constructor(api: PluginApi, settings: UploadSettings) {
    this.#api = api;
    this.#settings = settings;
  }

  set provider(provider: LoadedProvider) {
    this.#provider = provider;
  }

  get provider(): LoadedProvider {
    if (!this.#provider) throw new Error('upload: the provider is not loaded yet (bootstrap)');
    return this.#provider;
  }

  /** Stores every file of the request, or none: a refusal or failure of one leaves no file and no
   *  row of any. */
  async upload(request: UploadRequest, auth: AuthResult | undefined): Promise<FileDoc[]> {
    const { files, fields } = request;
    this.#checkLimits(files);
    const infos = readFileInfos(fields.fileInfo, files.length);
    const target = readAttachTarget(fields);
    const attachment = target && await prepareAttachment(this.#api, target, files.length, auth);
    const places: Array<Awaited<ReturnType<Placement>>> = [];
    for (const info of infos) places.push(await this.placement(info.folder));
    const prepared: PreparedFile[] = [];
    for (const [i, file] of files.entries()) prepared.push(await prepareFile(file, infos[i]!, this.#settings, request.workDir, i));
    const stored: ProviderFile[] = [];
    try {
      for (const file of prepared) await this.#storeAll(file, stored);
      const docs = await this.#api.transaction(async () => {
        const held = attachment ? await attachment.lock() : [];
        const created: Doc[] = [];
        for (const [i, file] of prepared.entries()) created.push(await this.#files().create({ data: { ...this.#row(file), ...places[i] } }));
        if (attachment) await attachment.write(held, created.map((d) => d.id));
        return created;
      });
      return docs.map((d) => this.#answer(d));
    } catch (err) {
      await this.#unstore(stored);
      throw err;
    }
  }

  /** Replaces a file's bytes (and formats), keeping its id, documentId and the media fields that
   *  hold it. The new objects get a new hash (a cached URL of the old bytes is not served the new
   *  ones); the old objects go once the row is changed. */
  async replace(id: string, request: UploadRequest): Promise<FileDoc> {
    this.#checkLimits(request.files);
    const before = await this.#find(id);
    const info = readFileInfos(request.fields.fileInfo, 1)[0]!;
    const file = await prepareFile(request.files[0]!, info, this.#settings, request.workDir, 0);
    // A field that allows only images keeps holding an image: the new bytes are of the same kind
    if (mediaKind(file.main.mime) !== mediaKind(String(before.mime))) {
      throw new ValidationError(`A replacement must be of the same kind (${mediaKind(String(before.mime))}) as the file it replaces; ${file.main.mime} is not`, {
        id, mime: file.main.mime, replaces: before.mime,
      });
    }
    const stored: ProviderFile[] = [];
    let replaced: { old: Doc; updated: Doc } | null;
    try {
      await this.#storeAll(file, stored);
      const row: Record<string, unknown> = this.#row(file);
      // The file stays in its folder unless the info names another
      delete row.folderPath;
      if (info.folder !== undefined) Object.assign(row, await this.placement(info.folder));
      if (info.alternativeText == null) delete row.alternativeText;
      if (info.caption == null) delete row.caption;
      replaced = await this.#api.transaction(async () => {
        // The row is locked first, so that of two replaces the second reads what the first wrote
        // (and deletes those objects, not the ones the first already deleted)
        const locked = await this.#files().update({ documentId: before.documentId, filters: { documentId: before.documentId }, data: {} });
        const old = locked && await this.#files().findOne({ documentId: before.documentId });
        if (!old) return null;
        const updated = await this.#files().update({ documentId: before.documentId, data: row });
        return updated && { old, updated };
      });
    } catch (err) {
      await this.#unstore(stored);
      throw err;
    }
    if (!replaced) {
      await this.#unstore(stored);
      throw new NotFoundError('Entity not found', { id });
    }
    await this.#unstoreFile(replaced.old);
    return this.#answer(replaced.updated);
  }

  /** Stores a file of this machine (the CLI's import), under the same rules as an upload; the file
   *  itself is only read. */
  async importFile(path: string, info: FileInfo = {}): Promise<FileDoc> {
    const { size } = await stat(path);
    const workDir = await mkdtemp(join(tmpdir(), 'strata-import-'));
    try {
      const request: UploadRequest = {
        fields: { fileInfo: [JSON.stringify(info)] }, files: [{ filepath: path, originalName: basename(path), declaredType: undefined, size }],
        workDir, dispose: () => Promise.resolve(),
      };
      const [file] = await this.upload(request, undefined);
      return file!;
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /** Changes a file's name, alternative text or caption; a value not given (or null) is kept. */
  async updateInfo(id: string, info: FileInfo): Promise<FileDoc> {
    const file = await this.#find(id);
    const data: Record<string, unknown> = {};
    for (const key of ['name', 'alternativeText', 'caption'] as const) {
      const v = info[key];
      if (v !== undefined && v !== null) data[key] = key === 'name' ? displayName(v) : v;
    }
    // Strapi's fileInfo.folder moves the file (null: to the root)
    if (info.folder !== undefined) Object.assign(data, await this.placement(info.folder));
    if (!Object.keys(data).length) return this.#answer(file);
    const updated = await this.#files().update({ documentId: file.documentId, data });
    return this.#answer(updated ?? file);
  }

  /** Deletes files (their rows, and with them their links) and runs `more` in the same
   *  transaction (a folder's rows), then removes the files' stored objects. */
  async removeMany(files: Doc[], more: () => Promise<void> = () => Promise.resolve()): Promise<void> {
    await this.#api.transaction(async () => {
      for (const file of files) await this.#files().delete({ documentId: file.documentId });
      await more();
    });
    for (const file of files) await this.#unstoreFile(file);
  }

  /** Files as the admin's media library lists them: with their folder and folderPath, which the
   *  content API never shows, and filters on them. */
  async adminList(params: DocumentParams): Promise<FileDoc[]> {
    const docs = await this.#files().findMany({ ...params, source: 'internal', populate: FOLDER_POPULATE });
    return docs.map((d) => this.#adminAnswer(d));
  }

  /** A counted page of adminList. */
  async adminPage(params: DocumentParams): Promise<{ results: FileDoc[]; pagination: unknown }> {
    const { results, pagination } = await this.#files().findPage({ ...params, source: 'internal', populate: FOLDER_POPULATE });
    return { results: results.map((d) => this.#adminAnswer(d)), pagination };
  }

  async adminOne(id: string): Promise<FileDoc | null> {
    const file = await this.#findOrNull(id, { populate: FOLDER_POPULATE });
    return file && this.#adminAnswer(file);
  }

  #adminAnswer(doc: Doc): FileDoc {
    return { ...this.#answer(doc), folderPath: doc.folderPath ?? '/', folder: doc.folder ?? null };
  }

  /** Deletes a file: its row (which takes it out of every media field, by the links' cascade),
   *  then its stored objects. The deleted file is the answer, as Strapi's. */
  async remove(id: string): Promise<FileDoc | null> {
    const file = await this.#findOrNull(id);
    if (!file) return null;
    await this.#files().delete({ documentId: file.documentId });
    await this.#unstoreFile(file);
    return this.#answer(file);
  }

  /** A stored file's objects (itself and its formats), when this provider holds them. */
  async #unstoreFile(file: Doc): Promise<void> {
    if (file.provider !== this.provider.name) return;
    const formats = Object.values((file.formats ?? {}) as Record<string, ProviderFile>);
    await this.#unstore([file as unknown as ProviderFile, ...formats]);
  }

  async list(params: DocumentParams): Promise<FileDoc[]> {
    return (await this.#files().findMany(params)).map((d) => this.#answer(d));
  }

  /** A page of files: counted only when asked (a typed surface's connection). */
  async page(params: DocumentParams): Promise<{ results: FileDoc[]; pagination: unknown }> {
    if ((params.pagination as { withCount?: unknown } | undefined)?.withCount !== true) return { results: await this.list(params), pagination: {} };
    const { results, pagination } = await this.#files().findPage(params);
    return { results: results.map((d) => this.#answer(d)), pagination };
  }

  async one(id: string, params: DocumentParams): Promise<FileDoc | null> {
    const file = await this.#findOrNull(id, params);
    return file && this.#answer(file);
  }

  #files() {
    return this.#api.documents(FILE_UID);
  }

  /** A file by numeric id (Strapi's) or documentId. */
  async #findOrNull(id: string, params: DocumentParams = {}): Promise<Doc | null> {
    const filters = /^\d{1,15}$/.test(id) ? { id: Number(id) } : /^[a-z0-9]{1,64}$/i.test(id) ? { documentId: id } : undefined;
    if (!filters) throw new ValidationError(`Invalid file id ${JSON.stringify(id)}`, { path: ['id'], value: id });
    return this.#files().findFirst({ ...params, filters: params.filters ? { $and: [filters, params.filters] } : filters });
  }

  async #find(id: string): Promise<Doc> {
    const file = await this.#findOrNull(id);
    if (!file) throw new NotFoundError('Entity not found', { id });
    return file;
  }

  #row(file: PreparedFile): Record<string, unknown> {
    const { main } = file;
    const formats = file.formats.size
      ? Object.fromEntries([...file.formats].map(([key, f]) => [key, {
        name: f.name, hash: f.hash, ext: f.ext, mime: f.mime, path: f.path ?? null,
        width: (f as unknown as { width: number }).width, height: (f as unknown as { height: number }).height,
        size: f.size, sizeInBytes: f.sizeInBytes, url: f.url, ...(f.provider_metadata ? { provider_metadata: f.provider_metadata } : {}),
      }]))
      : null;
    return {
      name: main.name, alternativeText: file.alternativeText, caption: file.caption, width: file.width, height: file.height,
      formats, hash: main.hash, ext: main.ext, mime: main.mime, size: main.size, url: main.url, previewUrl: main.previewUrl ?? null,
      provider: this.provider.name, provider_metadata: main.provider_metadata ?? null, folderPath: '/',
    };
  }

  /** Stores a file and its formats; each is listed in `stored` before its provider call, so a
   *  provider that writes and then fails still has it deleted (deleting a missing object is
   *  quiet). */
  async #storeAll(file: PreparedFile, stored: ProviderFile[]): Promise<void> {
    for (const one of [file.main, ...file.formats.values()]) {
      stored.push(one);
      await this.#store(one);
    }
  }

  async #store(file: ProviderFile): Promise<void> {
    const { provider } = this.provider;
    try {
      if (provider.uploadStream) await provider.uploadStream(file);
      else {
        file.buffer = await readFile(file.filepath!);
        await provider.upload!(file);
      }
    } finally {
      // Neither the bytes nor an open descriptor outlive the call
      delete file.buffer;
      closeStream(file);
    }
    if (typeof file.url !== 'string' || !file.url) throw new Error(`upload provider ${this.provider.name} set no url for ${file.hash}${file.ext}`);
  }

  /** The rules of the config, whatever surface handed the files over. */
  #checkLimits(files: UploadRequest['files']): void {
    const { maxFiles, sizeLimit, requestSizeLimit } = this.#settings;
    if (files.length > maxFiles) throw new ValidationError(`Too many files: at most ${maxFiles} in one request`, { maxFiles });
    const big = files.find((f) => f.size > sizeLimit);
    if (big) throw new PayloadTooLargeError(`A file exceeds the size limit of ${sizeLimit} bytes`, { sizeLimit, fileName: big.originalName ?? null });
    if (files.reduce((n, f) => n + f.size, 0) > requestSizeLimit) throw new PayloadTooLargeError(`The files exceed the upload limit of ${requestSizeLimit} bytes`, { requestSizeLimit });
  }

  /** Removes stored objects, best effort: a failure is logged, not thrown over the first error. */
  async #unstore(files: ProviderFile[]): Promise<void> {
    for (const file of files) {
      try {
        await this.provider.provider.delete(file);
      } catch (err) {
        this.#api.logger.error(`[upload] could not delete ${file.hash}${file.ext} from ${this.provider.name}: ${(err as Error).message}`);
      }
    }
  }

  #answer(doc: Doc | FileDoc): FileDoc {
    return withoutPrivateFields(this.#api.registry, this.#api.registry.contentType(FILE_UID), doc) as FileDoc;
  }
}
