// The media library's folders, Strapi 5's `plugin::upload.folder`: a folder's `path` is the
// pathIds from the root (/1/4), a file's `folderPath` the path of its folder ('/' at the root), so a
// subtree is a prefix. Creating, renaming, moving (the paths of everything below rewritten in the
// same transaction) and deleting (the files below through the library's own delete, so the
// provider's objects go too; every row in one transaction). Knows nothing of HTTP.

import { FILE_UID, NotFoundError, ValidationError, type Doc, type DocumentParams, type PluginApi } from '../../core/index.js';
import type { MediaLibrary } from './library.js';
import { FOLDER_UID } from './models.js';
import { Semaphore } from './semaphore.js';

export type FolderDoc = Record<string, unknown> & { id: number; documentId: string; name: string; pathId: number; path: string };

/** A folder of the structure: its id, name and subfolders, by name. */
export interface FolderNode { id: number; name: string; children: FolderNode[] }

const NAME_MAX = 255;
/** Tries of a folder create that raced other instances' for a pathId (each lost to a commit). */
const CREATE_ATTEMPTS = 10;
const INTERNAL = { source: 'internal' } as const;
const ALL = { pagination: { start: 0, limit: -1 } } as const;
const FOLDER_FIELDS = ['name', 'pathId', 'path', 'createdAt', 'updatedAt'];

/** The paths below `path` (its subtree without itself). */
const below = (path: string) => ({ $startsWith: `${path}/` });
const join = (parent: string, pathId: number) => `${parent === '/' ? '' : parent}/${pathId}`;

export class Folders {
  readonly #api: PluginApi;
  readonly #library: () => MediaLibrary;
  /** Folder creates of this instance, one at a time: they would all take the same pathId. */
  readonly #creating = new Semaphore(1);

  constructor(api: PluginApi, library: () => MediaLibrary) {
    this.#api = api;
    this.#library = library;
  }

