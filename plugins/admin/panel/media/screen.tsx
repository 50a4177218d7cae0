// The Media Library screen: browse (browser.tsx), make, rename, move and delete folders (with what
// they hold), upload by drag and drop or the Upload button with each file's progress, and per file:
// its name, alternative text and caption, its folder, its bytes replaced, or deleted after a
// confirmation that names the entries using it. Folders and files selected (a checkbox each, or
// all on the page) move into a folder or are deleted together, after a confirmation that counts
// them and names the entries using the files. What the role allows is what is offered
// (plugin::upload.read, assets.create, assets.update); the server enforces the same.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, api } from '../api.js';
import { here, href, navigate, onLinkClick } from '../router.js';
import type { Schema } from '../schema.js';
import { useStore } from '../store.js';
import { Button, Dialog, ErrorBox, notify } from '../ui.js';
import {
  folderOptions, INITIAL, MediaBrowser, NOTHING_PICKED, sizeOf, Thumb,
  type BrowseState, type Folder, type FolderOption, type Kind, type LibraryFile, type Picked, type Sort,
} from './browser.js';
import { changeFile, uploadFile } from './upload.js';
import './media.css';

const ACTIONS = { read: 'plugin::upload.read', create: 'plugin::upload.assets.create', update: 'plugin::upload.assets.update' } as const;

/** Whether the role has a media library action (a super admin has them all). */
export const mayMedia = (s: Schema, action: keyof typeof ACTIONS) =>
  s.user.roles.some((r) => r.code === 'strapi-super-admin') || s.permissions.some((p) => p.action === ACTIONS[action] && !p.subject);

const message = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : String(e));
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** "2 folders and 3 files", "1 file". */
const itemsOf = (folders: number, files: number) => [folders ? plural(folders, 'folder') : '', files ? plural(files, 'file') : ''].filter(Boolean).join(' and ');

