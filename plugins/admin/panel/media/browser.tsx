// Browsing the media library: a folder's subfolders and a page of its files, searched by name,
// filtered by type, sorted, in a grid or a list, with a breadcrumb up to the root. The library
// screen (screen.tsx) and the edit view's media picker (fields/media-library.tsx) both show it;
// what is done with a folder or a file (open, edit, pick) is theirs, through the render props.
// With `selection`, each folder and file has a checkbox and the page one to select them all.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { filtersOf, previewOf, type FileDoc } from '../fields/media-kinds.js';
import { Button, ErrorBox } from '../ui.js';

export type Kind = '' | 'images' | 'videos' | 'audios' | 'files';
export type Sort = 'newest' | 'oldest' | 'az' | 'za';
export type View = 'grid' | 'list';

export interface BrowseState { folder: number | null; q: string; kind: Kind; sort: Sort; page: number }

export interface Folder {
  id: number; name: string; path: string; pathId: number;
  children?: { count: number }; files?: { count: number };
  parent?: Folder | null;
}

export interface LibraryFile extends FileDoc {
  caption?: string | null;
  folderPath?: string;
  folder?: { id: number; name: string } | null;
  createdAt?: string;
}

interface Page { results: LibraryFile[]; pagination: { page: number; pageSize: number; pageCount: number; total: number } }

export const KINDS: Array<[Kind, string]> = [['', 'All types'], ['images', 'Images'], ['videos', 'Videos'], ['audios', 'Audio'], ['files', 'Other files']];
export const SORTS: Array<[Sort, string]> = [['newest', 'Newest first'], ['oldest', 'Oldest first'], ['az', 'Name A to Z'], ['za', 'Name Z to A']];
const SORT_QUERY: Record<Sort, string[]> = { newest: ['createdAt:desc', 'id:desc'], oldest: ['createdAt:asc', 'id:asc'], az: ['name:asc', 'id:asc'], za: ['name:desc', 'id:desc'] };

export const INITIAL: BrowseState = { folder: null, q: '', kind: '', sort: 'newest', page: 1 };

