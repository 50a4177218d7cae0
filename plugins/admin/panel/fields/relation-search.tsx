// The relation picker's search: an ARIA combobox (an input that owns a listbox of candidates).
// Focus stays in the input; the arrow keys move the active option (aria-activedescendant), Enter
// picks it, Escape closes the list. Candidates come from the server a page of ten at a time,
// those already linked left out.
import { useEffect, useRef, useState } from 'preact/hooks';
import { StatusBadge } from '../ui.js';

export interface Candidate { id?: number; documentId: string; label: string; status?: string; locale?: string | null }

export function RelationSearch(props: {
  id: string;
  /** The field's label element. */
  labelledBy: string;
  /** The field's error, tied to the input. */
  errorId?: string;
  /** The candidates matching a search (the field decides what the server is asked). */
  search: (q: string, signal: AbortSignal) => Promise<Candidate[]>;
  onPick: (c: Candidate) => void;
  disabled: boolean;
  showStatus: boolean;
  placeholder: string;
}) {
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<Candidate[]>();
  const [active, setActive] = useState(-1);
  const [failed, setFailed] = useState(false);
  const seq = useRef<AbortController | undefined>(undefined);
  const listId = `${props.id}-options`;

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    seq.current?.abort();
    seq.current = controller;
    const timer = setTimeout(() => {
      props.search(q, controller.signal).then((found) => {
        if (controller.signal.aborted) return;
        setOptions(found);
        setFailed(false);
        setActive(found.length ? 0 : -1);
      }, () => { if (!controller.signal.aborted) { setOptions([]); setFailed(true); } });
    }, q ? 200 : 0);
    return () => { clearTimeout(timer); controller.abort(); };
  }, [q, open]);

  const close = () => { setOpen(false); setActive(-1); setOptions(undefined); };
  const pick = (c: Candidate) => {
    props.onPick(c);
    setQ('');
    close();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const n = options?.length ?? 0;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true); else if (n) setActive((a) => (a + 1) % n);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (open && n) setActive((a) => (a <= 0 ? n - 1 : a - 1));
    } else if (e.key === 'Enter') {
      // Enter in the picker picks; it never submits the form
      e.preventDefault();
      const c = options?.[active];
      if (open && c) pick(c);
      else setOpen(true);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };

  const expanded = open && options !== undefined;
  return (
    <div class="combo">
      <input id={props.id} type="text" role="combobox" aria-autocomplete="list" aria-expanded={expanded} aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined} aria-labelledby={props.labelledBy}
        aria-invalid={props.errorId ? true : undefined} aria-describedby={props.errorId}
        autocomplete="off" placeholder={props.placeholder} value={q} disabled={props.disabled}
        onInput={(e) => { setQ(e.currentTarget.value); setOpen(true); }} onFocus={() => setOpen(true)} onBlur={close} onKeyDown={onKeyDown} />
      <ul id={listId} role="listbox" aria-labelledby={props.labelledBy} class="combo-list" hidden={!expanded}>
        {options?.map((c, i) => (
          <li key={c.documentId} id={`${listId}-${i}`} role="option" aria-selected={i === active} class={i === active ? 'active' : undefined}
            // mousedown, not click: the input keeps the focus (its blur would close the list first)
            onMouseDown={(e) => { e.preventDefault(); pick(c); }} onMouseMove={() => setActive(i)}>
            <span>{c.label}</span>{props.showStatus ? <StatusBadge status={c.status} /> : null}
          </li>
        ))}
      </ul>
      {expanded && !options?.length ? <p class="hint" role="status">{failed ? 'The search failed' : 'Nothing to link'}</p> : null}
    </div>
  );
}