/** The browsing state in the URL, so a reload and a shared link show the same folder and page. */
function fromUrl(query: URLSearchParams): BrowseState {
  const folder = Number(query.get('folder'));
  const page = Number(query.get('page'));
  const kind = query.get('kind') ?? '';
  const sort = query.get('sort') ?? '';
  return {
    folder: Number.isSafeInteger(folder) && folder > 0 ? folder : null,
    q: query.get('q') ?? '',
    kind: (['images', 'videos', 'audios', 'files'].includes(kind) ? kind : '') as Kind,
    sort: (['oldest', 'az', 'za'].includes(sort) ? sort : 'newest') as Sort,
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

function toUrl(s: BrowseState): Record<string, string> {
  const out: Record<string, string> = {};
  if (s.folder !== null) out.folder = String(s.folder);
  if (s.q) out.q = s.q;
  if (s.kind) out.kind = s.kind;
  if (s.sort !== INITIAL.sort) out.sort = s.sort;
  if (s.page > 1) out.page = String(s.page);
  return out;
}

interface Upload { key: number; name: string; progress: number; state: 'uploading' | 'done' | 'failed'; error?: string }
let nextUpload = 1;

type Open =
  | { kind: 'new-folder' }
  | { kind: 'rename'; folder: Folder }
  | { kind: 'move'; folder: Folder }
  | { kind: 'delete-folder'; folder: Folder }
  | { kind: 'file'; file: LibraryFile }
  | { kind: 'delete-file'; file: LibraryFile }
  | { kind: 'bulk-move'; picked: Picked }
  | { kind: 'bulk-delete'; picked: Picked };

export function MediaLibraryScreen({ schema: s }: { schema: Schema }) {
  const { query } = useStore(here);
  const state = fromUrl(query);
  const [reload, setReload] = useState(0);
  const [folder, setFolder] = useState<Folder | null>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dropping, setDropping] = useState(false);
  const [open, setOpen] = useState<Open>();
  const [picked, setPicked] = useState<Picked>(NOTHING_PICKED);
  const input = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const canCreate = mayMedia(s, 'create');
  const canUpdate = mayMedia(s, 'update');
  const again = () => setReload((n) => n + 1);
  /** After a bulk action: nothing selected, the page loaded again, and the focus (its opener in
   *  the selection's bar is gone) on the heading. */
  const afterBulk = () => {
    setPicked(NOTHING_PICKED);
    again();
    requestAnimationFrame(() => heading.current?.focus());
  };
  // What is selected stays selected while it is shown (the page loaded again, say), as shown now
  const shownOf = <T extends { id: number }>(old: ReadonlyMap<number, T>, shown: T[]) => new Map(shown.filter((x) => old.has(x.id)).map((x) => [x.id, x]));
  const keepFolders = (shown: Folder[]) => setPicked((old) => (old.folders.size ? { ...old, folders: shownOf(old.folders, shown) } : old));
  const keepFiles = (shown: LibraryFile[]) => setPicked((old) => (old.files.size ? { ...old, files: shownOf(old.files, shown) } : old));
  const pickedCount = picked.folders.size + picked.files.size;

  const onState = (next: Partial<BrowseState>) => navigate(href('/media-library', toUrl({ ...state, ...next })), { replace: next.q !== undefined && next.folder === undefined });

  const upload = async (list: File[]) => {
    if (!list.length) return;
    const target = state.folder;
    const batch = list.map((f) => ({ key: nextUpload++, name: f.name, progress: 0, state: 'uploading' as const }));
    setUploads((u) => [...u.filter((x) => x.state === 'uploading'), ...batch]);
    const set = (key: number, patch: Partial<Upload>) => setUploads((u) => u.map((x) => (x.key === key ? { ...x, ...patch } : x)));
    let stored = 0;
    for (const [i, file] of list.entries()) {
      const { key } = batch[i]!;
      try {
        await uploadFile(file, { folder: target }, (progress) => set(key, { progress }));
        set(key, { progress: 1, state: 'done' });
        stored++;
      } catch (e) {
        set(key, { state: 'failed', error: message(e) });
      }
    }
    if (stored) notify('success', `${stored} file${stored === 1 ? '' : 's'} uploaded`);
    again();
  };

  const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
  const fileControl = (f: LibraryFile) => (
    <button type="button" class="file-open" onClick={() => setOpen({ kind: 'file', file: f })}>
      <Thumb file={f} />
      <span class="media-name">{f.name}</span>
      <span class="hint">{f.mime.split('/')[1]?.toUpperCase()} · {sizeOf(f.size)}{f.width && f.height ? ` · ${f.width}×${f.height}` : ''}</span>
    </button>
  );

  return (
    <main class="content" id="main">
      <div class="page-head">
        <div>
          <h1 ref={heading} tabIndex={-1}>Media Library</h1>
          <p class="muted">{folder ? `In ${folder.name}` : 'Every file the entries can show'}</p>
        </div>
      </div>
      <div class={`dropzone${dropping ? ' dropzone-active' : ''}`} data-testid="media-dropzone"
        onDragOver={(e) => { if (canCreate && hasFiles(e)) { e.preventDefault(); setDropping(true); } }}
        onDragLeave={() => setDropping(false)}
        onDrop={(e) => { if (!canCreate) return; e.preventDefault(); setDropping(false); void upload([...(e.dataTransfer?.files ?? [])]); }}>
        {canCreate ? <p class="hint dropzone-hint">Drop files anywhere here to upload them {folder ? `into ${folder.name}` : 'to the library'}.</p> : null}
        {uploads.length ? (
          <section class="uploads" aria-label="Uploads">
            <ul>
              {uploads.map((u) => (
                <li key={u.key} class={`upload upload-${u.state}`}>
                  <span class="upload-name">{u.name}</span>
                  <progress max={100} value={Math.round(u.progress * 100)} aria-label={`Uploading ${u.name}`} />
                  <span class="upload-state">{u.state === 'done' ? 'Done' : u.state === 'failed' ? `Failed: ${u.error ?? ''}` : `${Math.round(u.progress * 100)}%`}</span>
                </li>
              ))}
            </ul>
            {uploads.every((u) => u.state !== 'uploading') ? <Button variant="ghost" onClick={() => setUploads([])}>Clear the list</Button> : null}
          </section>
        ) : null}
        {pickedCount ? (
          <div class="bulk-bar" role="region" aria-label="Selected items">
            <span aria-live="polite">{itemsOf(picked.folders.size, picked.files.size)} selected</span>
            <Button onClick={() => setOpen({ kind: 'bulk-move', picked })}>Move</Button>
            <Button variant="danger" onClick={() => setOpen({ kind: 'bulk-delete', picked })}>Delete</Button>
            <Button variant="ghost" onClick={() => setPicked(NOTHING_PICKED)}>Clear the selection</Button>
          </div>
        ) : null}
        <MediaBrowser state={state} onState={onState} reload={reload} onFolder={setFolder} fileControl={fileControl}
          onFolders={keepFolders} onFiles={keepFiles}
          selection={canUpdate ? { picked, onChange: setPicked } : undefined}
          actions={<>
            {canCreate ? <Button onClick={() => setOpen({ kind: 'new-folder' })}>New folder</Button> : null}
            {canCreate ? <>
              <Button variant="primary" onClick={() => input.current?.click()}>Upload files</Button>
              <input ref={input} type="file" multiple hidden aria-label="Files to upload"
                onChange={(e) => { const list = [...(e.currentTarget.files ?? [])]; e.currentTarget.value = ''; void upload(list); }} />
            </> : null}
          </>}
          folderActions={canUpdate ? (f) => <>
            <button type="button" class="link" onClick={() => setOpen({ kind: 'rename', folder: f })} aria-label={`Rename ${f.name}`}>Rename</button>
            <button type="button" class="link" onClick={() => setOpen({ kind: 'move', folder: f })} aria-label={`Move ${f.name}`}>Move</button>
            <button type="button" class="link danger" onClick={() => setOpen({ kind: 'delete-folder', folder: f })} aria-label={`Delete ${f.name}`}>Delete</button>
          </> : undefined} />
      </div>
      {open?.kind === 'new-folder' ? <FolderNameDialog title="New folder" parent={state.folder} onClose={() => setOpen(undefined)} onDone={again} /> : null}
      {open?.kind === 'rename' ? <FolderNameDialog title={`Rename ${open.folder.name}`} folder={open.folder} onClose={() => setOpen(undefined)} onDone={again} /> : null}
      {open?.kind === 'move' ? <MoveFolderDialog folder={open.folder} onClose={() => setOpen(undefined)} onDone={again} /> : null}
      {open?.kind === 'delete-folder' ? <DeleteFolderDialog folder={open.folder} onClose={() => setOpen(undefined)} onDone={again} /> : null}
      {open?.kind === 'file' ? (
        <FileDialog file={open.file} canUpdate={canUpdate} onClose={() => setOpen(undefined)} onDone={again}
          onDelete={() => setOpen({ kind: 'delete-file', file: open.file })} />
      ) : null}
      {open?.kind === 'delete-file' ? <DeleteFileDialog file={open.file} schema={s} onClose={() => setOpen(undefined)} onDone={again} /> : null}
      {open?.kind === 'bulk-move' ? <BulkMoveDialog picked={open.picked} from={state.folder} onClose={() => setOpen(undefined)} onDone={afterBulk} /> : null}
      {open?.kind === 'bulk-delete' ? <BulkDeleteDialog picked={open.picked} schema={s} onClose={() => setOpen(undefined)} onDone={afterBulk} /> : null}
    </main>
  );
}

/** A folder's name: a new folder's (in `parent`), or a new name for `folder`. */
function FolderNameDialog(p: { title: string; parent?: number | null; folder?: Folder; onClose: () => void; onDone: () => void }) {
  const [name, setName] = useState(p.folder?.name ?? '');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    try {
      if (p.folder) await api.put(`/upload/folders/${p.folder.id}`, { name: name.trim() });
      else await api.post('/upload/folders', { name: name.trim(), parent: p.parent ?? null });
      notify('success', p.folder ? `Folder renamed to ${name.trim()}` : `Folder ${name.trim()} created`);
      p.onDone();
      p.onClose();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return (
    <Dialog title={p.title} onClose={p.onClose}>
      <form class="stack" onSubmit={(e) => void save(e)}>
        <label class="field">Name
          <input value={name} required maxLength={255} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        {error ? <ErrorBox error={error} /> : null}
        <div class="dialog-actions">
          <Button onClick={p.onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={busy} disabled={!name.trim()}>{p.folder ? 'Rename' : 'Create'}</Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A select of every folder (and the root), those `except` excludes left out. Not disabled while
 *  the folders load: a dialog opening on it gives it the focus. */
function FolderSelect(p: { value: number | null; onChange: (id: number | null) => void; except?: (o: FolderOption) => boolean; label: string }) {
  const [options, setOptions] = useState<FolderOption[]>();
  const [error, setError] = useState<unknown>();
  useEffect(() => { folderOptions().then(setOptions, setError); }, []);
  if (error) return <ErrorBox error={error} />;
  return (
    <label class="field">{p.label}
      <select value={p.value === null ? '' : String(p.value)} aria-busy={!options} onChange={(e) => p.onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}>
        <option value="">Media Library (the root)</option>
        {(options ?? []).filter((o) => !p.except?.(o)).map((o) => <option key={o.id} value={String(o.id)}>{o.label}</option>)}
      </select>
    </label>
  );
}

function MoveFolderDialog(p: { folder: Folder; onClose: () => void; onDone: () => void }) {
  const [to, setTo] = useState<number | null>(p.folder.parent?.id ?? null);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const move = async () => {
    setBusy(true);
    try {
      await api.put(`/upload/folders/${p.folder.id}`, { parent: to });
      notify('success', `${p.folder.name} moved`);
      p.onDone();
      p.onClose();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return (
    <Dialog title={`Move ${p.folder.name}`} onClose={p.onClose}
      footer={<><Button onClick={p.onClose}>Cancel</Button><Button variant="primary" busy={busy} onClick={() => void move()}>Move</Button></>}>
      <p>The folder moves with every folder and file in it.</p>
      <FolderSelect label="Into" value={to} onChange={setTo} except={(o) => o.path.includes(p.folder.id)} />
      {error ? <ErrorBox error={error} /> : null}
    </Dialog>
  );
}

/** A delete's confirmation: its button (enabled once `ready`) runs `remove`, says `done`, and
 *  closes; a refusal stays shown in it, as does `failure` (what it could not load). */
function ConfirmDelete(p: { title: string; confirm: string; ready: boolean; failure?: unknown; remove: () => Promise<unknown>; done: string; onClose: () => void; onDone: () => void; children: ComponentChildren }) {
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await p.remove();
      notify('success', p.done);
      p.onDone();
      p.onClose();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return (
    <Dialog title={p.title} role="alertdialog" onClose={p.onClose}
      footer={<><Button onClick={p.onClose}>Cancel</Button><Button variant="danger" busy={busy} disabled={!p.ready} onClick={() => void run()}>{p.confirm}</Button></>}>
      {p.children}
      {p.failure ? <ErrorBox error={p.failure} /> : null}
      {error ? <ErrorBox error={error} /> : null}
    </Dialog>
  );
}

/** How many folders and files the folders hold, at any depth. */
function useContents(folders: Folder[]): [{ folders: number; files: number } | undefined, unknown] {
  const [counts, setCounts] = useState<{ folders: number; files: number }>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    if (!folders.length) { setCounts({ folders: 0, files: 0 }); return; }
    const below = folders.map((f) => ({ path: { $startsWith: `${f.path}/` } }));
    const inside = folders.flatMap((f) => [{ folderPath: { $eq: f.path } }, { folderPath: { $startsWith: `${f.path}/` } }]);
    Promise.all([
      api.get<{ data: Folder[] }>('/upload/folders', { filters: { $or: below } }),
      api.get<{ pagination: { total: number } }>('/upload/files', { pageSize: 1, filters: { $or: inside } }),
    ]).then(([sub, files]) => setCounts({ folders: sub.data.length, files: files.pagination.total }), setError);
  }, []);
  return [counts, error];
}

function DeleteFolderDialog(p: { folder: Folder; onClose: () => void; onDone: () => void }) {
  const [counts, error] = useContents([p.folder]);
  return (
    <ConfirmDelete title={`Delete ${p.folder.name}?`} confirm="Delete the folder" ready={!!counts} failure={error}
      remove={() => api.del(`/upload/folders/${p.folder.id}`)} done={`${p.folder.name} deleted`} onClose={p.onClose} onDone={p.onDone}>
      <p class="confirm-text">{counts
        ? `The folder ${p.folder.name} is deleted with ${plural(counts.folders, 'folder')} and ${plural(counts.files, 'file')} in it. Entries that show these files lose them. This cannot be undone.`
        : 'Counting what it holds…'}</p>
    </ConfirmDelete>
  );
}

/** A file's details: name, alternative text, caption and folder; its bytes replaced; delete. */
function FileDialog(p: { file: LibraryFile; canUpdate: boolean; onClose: () => void; onDone: () => void; onDelete: () => void }) {
  const [file, setFile] = useState(p.file);
  const [name, setName] = useState(file.name);
  const [alt, setAlt] = useState(file.alternativeText ?? '');
  const [caption, setCaption] = useState(file.caption ?? '');
  const [folder, setFolder] = useState<number | null>(file.folder?.id ?? null);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [replacing, setReplacing] = useState<number>();
  const input = useRef<HTMLInputElement>(null);
  const ro = !p.canUpdate;
  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    try {
      const moved = folder !== (file.folder?.id ?? null);
      await changeFile(file.id, { name: name.trim() || file.name, alternativeText: alt, caption, ...(moved ? { folder } : {}) });
      notify('success', `${name.trim() || file.name} saved`);
      p.onDone();
      p.onClose();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  const replace = async (list: File[]) => {
    const next = list[0];
    if (!next) return;
    setReplacing(0);
    try {
      const changed = await changeFile(file.id, {}, next, setReplacing);
      setFile({ ...file, ...changed });
      notify('success', `${file.name}: file replaced`);
      p.onDone();
    } catch (err) {
      setError(err);
    } finally {
      setReplacing(undefined);
    }
  };
  return (
    <Dialog title={`File: ${file.name}`} wide onClose={p.onClose}>
      <form class="file-details" onSubmit={(e) => void save(e)}>
        <div class="file-preview">
          <Thumb file={file} big />
          <dl class="file-facts">
            <dt>Type</dt><dd>{file.mime}</dd>
            <dt>Size</dt><dd>{sizeOf(file.size)}</dd>
            {file.width && file.height ? <><dt>Dimensions</dt><dd>{file.width}×{file.height}</dd></> : null}
            <dt>Address</dt><dd><a href={file.url} target="_blank" rel="noopener">{file.url}</a></dd>
          </dl>
        </div>
        <div class="stack">
          <label class="field">File name<input value={name} disabled={ro} maxLength={255} onInput={(e) => setName(e.currentTarget.value)} /></label>
          <label class="field">Alternative text
            <input value={alt} disabled={ro} aria-describedby="alt-hint" onInput={(e) => setAlt(e.currentTarget.value)} />
          </label>
          <p class="hint" id="alt-hint">What the picture shows, for people who cannot see it.</p>
          <label class="field">Caption<input value={caption} disabled={ro} onInput={(e) => setCaption(e.currentTarget.value)} /></label>
          {ro ? null : <FolderSelect label="Folder" value={folder} onChange={setFolder} />}
          {replacing !== undefined ? <progress max={100} value={Math.round(replacing * 100)} aria-label={`Replacing ${file.name}`} /> : null}
          {error ? <ErrorBox error={error} /> : null}
          <div class="dialog-actions">
            {ro ? null : <>
              <Button variant="danger" onClick={p.onDelete}>Delete</Button>
              <Button onClick={() => input.current?.click()} busy={replacing !== undefined}>Replace the file</Button>
              <input ref={input} type="file" hidden aria-label={`A new file for ${file.name}`}
                onChange={(e) => { const list = [...(e.currentTarget.files ?? [])]; e.currentTarget.value = ''; void replace(list); }} />
            </>}
            <Button onClick={p.onClose}>{ro ? 'Close' : 'Cancel'}</Button>
            {ro ? null : <Button type="submit" variant="primary" busy={busy}>Save</Button>}
          </div>
        </div>
      </form>
    </Dialog>
  );
}

interface Usage { data: Array<{ contentType: string; documentId: string; label: string; locale?: string; status?: string }>; meta: { total: number } }

/** The entries using files (GET /upload/files/:id/usage or /upload/usage), and what failed. */
function useUsage(fileIds: number[]): [Usage | undefined, unknown] {
  const [usage, setUsage] = useState<Usage>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    if (!fileIds.length) { setUsage({ data: [], meta: { total: 0 } }); return; }
    (fileIds.length === 1 ? api.get<Usage>(`/upload/files/${fileIds[0]!}/usage`) : api.get<Usage>('/upload/usage', { fileIds: fileIds.join(',') })).then(setUsage, setError);
  }, []);
  return [usage, error];
}

/** The entries that use the files, each linked to its edit view; `none` when there is none. */
function UsageList(p: { usage: Usage | undefined; schema: Schema; what: string; it: 'it' | 'them'; none: string }) {
  const { usage } = p;
  if (!usage) return <p>Looking for the entries that use {p.what}…</p>;
  if (!usage.meta.total) return <p class="confirm-text">{p.none}</p>;
  const typeOf = (uid: string) => p.schema.contentTypes.find((t) => t.uid === uid);
  const linkOf = (u: Usage['data'][number]) => {
    const ct = typeOf(u.contentType);
    const path = ct?.kind === 'singleType' ? `/content-manager/single-types/${u.contentType}` : `/content-manager/collection-types/${u.contentType}/${u.documentId}`;
    return href(path, u.locale ? { locale: u.locale } : undefined);
  };
  return <>
    <p class="confirm-text">{usage.meta.total === 1 ? `This entry uses ${p.what} and will lose ${p.it}:` : `These ${usage.meta.total} entries use ${p.what} and will lose ${p.it}:`}</p>
    <ul class="usage-list">
      {usage.data.map((u) => (
        <li key={`${u.contentType}/${u.documentId}/${u.locale ?? ''}/${u.status ?? ''}`}>
          <a href={linkOf(u)} onClick={onLinkClick}>{u.label}</a>
          <span class="hint"> ({typeOf(u.contentType)?.info.displayName ?? u.contentType}{u.locale ? `, ${u.locale}` : ''}{u.status ? `, ${u.status}` : ''})</span>
        </li>
      ))}
    </ul>
    {usage.meta.total > usage.data.length ? <p class="hint">and {usage.meta.total - usage.data.length} more.</p> : null}
  </>;
}

/** The delete confirmation: where the file is used, each entry linked to its edit view. */
function DeleteFileDialog(p: { file: LibraryFile; schema: Schema; onClose: () => void; onDone: () => void }) {
  const [usage, error] = useUsage([p.file.id]);
  return (
    <ConfirmDelete title={`Delete ${p.file.name}?`} confirm="Delete the file" ready={!!usage || !!error} failure={error}
      remove={() => api.del(`/upload/files/${p.file.id}`)} done={`${p.file.name} deleted`} onClose={p.onClose} onDone={p.onDone}>
      {error ? null : <UsageList usage={usage} schema={p.schema} what="the file" it="it" none="No entry uses this file. Deleting it cannot be undone." />}
    </ConfirmDelete>
  );
}

/** The selection moved into a folder (not into one of the folders moved, nor where it is). */
function BulkMoveDialog(p: { picked: Picked; from: number | null; onClose: () => void; onDone: () => void }) {
  const [to, setTo] = useState<number | null>(p.from);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const folders = [...p.picked.folders.values()];
  const files = [...p.picked.files.values()];
  const what = itemsOf(folders.length, files.length);
  const move = async () => {
    setBusy(true);
    try {
      await api.post('/upload/actions/bulk-move', { destinationFolderId: to, fileIds: files.map((f) => f.id), folderIds: folders.map((f) => f.id) });
      notify('success', `${what} moved`);
      p.onDone();
      p.onClose();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return (
    <Dialog title={`Move ${what}`} onClose={p.onClose}
      footer={<><Button onClick={p.onClose}>Cancel</Button><Button variant="primary" busy={busy} disabled={to === p.from} onClick={() => void move()}>Move</Button></>}>
      <p>{folders.length ? 'Folders move with every folder and file in them.' : 'The files keep their names and the entries that use them.'}</p>
      <FolderSelect label="Into" value={to} onChange={setTo} except={(o) => o.path.some((id) => p.picked.folders.has(id))} />
      {to === p.from ? <p class="hint">They are in this folder: choose another.</p> : null}
      {error ? <ErrorBox error={error} /> : null}
    </Dialog>
  );
}

/** The selection deleted, after saying how much goes (what the folders hold too) and which
 *  entries use the files selected. */
function BulkDeleteDialog(p: { picked: Picked; schema: Schema; onClose: () => void; onDone: () => void }) {
  const folders = [...p.picked.folders.values()];
  const files = [...p.picked.files.values()];
  const [counts, countError] = useContents(folders);
  const [usage, usageError] = useUsage(files.map((f) => f.id));
  const what = itemsOf(folders.length, files.length);
  const held = counts && (counts.folders || counts.files) ? ` with the ${itemsOf(counts.folders, counts.files)} in ${folders.length === 1 ? 'it' : 'them'}` : '';
  return (
    <ConfirmDelete title={`Delete ${what}?`} confirm={`Delete ${what}`} ready={!!counts && (!!usage || !!usageError)} failure={countError ?? usageError}
      remove={() => api.post('/upload/actions/bulk-delete', { fileIds: files.map((f) => f.id), folderIds: folders.map((f) => f.id) })}
      done={`${what} deleted`} onClose={p.onClose} onDone={p.onDone}>
      <p class="confirm-text">{counts
        ? `${what[0]!.toUpperCase()}${what.slice(1)} ${folders.length + files.length === 1 ? 'is' : 'are'} deleted${held}. ${counts.files ? 'Entries that show the files in the folders lose them. ' : ''}This cannot be undone.`
        : 'Counting what the folders hold…'}</p>
      {files.length && !usageError ? <UsageList usage={usage} schema={p.schema} what={files.length === 1 ? 'the file' : 'the files selected'} it={files.length === 1 ? 'it' : 'them'} none={files.length === 1 ? 'No entry uses the file selected.' : 'No entry uses the files selected.'} /> : null}
    </ConfirmDelete>
  );
}
