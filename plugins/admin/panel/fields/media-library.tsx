// The media library in a dialog, for a media field: the library's own browser (folders, search,
// type filter, sort, grid or list, pages) over the kinds the field allows; one file is picked
// (radio buttons) or several (checkboxes), across folders and pages.
import { useState } from 'preact/hooks';
import { INITIAL, MediaBrowser, Thumb, type BrowseState, type LibraryFile } from '../media/browser.js';
import '../media/media.css';
import { Button, Dialog } from '../ui.js';
import type { FileDoc } from './media-kinds.js';

export { Thumb };

export function MediaLibrary(props: { multiple: boolean; allowedTypes?: string[]; taken: Set<number>; onPick: (files: FileDoc[]) => void; onClose: () => void }) {
  const [state, setState] = useState<BrowseState>(INITIAL);
  const [chosen, setChosen] = useState<FileDoc[]>([]);

  const isChosen = (f: FileDoc) => chosen.some((c) => c.id === f.id);
  const toggle = (f: FileDoc) => setChosen((list) => (!props.multiple ? [f] : isChosen(f) ? list.filter((c) => c.id !== f.id) : [...list, f]));
  const n = chosen.length;
  const control = (f: LibraryFile) => {
    const taken = props.taken.has(f.id);
    return (
      <label class={`library-pick${isChosen(f) ? ' chosen' : ''}`}>
        <input type={props.multiple ? 'checkbox' : 'radio'} name="media-library-file" checked={isChosen(f)} disabled={taken} onChange={() => toggle(f)} />
        <Thumb file={f} />
        <span class="media-name">{f.name}{taken ? ' (already in the field)' : ''}</span>
      </label>
    );
  };

  return (
    <Dialog title="Media library" wide class="dialog-library" onClose={props.onClose}
      footer={<>
        <span class="hint" role="status">{n ? `${n} selected` : ''}</span>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="primary" disabled={!n} onClick={() => props.onPick(chosen)}>{n > 1 ? `Add ${n} files` : 'Add the file'}</Button>
      </>}>
      <MediaBrowser state={state} onState={(next) => setState((s) => ({ ...s, ...next }))} allowedTypes={props.allowedTypes} pageSize={12}
        label="Library" fileControl={control} />
    </Dialog>
  );
}
