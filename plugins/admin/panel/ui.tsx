// Shared pieces: buttons, dialogs, notices, the status badge. Dialogs are modal (focus moves in,
// Escape closes, focus returns to what opened them); notices are read out by screen readers.
import type { ButtonHTMLAttributes, ComponentChildren, TargetedKeyboardEvent } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { createStore, useStore } from './store.js';

export function Button(props: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'danger' | 'ghost'; busy?: boolean }) {
  const { variant = 'secondary', busy, class: cls, disabled, type, ...rest } = props;
  return <button type={type ?? 'button'} class={`btn btn-${variant}${cls ? ` ${String(cls)}` : ''}`} disabled={disabled || busy} aria-busy={busy || undefined} {...rest} />;
}

export function Dialog(props: { title: string; onClose: () => void; children: ComponentChildren; footer?: ComponentChildren; wide?: boolean; role?: 'dialog' | 'alertdialog'; class?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const box = ref.current;
    const first = box?.querySelector<HTMLElement>('[autofocus], input, select, textarea, button:not(.dialog-close)') ?? box;
    first?.focus();
    return () => opener?.focus?.();
  }, []);
  const onKeyDown = (e: TargetedKeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') { e.stopPropagation(); props.onClose(); return; }
    if (e.key !== 'Tab' || !ref.current) return;
    // Focus stays inside the dialog
    const items = [...ref.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), select, textarea, summary, [tabindex="0"]')];
    if (!items.length) return;
    const [first, last] = [items[0]!, items[items.length - 1]!];
    if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
  };
  const id = `dialog-${props.title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div class="overlay" onMouseDown={(e) => { if (e.target === e.currentTarget) props.onClose(); }}>
      <div class={`dialog${props.wide ? ' dialog-wide' : ''}${props.class ? ` ${props.class}` : ''}`} role={props.role ?? 'dialog'} aria-modal="true" aria-labelledby={id} ref={ref} tabIndex={-1} onKeyDown={onKeyDown}>
        <header class="dialog-head">
          <h2 id={id}>{props.title}</h2>
          <button type="button" class="dialog-close" aria-label="Close" onClick={props.onClose}>×</button>
        </header>
        <div class="dialog-body">{props.children}</div>
        {props.footer ? <footer class="dialog-foot">{props.footer}</footer> : null}
      </div>
    </div>
  );
}

export interface Notice { id: number; kind: 'success' | 'error' | 'info'; text: string }
const notices = createStore<Notice[]>([]);
let nextNotice = 1;

export function notify(kind: Notice['kind'], text: string): void {
  const id = nextNotice++;
  notices.update((list) => [...list.slice(-3), { id, kind, text }]);
  setTimeout(() => notices.update((list) => list.filter((n) => n.id !== id)), kind === 'error' ? 8000 : 4000);
}

export function Notices() {
  const list = useStore(notices);
  return (
    <div class="notices" role="status" aria-live="polite">
      {list.map((n) => <p key={n.id} class={`notice notice-${n.kind}`}>{n.text}</p>)}
    </div>
  );
}

const STATUS_LABEL: Record<string, string> = { draft: 'Draft', modified: 'Modified', published: 'Published' };

export function StatusBadge({ status }: { status?: string | null }) {
  if (!status) return null;
  return <span class={`badge badge-${status}`}>{STATUS_LABEL[status] ?? status}</span>;
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <p class="loading" role="status">{label}…</p>;
}

export function ErrorBox({ error }: { error: unknown }) {
  const text = error instanceof Error ? error.message : String(error);
  return <p class="error-box" role="alert">{text}</p>;
}