  #folders() {
    return this.#api.documents(FOLDER_UID);
  }

  #files() {
    return this.#api.documents(FILE_UID);
  }

  /** Folders with their counts of subfolders and files, and their parent (Strapi's GET /folders). */
  async list(params: DocumentParams): Promise<FolderDoc[]> {
    const docs = await this.#folders().findMany({
      ...INTERNAL, ...ALL, sort: params.sort ?? ['name:asc', 'id:asc'], ...(params.filters ? { filters: params.filters } : {}),
      fields: FOLDER_FIELDS, populate: { children: { count: true }, files: { count: true }, parent: { fields: FOLDER_FIELDS } },
    });
    return docs as FolderDoc[];
  }

  /** One folder, its counts, and its parents up to the root (parent.parent...), for a breadcrumb. */
  async one(id: string): Promise<FolderDoc | null> {
    const [folder] = await this.#folders().findMany({
      ...INTERNAL, filters: { id: numericId(id) }, fields: FOLDER_FIELDS,
      populate: { children: { count: true }, files: { count: true } },
    }) as FolderDoc[];
    if (!folder) return null;
    const ancestorIds = folder.path.split('/').filter(Boolean).map(Number).slice(0, -1);
    const ancestors = ancestorIds.length
      ? await this.#folders().findMany({ ...INTERNAL, ...ALL, filters: { pathId: { $in: ancestorIds } }, fields: FOLDER_FIELDS }) as FolderDoc[]
      : [];
    let parent: FolderDoc | null = null;
    for (const pathId of ancestorIds) {
      const found = ancestors.find((a) => a.pathId === pathId);
      if (found) parent = { ...found, parent };
    }
    return { ...folder, parent };
  }

  /** Every folder as a tree (Strapi's folder-structure): id, name, children, by name. */
  async structure(): Promise<FolderNode[]> {
    const all = await this.#all();
    const nodes = new Map<string, FolderNode>(all.map((f) => [f.path, { id: f.id, name: f.name, children: [] }]));
    const roots: FolderNode[] = [];
    for (const f of all) {
      const parentPath = f.path.slice(0, f.path.lastIndexOf('/')) || '/';
      (parentPath === '/' ? roots : nodes.get(parentPath)?.children ?? roots).push(nodes.get(f.path)!);
    }
    const sort = (list: FolderNode[]) => {
      list.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
      for (const n of list) sort(n.children);
    };
    sort(roots);
    return roots;
  }

  /** A new folder: the next pathId after the highest. This instance makes one at a time; another
   *  instance on the database making one at once may take the same pathId, and the unique index
   *  refuses the second to commit, which runs again and takes the next (PostgreSQL and MariaDB:
   *  SQLite writes one transaction at a time). The name is looked for again after the insert: of
   *  two creates of one name at once, the second to commit sees the first's folder or took its
   *  pathId, and fails (400). */
  async create(body: unknown): Promise<FolderDoc> {
    const input = readBody(body, ['name', 'parent']);
    const name = checkName(input.name, true)!;
    const parentId = readFolderId(input.parent, 'parent');
    return await this.#creating.run(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          const id = await this.#api.transaction(async () => {
            const parent = parentId === null ? null : await this.#byId(parentId, 'parent');
            const parentPath = parent?.path ?? '/';
            await this.#assertNameFree(name, parentPath);
            const [last] = await this.#folders().findMany({ ...INTERNAL, sort: ['pathId:desc'], fields: ['pathId'], pagination: { start: 0, limit: 1 } }) as FolderDoc[];
            const pathId = (last?.pathId ?? 0) + 1;
            const created = await this.#folders().create({
              ...INTERNAL, data: { name, pathId, path: join(parentPath, pathId), parent: parent?.documentId ?? null },
            });
            // What another instance committed since the first look (PostgreSQL reads what is
            // committed at each statement; one committed before this read the highest pathId
            // was seen there, one not committed yet holds this pathId)
            await this.#assertNameFree(name, parentPath, created.id as number);
            return String(created.id);
          });
          return (await this.one(id))!;
        } catch (err) {
          // Each clash is with another create that committed: this one fails only after as many
          // of other instances' creates at once. At once again, not later: the other instance's
          // next create is already under way
          if (attempt >= CREATE_ATTEMPTS || !isPathClash(err)) throw err;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
        }
      }
    });
  }

  /** Renames a folder, or moves it (`parent`: a folder id, or null for the root), or both. */
  async update(id: string, body: unknown): Promise<FolderDoc | null> {
    const input = readBody(body, ['name', 'parent']);
    const name = checkName(input.name, false);
    const moving = input.parent !== undefined;
    const parentId = moving ? readFolderId(input.parent, 'parent') : undefined;
    const done = await this.#api.transaction(async () => {
      const folder = await this.#byIdOrNull(numericId(id));
      if (!folder) return null;
      const destination = parentId === undefined ? undefined : parentId === null ? null : await this.#byId(parentId, 'parent');
      if (destination && (destination.path === folder.path || destination.path.startsWith(`${folder.path}/`))) {
        throw ValidationError.fromFields([{ path: ['parent'], message: 'folder cannot be moved inside itself', name: 'ValidationError', value: parentId }]);
      }
      const parentPath = destination === undefined ? folder.path.slice(0, folder.path.lastIndexOf('/')) || '/' : destination?.path ?? '/';
      if (name !== undefined || moving) await this.#assertNameFree(name ?? folder.name, parentPath, folder.id);
      if (moving) await this.#move([folder], destination ?? null);
      if (name !== undefined) await this.#folders().update({ ...INTERNAL, documentId: folder.documentId, data: { name } });
      return folder;
    });
    return done && this.one(String(done.id));
  }

  /** Moves files and folders into a folder (or the root): Strapi's bulk-move. */
  async moveMany(body: unknown): Promise<{ files: Record<string, unknown>[]; folders: FolderDoc[] }> {
    const input = readBody(body, ['destinationFolderId', 'fileIds', 'folderIds']);
    if (input.destinationFolderId === undefined) throw ValidationError.fromFields([{ path: ['destinationFolderId'], message: 'destinationFolderId must be defined (null for the root)', name: 'ValidationError' }]);
    const destinationId = readFolderId(input.destinationFolderId, 'destinationFolderId');
    const fileIds = readIds(input.fileIds, 'fileIds');
    const folderIds = readIds(input.folderIds, 'folderIds');
    await this.#api.transaction(async () => {
      const destination = destinationId === null ? null : await this.#byId(destinationId, 'destinationFolderId');
      const folders = folderIds.length ? await this.#folders().findMany({ ...INTERNAL, ...ALL, filters: { id: { $in: folderIds } }, fields: FOLDER_FIELDS }) as FolderDoc[] : [];
      const inside = folders.filter((f) => destination && (destination.path === f.path || destination.path.startsWith(`${f.path}/`)));
      if (inside.length) throw new ValidationError(`folders cannot be moved inside themselves or one of its children: ${inside.map((f) => f.name).join(', ')}`, { folders: inside.map((f) => f.id) });
      const siblings = await this.#childrenOf(destination?.path ?? '/');
      const taken = folders.filter((f) => siblings.some((s) => s.name === f.name && s.id !== f.id));
      if (taken.length) throw new ValidationError(`some folders already exist: ${taken.map((f) => f.name).join(', ')}`, { folders: taken.map((f) => f.id) });
      await this.#move(folders, destination);
      if (fileIds.length) {
        const files = await this.#files().findMany({ ...INTERNAL, ...ALL, filters: { id: { $in: fileIds } }, fields: ['name'] });
        for (const file of files) {
          await this.#files().update({ ...INTERNAL, documentId: file.documentId, data: { folder: destination?.documentId ?? null, folderPath: destination?.path ?? '/' } });
        }
      }
    });
    const folders = folderIds.length ? await this.#folders().findMany({ ...INTERNAL, ...ALL, filters: { id: { $in: folderIds } }, fields: FOLDER_FIELDS }) as FolderDoc[] : [];
    const files = fileIds.length ? await this.#library().adminList({ ...ALL, filters: { id: { $in: fileIds } } }) : [];
    return { files, folders };
  }

  /** Deletes files and folders, each folder with everything below it: the rows in one
   *  transaction, then the files' stored objects (Strapi's bulk-delete). */
  async deleteMany(body: unknown): Promise<{ files: Record<string, unknown>[]; folders: FolderDoc[]; totalFolderNumber: number; totalFileNumber: number }> {
    const input = readBody(body, ['fileIds', 'folderIds']);
    const fileIds = readIds(input.fileIds, 'fileIds');
    const folderIds = readIds(input.folderIds, 'folderIds');
    const folders = folderIds.length ? await this.#folders().findMany({ ...INTERNAL, ...ALL, filters: { id: { $in: folderIds } }, fields: FOLDER_FIELDS }) as FolderDoc[] : [];
    const subtree = folders.flatMap((f) => [{ path: { $eq: f.path } }, { path: below(f.path) }]);
    const inFolders = folders.flatMap((f) => [{ folderPath: { $eq: f.path } }, { folderPath: below(f.path) }]);
    const fileFilter = [...(fileIds.length ? [{ id: { $in: fileIds } }] : []), ...inFolders];
    let totalFolderNumber = 0;
    const library = this.#library();
    const files = fileFilter.length ? await library.adminList({ ...ALL, filters: { $or: fileFilter } }) : [];
    await library.removeMany(files as Doc[], async () => {
      if (!subtree.length) return;
      const doomed = await this.#folders().findMany({ ...INTERNAL, ...ALL, filters: { $or: subtree }, fields: ['path'], sort: ['path:desc'] });
      // The deepest first: nothing is left pointing at a folder that is gone
      for (const f of doomed) await this.#folders().delete({ ...INTERNAL, documentId: f.documentId });
      totalFolderNumber = doomed.length;
    });
    const deleted = new Set(fileIds);
    return { files: files.filter((f) => deleted.has(f.id as number)), folders, totalFolderNumber, totalFileNumber: files.length };
  }

  /** Deletes one folder and what it holds. */
  async remove(id: string): Promise<{ folder: FolderDoc; folders: number; files: number } | null> {
    const folder = await this.one(id);
    if (!folder) return null;
    const { totalFolderNumber, totalFileNumber } = await this.deleteMany({ folderIds: [folder.id] });
    return { folder, folders: totalFolderNumber, files: totalFileNumber };
  }

  /** The path and relation of a file uploaded into a folder (by id), or the root's. */
  async placement(folderId: number | null | undefined): Promise<{ folder: string | null; folderPath: string }> {
    if (folderId === null || folderId === undefined) return { folder: null, folderPath: '/' };
    const folder = await this.#byId(folderId, 'fileInfo.folder');
    return { folder: folder.documentId, folderPath: folder.path };
  }

  /** Moves folders under `destination`: each one's parent, and the paths of every folder and file
   *  below it. Inside the caller's transaction. */
  async #move(folders: FolderDoc[], destination: FolderDoc | null): Promise<void> {
    for (const folder of folders) {
      const to = join(destination?.path ?? '/', folder.pathId);
      await this.#folders().update({ ...INTERNAL, documentId: folder.documentId, data: { parent: destination?.documentId ?? null, path: to } });
      if (to === folder.path) continue;
      const rewrite = (p: string) => to + p.slice(folder.path.length);
      const inner = await this.#folders().findMany({ ...INTERNAL, ...ALL, filters: { path: below(folder.path) }, fields: ['path'] }) as FolderDoc[];
      for (const f of inner) await this.#folders().update({ ...INTERNAL, documentId: f.documentId, data: { path: rewrite(f.path) } });
      const files = await this.#files().findMany({ ...INTERNAL, ...ALL, filters: { $or: [{ folderPath: { $eq: folder.path } }, { folderPath: below(folder.path) }] }, fields: ['folderPath'] });
      for (const f of files) await this.#files().update({ ...INTERNAL, documentId: f.documentId, data: { folderPath: rewrite(String(f.folderPath)) } });
    }
  }

  async #all(): Promise<FolderDoc[]> {
    return await this.#folders().findMany({ ...INTERNAL, ...ALL, fields: ['name', 'pathId', 'path'], sort: ['path:asc'] }) as FolderDoc[];
  }

  /** The folders directly in the folder at `path` ('/': the root). */
  async #childrenOf(path: string): Promise<FolderDoc[]> {
    const candidates = await this.#folders().findMany({ ...INTERNAL, ...ALL, filters: path === '/' ? {} : { path: below(path) }, fields: ['name', 'path'] }) as FolderDoc[];
    const depth = path === '/' ? 1 : path.split('/').length;
    return candidates.filter((f) => f.path.split('/').length - 1 === depth);
  }

  async #assertNameFree(name: string, parentPath: string, self?: number): Promise<void> {
    // The folders of this name below the parent, then those directly in it
    const named = await this.#folders().findMany({
      ...INTERNAL, ...ALL, filters: { name: { $eq: name }, ...(parentPath === '/' ? {} : { path: below(parentPath) }) }, fields: ['name', 'path'],
    }) as FolderDoc[];
    const depth = parentPath === '/' ? 1 : parentPath.split('/').length;
    if (named.some((s) => s.name === name && s.id !== self && s.path.split('/').length - 1 === depth)) {
      throw ValidationError.fromFields([{ path: ['name'], message: 'A folder with this name already exists', name: 'ValidationError', value: name }]);
    }
  }

  async #byIdOrNull(id: number): Promise<FolderDoc | null> {
    return await this.#folders().findFirst({ ...INTERNAL, filters: { id }, fields: FOLDER_FIELDS }) as FolderDoc | null;
  }

  async #byId(id: number, path: string): Promise<FolderDoc> {
    const folder = await this.#byIdOrNull(id);
    if (!folder) throw ValidationError.fromFields([{ path: [path], message: `${path === 'parent' ? 'parent folder' : 'folder'} does not exist`, name: 'ValidationError', value: id }]);
    return folder;
  }
}

