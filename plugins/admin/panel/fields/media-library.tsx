// The media library in a dialog: a page of files at a time, searched, of the kinds the field
// allows; one file is picked (radio buttons) or several (checkboxes), across pages.
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { Button, Dialog, ErrorBox } from '../ui.js';
import { filtersOf, previewOf, type FileDoc } from './media-kinds.js';

const PAGE_SIZE = 12;

/** A file's thumbnail, or its extension for what is not an image; the name is beside it. */
export function Thumb({ file }: { file: FileDoc }) {
  const src = previewOf(file);
  return src
    ? <img class="media-thumb" src={src} alt="" loading="lazy" />
    : <span class="media-thumb media-ext" aria-hidden="true">{(file.ext ?? file.mime.split('/')[1] ?? '').replace(/^\./, '').slice(0, 5) || 'file'}</span>;
}
interface Page { results: FileDoc[]; pagination: { page: number; pageCount: number; total: number } }

export function MediaLibrary(props: { multiple: boolean; allowedTypes?: string[]; taken: Set<number>; onPick: (files: FileDoc[]) => void; onClose: () => void }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page>();
  const [failure, setFailure] = useState<unknown>();
  const [chosen, setChosen] = useState<FileDoc[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const filters = filtersOf(props.allowedTypes);
      api.get<Page>('/upload/files', { page, pageSize: PAGE_SIZE, _q: q.trim(), ...(filters ? { filters } : {}) }, controller.signal)
        .then((r) => { setData(r); setFailure(undefined); }, (e: unknown) => { if (!controller.signal.aborted) setFailure(e); });
    }, q ? 250 : 0);
    return () => { clearTimeout(timer); controller.abort(); };
  }, [q, page]);

  const isChosen = (f: FileDoc) => chosen.some((c) => c.id === f.id);
  const toggle = (f: FileDoc) => setChosen((list) => (!props.multiple ? [f] : isChosen(f) ? list.filter((c) => c.id !== f.id) : [...list, f]));
  const pages = data?.pagination.pageCount ?? 1;
  const n = chosen.length;

  return (
    <Dialog title="Media library" wide onClose={props.onClose}
      footer={<>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="primary" disabled={!n} onClick={() => props.onPick(chosen)}>{n > 1 ? `Add ${n} files` : 'Add the file'}</Button>
      </>}>
      <input type="search" aria-label="Search files" placeholder="Search files…" value={q} onInput={(e) => { setQ(e.currentTarget.value); setPage(1); }} />
      {failure ? <ErrorBox error={failure} /> : null}
      <p class="hint" role="status">{data ? `${data.pagination.total} file${data.pagination.total === 1 ? '' : 's'}${n ? `, ${n} selected` : ''}` : 'Loading…'}</p>
      <ul class="media-grid" aria-label="Files">
        {data?.results.map((f) => {
          const taken = props.taken.has(f.id);
          return (
            <li key={f.id}>
              <label class={`media-tile${isChosen(f) ? ' chosen' : ''}`}>
                <input type={props.multiple ? 'checkbox' : 'radio'} name="media-library-file" checked={isChosen(f)} disabled={taken} onChange={() => toggle(f)} />
                <Thumb file={f} />
                <span class="media-name">{f.name}{taken ? ' (already in the field)' : ''}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {pages > 1 ? (
        <nav class="pager" aria-label="Pages of files">
          <Button onClick={() => setPage(page - 1)} disabled={page <= 1}>Previous</Button>
          <span>Page {page} of {pages}</span>
          <Button onClick={() => setPage(page + 1)} disabled={page >= pages}>Next</Button>
        </nav>
      ) : null}
    </Dialog>
  );
}
