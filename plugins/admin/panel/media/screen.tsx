// The Media Library screen: browse (browser.tsx), make, rename, move and delete folders (with what
// they hold), upload by drag and drop or the Upload button with each file's progress, and per file:
// its name, alternative text and caption, its folder, its bytes replaced, or deleted after a
// confirmation that names the entries using it. What the role allows is what is offered
// (plugin::upload.read, assets.create, assets.update); the server enforces the same.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, api } from '../api.js';
import { here, href, navigate, onLinkClick } from '../router.js';
import type { Schema } from '../schema.js';
import { useStore } from '../store.js';
import { Button, Dialog, ErrorBox, notify } from '../ui.js';
import { folderOptions, INITIAL, MediaBrowser, sizeOf, Thumb, type BrowseState, type Folder, type FolderOption, type Kind, type LibraryFile, type Sort } from './browser.js';
import { changeFile, uploadFile } from './upload.js';
import './media.css';

const ACTIONS = { read: 'plugin::upload.read', create: 'plugin::upload.assets.create', update: 'plugin::upload.assets.update' } as const;

/** Whether the role has a media library action (a super admin has them all). */
export const mayMedia = (s: Schema, action: keyof typeof ACTIONS) =>
  s.user.roles.some((r) => r.code === 'strapi-super-admin') || s.permissions.some((p) => p.action === ACTIONS[action] && !p.subject);

const message = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : String(e));

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
  | { kind: 'delete-file'; file: LibraryFile };

export function MediaLibraryScreen({ schema: s }: { schema: Schema }) {
  const { query } = useStore(here);
  const state = fromUrl(query);
  const [reload, setReload] = useState(0);
  const [folder, setFolder] = useState<Folder | null>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dropping, setDropping] = useState(false);
  const [open, setOpen] = useState<Open>();
  const input = useRef<HTMLInputElement>(null);
  const canCreate = mayMedia(s, 'create');
  const canUpdate = mayMedia(s, 'update');
  const again = () => setReload((n) => n + 1);

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
          <h1>Media Library</h1>
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
        <MediaBrowser state={state} onState={onState} reload={reload} onFolder={setFolder} fileControl={fileControl}
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

/** A select of every folder (and the root), those `except` excludes left out. */
function FolderSelect(p: { value: number | null; onChange: (id: number | null) => void; except?: (o: FolderOption) => boolean; label: string }) {
  const [options, setOptions] = useState<FolderOption[]>();
  const [error, setError] = useState<unknown>();
  useEffect(() => { folderOptions().then(setOptions, setError); }, []);
  if (error) return <ErrorBox error={error} />;
  return (
    <label class="field">{p.label}
      <select value={p.value === null ? '' : String(p.value)} disabled={!options} onChange={(e) => p.onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}>
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

function DeleteFolderDialog(p: { folder: Folder; onClose: () => void; onDone: () => void }) {
  const [counts, setCounts] = useState<{ folders: number; files: number }>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const inside = [{ folderPath: { $eq: p.folder.path } }, { folderPath: { $startsWith: `${p.folder.path}/` } }];
    Promise.all([
      api.get<{ data: Folder[] }>('/upload/folders', { filters: { path: { $startsWith: `${p.folder.path}/` } } }),
      api.get<{ pagination: { total: number } }>('/upload/files', { pageSize: 1, filters: { $or: inside } }),
    ]).then(([folders, files]) => setCounts({ folders: folders.data.length, files: files.pagination.total }), setError);
  }, []);
  const remove = async () => {
    setBusy(true);
    try {
      await api.del(`/upload/folders/${p.folder.id}`);
      notify('success', `${p.folder.name} deleted`);
      p.onDone();
      p.onClose();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  return (
    <Dialog title={`Delete ${p.folder.name}?`} role="alertdialog" onClose={p.onClose}
      footer={<><Button onClick={p.onClose}>Cancel</Button><Button variant="danger" busy={busy} disabled={!counts} onClick={() => void remove()}>Delete the folder</Button></>}>
      <p class="confirm-text">{counts
        ? `The folder ${p.folder.name} is deleted with ${plural(counts.folders, 'folder')} and ${plural(counts.files, 'file')} in it. Entries that show these files lose them. This cannot be undone.`
        : 'Counting what it holds…'}</p>
      {error ? <ErrorBox error={error} /> : null}
    </Dialog>
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

/** The delete confirmation: where the file is used, each entry linked to its edit view. */
function DeleteFileDialog(p: { file: LibraryFile; schema: Schema; onClose: () => void; onDone: () => void }) {
  const [usage, setUsage] = useState<Usage>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  useEffect(() => { api.get<Usage>(`/upload/files/${p.file.id}/usage`).then(setUsage, setError); }, []);
  const remove = async () => {
    setBusy(true);
    try {
      await api.del(`/upload/files/${p.file.id}`);
      notify('success', `${p.file.name} deleted`);
      p.onDone();
      p.onClose();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  const typeOf = (uid: string) => p.schema.contentTypes.find((t) => t.uid === uid);
  const linkOf = (u: Usage['data'][number]) => {
    const ct = typeOf(u.contentType);
    const path = ct?.kind === 'singleType' ? `/content-manager/single-types/${u.contentType}` : `/content-manager/collection-types/${u.contentType}/${u.documentId}`;
    return href(path, u.locale ? { locale: u.locale } : undefined);
  };
  return (
    <Dialog title={`Delete ${p.file.name}?`} role="alertdialog" onClose={p.onClose}
      footer={<><Button onClick={p.onClose}>Cancel</Button><Button variant="danger" busy={busy} disabled={!usage && !error} onClick={() => void remove()}>Delete the file</Button></>}>
      {!usage && !error ? <p>Looking for the entries that use it…</p> : null}
      {usage && !usage.meta.total ? <p class="confirm-text">No entry uses this file. Deleting it cannot be undone.</p> : null}
      {usage?.meta.total ? <>
        <p class="confirm-text">{usage.meta.total === 1 ? 'This entry uses the file and will lose it:' : `These ${usage.meta.total} entries use the file and will lose it:`}</p>
        <ul class="usage-list">
          {usage.data.map((u) => (
            <li key={`${u.contentType}/${u.documentId}/${u.locale ?? ''}/${u.status ?? ''}`}>
              <a href={linkOf(u)} onClick={onLinkClick}>{u.label}</a>
              <span class="hint"> ({typeOf(u.contentType)?.info.displayName ?? u.contentType}{u.locale ? `, ${u.locale}` : ''}{u.status ? `, ${u.status}` : ''})</span>
            </li>
          ))}
        </ul>
        {usage.meta.total > usage.data.length ? <p class="hint">and {usage.meta.total - usage.data.length} more.</p> : null}
      </> : null}
      {error ? <ErrorBox error={error} /> : null}
    </Dialog>
  );
}