const VIEW_KEY = 'strata.media.view';
/** The grid or the list, as last chosen (in this browser). */
export function useView(): [View, (v: View) => void] {
  const [view, setView] = useState<View>(() => (localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid'));
  return [view, (v) => { localStorage.setItem(VIEW_KEY, v); setView(v); }];
}

/** The folders from the root down to `folder` (the breadcrumb). */
export function trail(folder: Folder | null | undefined): Folder[] {
  const out: Folder[] = [];
  for (let f = folder; f; f = f.parent ?? null) out.unshift(f);
  return out;
}

export const sizeOf = (kb: number | null | undefined) => (kb == null ? '' : kb >= 1000 ? `${(kb / 1000).toFixed(1)} MB` : `${Math.max(1, Math.round(kb))} KB`);

/** A file's thumbnail, or its extension for what is not an image. */
export function Thumb({ file, big }: { file: FileDoc; big?: boolean }) {
  const src = previewOf(file);
  const cls = `media-thumb${big ? ' media-thumb-big' : ''}`;
  return src
    ? <img class={cls} src={src} alt="" loading="lazy" />
    : <span class={`${cls} media-ext`} aria-hidden="true">{(file.ext ?? file.mime.split('/')[1] ?? '').replace(/^\./, '').slice(0, 5) || 'file'}</span>;
}

/** The folders and files selected, by id (the screen's bulk move and delete). */
export interface Picked { folders: ReadonlyMap<number, Folder>; files: ReadonlyMap<number, LibraryFile> }
export const NOTHING_PICKED: Picked = { folders: new Map(), files: new Map() };

export interface BrowserProps {
  state: BrowseState;
  onState: (next: Partial<BrowseState>) => void;
  /** Changed to load again (after an upload, a move, a delete). */
  reload?: number;
  /** Only these kinds (a media field's allowedTypes). */
  allowedTypes?: string[];
  pageSize?: number;
  /** What a folder offers besides opening it (rename, move, delete). */
  folderActions?: (folder: Folder) => ComponentChildren;
  /** How a file is shown: its checkbox to pick it, or its button to edit it. */
  fileControl: (file: LibraryFile) => ComponentChildren;
  /** What sits beside the search (new folder, upload). */
  actions?: ComponentChildren;
  /** The folder being shown, once loaded (for the screen's upload target and headings). */
  onFolder?: (folder: Folder | null) => void;
  /** The files shown, once loaded. */
  onFiles?: (files: LibraryFile[]) => void;
  /** The subfolders shown, once loaded. */
  onFolders?: (folders: Folder[]) => void;
  /** Checkboxes to select folders and files, and what they select. */
  selection?: { picked: Picked; onChange: (next: Picked) => void };
  /** Names the regions apart when two browsers could be on one page. */
  label?: string;
}

export function MediaBrowser(p: BrowserProps) {
  const { state: s } = p;
  const [view, setView] = useView();
  const [folder, setFolder] = useState<Folder | null>(null);
  const [folders, setFolders] = useState<Folder[]>();
  const [files, setFiles] = useState<Page>();
  const [failure, setFailure] = useState<unknown>();
  const [q, setQ] = useState(s.q);
  const pageSize = p.pageSize ?? 24;

  useEffect(() => setQ(s.q), [s.q]);
  // Typing waits a moment before it searches
  useEffect(() => {
    if (q === s.q) return undefined;
    const timer = setTimeout(() => p.onState({ q, page: 1 }), 250);
    return () => clearTimeout(timer);
  }, [q]);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const kind = s.kind ? filtersOf([s.kind]) : filtersOf(p.allowedTypes);
    const place = s.folder === null ? { folderPath: { $eq: '/' } } : { folder: { id: { $eq: s.folder } } };
    const name = s.q.trim();
    (async () => {
      const [here, subfolders, page] = await Promise.all([
        s.folder === null ? Promise.resolve(null) : api.get<{ data: Folder }>(`/upload/folders/${s.folder}`, undefined, signal).then((r) => r.data),
        api.get<{ data: Folder[] }>('/upload/folders', {
          filters: { $and: [s.folder === null ? { parent: { $null: true } } : { parent: { id: { $eq: s.folder } } }, ...(name ? [{ name: { $containsi: name } }] : [])] },
          sort: s.sort === 'za' ? ['name:desc'] : ['name:asc'],
        }, signal).then((r) => r.data),
        api.get<Page>('/upload/files', {
          page: s.page, pageSize, _q: name, sort: SORT_QUERY[s.sort], filters: { $and: [place, ...(kind ? [kind] : [])] },
        }, signal),
      ]);
      if (signal.aborted) return;
      setFolder(here);
      setFolders(subfolders);
      setFiles(page);
      setFailure(undefined);
      p.onFolder?.(here);
      p.onFolders?.(subfolders);
      p.onFiles?.(page.results);
    })().catch((e: unknown) => { if (!signal.aborted) setFailure(e); });
    return () => controller.abort();
  }, [s.folder, s.q, s.kind, s.sort, s.page, p.reload]);

  const pages = files?.pagination.pageCount ?? 1;
  const crumbs = trail(folder);
  const total = files?.pagination.total ?? 0;
  const kinds = p.allowedTypes?.length ? KINDS.filter(([k]) => k === '' || p.allowedTypes!.includes(k)) : KINDS;
  const label = p.label ?? 'Media library';
  const sel = p.selection;
  const shownFolders = folders ?? [];
  const shownFiles = files?.results ?? [];
  const shown = shownFolders.length + shownFiles.length;
  const pickedHere = sel ? shownFolders.filter((f) => sel.picked.folders.has(f.id)).length + shownFiles.filter((f) => sel.picked.files.has(f.id)).length : 0;
  const pickFolder = (f: Folder, on: boolean) => {
    const next = new Map(sel!.picked.folders);
    if (on) next.set(f.id, f); else next.delete(f.id);
    sel!.onChange({ ...sel!.picked, folders: next });
  };
  const pickFile = (f: LibraryFile, on: boolean) => {
    const next = new Map(sel!.picked.files);
    if (on) next.set(f.id, f); else next.delete(f.id);
    sel!.onChange({ ...sel!.picked, files: next });
  };
  const pickAll = (on: boolean) => sel!.onChange(on
    ? { folders: new Map(shownFolders.map((f) => [f.id, f])), files: new Map(shownFiles.map((f) => [f.id, f])) }
    : NOTHING_PICKED);
  const fileBox = (f: LibraryFile) => (sel
    ? <input type="checkbox" class="pick-box" aria-label={`Select ${f.name}`} checked={sel.picked.files.has(f.id)} onChange={(e) => pickFile(f, e.currentTarget.checked)} />
    : null);

  return (
    <div class="library">
      <div class="toolbar library-toolbar">
        <input type="search" aria-label="Search files" placeholder="Search by name…" value={q} onInput={(e) => setQ(e.currentTarget.value)} />
        <label class="inline-label">Type
          <select value={s.kind} onChange={(e) => p.onState({ kind: e.currentTarget.value as Kind, page: 1 })}>
            {kinds.map(([k, text]) => <option key={k} value={k}>{text}</option>)}
          </select>
        </label>
        <label class="inline-label">Sort
          <select value={s.sort} onChange={(e) => p.onState({ sort: e.currentTarget.value as Sort, page: 1 })}>
            {SORTS.map(([k, text]) => <option key={k} value={k}>{text}</option>)}
          </select>
        </label>
        <div class="view-toggle" role="group" aria-label="View">
          <button type="button" class="btn btn-secondary" aria-pressed={view === 'grid'} onClick={() => setView('grid')}>Grid</button>
          <button type="button" class="btn btn-secondary" aria-pressed={view === 'list'} onClick={() => setView('list')}>List</button>
        </div>
        {p.actions}
      </div>
      <nav aria-label={`${label}: folders`} class="breadcrumb">
        <ol>
          <li>{crumbs.length ? <button type="button" class="link" onClick={() => p.onState({ folder: null, page: 1 })}>Media Library</button> : <span aria-current="location">Media Library</span>}</li>
          {crumbs.map((f, i) => (
            <li key={f.id}>{i < crumbs.length - 1
              ? <button type="button" class="link" onClick={() => p.onState({ folder: f.id, page: 1 })}>{f.name}</button>
              : <span aria-current="location">{f.name}</span>}</li>
          ))}
        </ol>
      </nav>
      {failure ? <ErrorBox error={failure} /> : null}
      <div class="library-status">
        {sel && shown ? (
          <label class="inline-label pick-all">
            <input type="checkbox" checked={pickedHere === shown} indeterminate={pickedHere > 0 && pickedHere < shown} onChange={(e) => pickAll(e.currentTarget.checked)} />
            Select all on this page
          </label>
        ) : null}
        <p class="hint" role="status">{files ? `${folders?.length ? `${folders.length} folder${folders.length === 1 ? '' : 's'}, ` : ''}${total} file${total === 1 ? '' : 's'}` : 'Loading…'}</p>
      </div>
      {folders?.length ? (
        <ul class={`folder-list${view === 'list' ? ' as-list' : ''}`} aria-label={`${label}: subfolders`}>
          {folders.map((f) => (
            <li key={f.id} class={`folder-card${sel ? ' selectable' : ''}${sel?.picked.folders.has(f.id) ? ' picked' : ''}`}>
              {sel ? <input type="checkbox" class="pick-box" aria-label={`Select folder ${f.name}`} checked={sel.picked.folders.has(f.id)} onChange={(e) => pickFolder(f, e.currentTarget.checked)} /> : null}
              <button type="button" class="folder-open" onClick={() => p.onState({ folder: f.id, page: 1 })}>
                <span class="folder-icon" aria-hidden="true">▰</span>
                <span class="folder-name">{f.name}</span>
                <span class="hint">{f.children?.count ?? 0} folder{f.children?.count === 1 ? '' : 's'}, {f.files?.count ?? 0} file{f.files?.count === 1 ? '' : 's'}</span>
              </button>
              {p.folderActions ? <span class="folder-actions">{p.folderActions(f)}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {files && !files.results.length ? <p class="muted">{s.q || s.kind ? 'No file matches.' : 'No files in this folder.'}</p> : null}
      {files?.results.length ? (view === 'grid' ? (
        <ul class="media-grid library-grid" aria-label={`${label}: files`}>
          {files.results.map((f) => <li key={f.id} class={`library-file${sel?.picked.files.has(f.id) ? ' picked' : ''}`}>{fileBox(f)}{p.fileControl(f)}</li>)}
        </ul>
      ) : (
        <table class="list library-table" aria-label={`${label}: files`}>
          <thead><tr>{sel ? <th scope="col" class="select"><span class="sr-only">Selected</span></th> : null}<th scope="col">File</th><th scope="col">Type</th><th scope="col">Size</th><th scope="col">Added</th></tr></thead>
          <tbody>
            {files.results.map((f) => (
              <tr key={f.id} class={sel?.picked.files.has(f.id) ? 'picked' : undefined}>
                {sel ? <td class="select">{fileBox(f)}</td> : null}
                <td class="library-row">{p.fileControl(f)}</td>
                <td>{f.mime}</td>
                <td>{sizeOf(f.size)}</td>
                <td>{f.createdAt ? new Date(f.createdAt).toLocaleDateString() : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )) : null}
      {pages > 1 ? (
        <nav class="pager" aria-label={`${label}: pages`}>
          <Button onClick={() => p.onState({ page: s.page - 1 })} disabled={s.page <= 1}>Previous</Button>
          <span>Page {s.page} of {pages}</span>
          <Button onClick={() => p.onState({ page: s.page + 1 })} disabled={s.page >= pages}>Next</Button>
        </nav>
      ) : null}
    </div>
  );
}

/** Every folder, flattened for a select: indented names, in the tree's order. */
export interface FolderOption { id: number; label: string; depth: number; path: number[] }
export async function folderOptions(): Promise<FolderOption[]> {
  const { data } = await api.get<{ data: Array<{ id: number; name: string; children: unknown[] }> }>('/upload/folder-structure');
  const out: FolderOption[] = [];
  const walk = (nodes: Array<{ id: number; name: string; children: unknown[] }>, depth: number, path: number[]) => {
    for (const n of nodes) {
      out.push({ id: n.id, label: `${'— '.repeat(depth)}${n.name}`, depth, path: [...path, n.id] });
      walk(n.children as typeof nodes, depth + 1, [...path, n.id]);
    }
  };
  walk(data, 0, []);
  return out;
}
