// A media field: the files it holds (a thumbnail for images, the name for all), picked from the
// library or uploaded on the spot (the Upload button, or files dropped on the field), removed,
// and, for several, put in order. The form holds the file objects; toBody sends their ids.
import { useRef, useState } from 'preact/hooks';
import { ApiError, request } from '../api.js';
import { Button, notify } from '../ui.js';
import { FieldFrame } from './index.js';
import { acceptOf, allows, type FileDoc } from './media-kinds.js';
import { MediaLibrary, Thumb } from './media-library.js';
import { inputId, type FieldProps } from './types.js';

const isFile = (v: unknown): v is FileDoc => typeof v === 'object' && v !== null && typeof (v as FileDoc).id === 'number';

export function MediaField(p: FieldProps) {
  const multiple = p.attribute.multiple === true;
  const allowed = p.attribute.allowedTypes;
  const files: FileDoc[] = (Array.isArray(p.value) ? p.value : [p.value]).filter(isFile);
  const [picking, setPicking] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [dropping, setDropping] = useState(false);
  const [said, say] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const id = inputId(p.path);
  const error = p.errors.get(p.path);

  const set = (next: FileDoc[]) => p.onChange(p.path, multiple ? next : (next[0] ?? null));
  const add = (picked: FileDoc[]) => {
    if (!picked.length) return;
    set(multiple ? [...files, ...picked.filter((f) => !files.some((x) => x.id === f.id))] : [picked[0]!]);
    say(`${picked.map((f) => f.name).join(', ')} added`);
  };
  const focusItem = (i: number) => requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-field="${p.path}"] .media-item:nth-child(${i + 1}) button`)?.focus());
  const move = (from: number, to: number) => {
    const next = files.slice();
    const [f] = next.splice(from, 1);
    next.splice(to, 0, f!);
    set(next);
    say(`${f!.name} moved to position ${to + 1} of ${files.length}`);
    focusItem(to);
  };
  const remove = (i: number) => {
    say(`${files[i]!.name} removed`);
    set(files.filter((_, j) => j !== i));
    requestAnimationFrame(() => document.getElementById(`${id}-library`)?.focus());
  };

  const upload = async (list: File[]) => {
    const chosen = multiple ? list : list.slice(0, 1);
    const refused = chosen.filter((f) => f.type && !allows(allowed, f.type));
    if (refused.length) notify('error', `${refused.map((f) => f.name).join(', ')}: this field takes ${(allowed ?? []).join(', ')} only`);
    const sent = chosen.filter((f) => !refused.includes(f));
    if (!sent.length) return;
    const form = new FormData();
    for (const f of sent) form.append('files', f, f.name);
    setUploading(true);
    say(`Uploading ${sent.length === 1 ? sent[0]!.name : `${sent.length} files`}…`);
    try {
      add(await request<FileDoc[]>('POST', '/upload', { form }));
    } catch (e) {
      say('');
      notify('error', `Upload failed: ${e instanceof ApiError || e instanceof Error ? e.message : String(e)}`);
    } finally {
      setUploading(false);
    }
  };

  const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
  const editable = !p.disabled;
  return (
    <FieldFrame path={p.path} label={p.label} required={p.attribute.required} error={error} group
      hint={allowed?.length && editable ? `Takes ${allowed.join(', ')}` : undefined}>
      <div class={`media${dropping ? ' media-drop' : ''}`} aria-labelledby={`${id}-label`} role="group" aria-busy={uploading || undefined}
        onDragOver={(e) => { if (editable && hasFiles(e)) { e.preventDefault(); setDropping(true); } }}
        onDragLeave={() => setDropping(false)}
        onDrop={(e) => { if (!editable || !hasFiles(e)) return; e.preventDefault(); setDropping(false); void upload([...(e.dataTransfer?.files ?? [])]); }}>
        {files.length ? (
          <ul class="media-list" aria-label={`${p.label}: files`}>
            {files.map((f, i) => (
              <li key={f.id} class="media-item">
                <Thumb file={f} />
                <a class="media-name" href={f.url} target="_blank" rel="noopener">{f.name}</a>
                {editable ? (
                  <span class="entry-actions">
                    {multiple ? <>
                      <button type="button" class="icon" aria-label={`Move ${f.name} earlier`} disabled={i === 0} onClick={() => move(i, i - 1)}>↑</button>
                      <button type="button" class="icon" aria-label={`Move ${f.name} later`} disabled={i === files.length - 1} onClick={() => move(i, i + 1)}>↓</button>
                    </> : null}
                    <button type="button" class="icon" aria-label={`Remove ${f.name}`} onClick={() => remove(i)}>×</button>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : <p class="muted">{multiple ? 'No files.' : 'No file.'}</p>}
        {editable ? (
          <div class="picker">
            <Button id={`${id}-library`} onClick={() => setPicking(true)}>{multiple || !files.length ? 'Add from the library' : 'Replace from the library'}</Button>
            <Button id={id} onClick={() => input.current?.click()} busy={uploading}>Upload</Button>
            <input ref={input} type="file" hidden multiple={multiple} accept={acceptOf(allowed)} aria-label={`Upload to ${p.label}`}
              onChange={(e) => { const list = [...(e.currentTarget.files ?? [])]; e.currentTarget.value = ''; void upload(list); }} />
            <span class="hint">or drop {multiple ? 'files' : 'a file'} here</span>
          </div>
        ) : null}
        <p class="sr-only" aria-live="polite">{said}</p>
      </div>
      {picking ? (
        <MediaLibrary multiple={multiple} allowedTypes={allowed} taken={new Set(files.map((f) => f.id))}
          onClose={() => setPicking(false)} onPick={(picked) => { setPicking(false); add(picked); }} />
      ) : null}
    </FieldFrame>
  );
}