function readBody(body: unknown, keys: string[]): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ValidationError('The body must be a JSON object', {});
  const unknown = Object.keys(body).filter((k) => !keys.includes(k));
  if (unknown.length) {
    throw ValidationError.fromFields(unknown.map((k) => ({ path: [k], message: `${k} is not allowed (${keys.join(', ')})`, name: 'ValidationError' })));
  }
  return body as Record<string, unknown>;
}

/** Strapi's rules: one to 255 characters, no slash, no spaces around. */
function checkName(value: unknown, required: boolean): string | undefined {
  if (value === undefined && !required) return undefined;
  const bad = (message: string) => ValidationError.fromFields([{ path: ['name'], message, name: 'ValidationError', value }]);
  if (typeof value !== 'string' || !value.length) throw bad('name is required: a text of 1 to 255 characters');
  if (value.length > NAME_MAX) throw bad(`name is longer than ${NAME_MAX} characters`);
  if (value.includes('/')) throw bad('name cannot contain slashes');
  if (value.trim() !== value) throw bad('name cannot start or end with a whitespace');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) throw bad('name cannot contain control characters');
  return value;
}

/** A folder id (a positive integer, or its digits), or null for the root. */
function readFolderId(value: unknown, path: string): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) throw ValidationError.fromFields([{ path: [path], message: `${path} must be a folder id or null`, name: 'ValidationError', value }]);
  return n;
}

function readIds(value: unknown, path: string): number[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw ValidationError.fromFields([{ path: [path], message: `${path} must be an array of ids`, name: 'ValidationError', value }]);
  if (value.length > 1000) throw ValidationError.fromFields([{ path: [path], message: `${path}: at most 1000 ids at once`, name: 'ValidationError' }]);
  return [...new Set(value.map((v, i) => {
    const id = readFolderId(v, `${path}.${i}`);
    if (id === null) throw ValidationError.fromFields([{ path: [path, String(i)], message: `${path}[${i}] must be an id`, name: 'ValidationError', value: v }]);
    return id;
  }))];
}

export function numericId(id: string): number {
  if (!/^\d{1,15}$/.test(id)) throw new NotFoundError('folder not found', { id });
  return Number(id);
}

/** A pathId or path another create took at the same time: the unique index's refusal (or the
 *  document service's check before the write), reported as a 400 on that attribute. */
function isPathClash(err: unknown): boolean {
  if (!(err instanceof ValidationError)) return false;
  const errors = (err.details as { errors?: Array<{ path?: unknown[]; message?: unknown }> }).errors ?? [];
  return errors.length > 0 && errors.every((e) => e.path?.length === 1 && (e.path[0] === 'pathId' || e.path[0] === 'path') && e.message === 'This attribute must be unique');
}
