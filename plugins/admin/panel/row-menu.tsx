// A row's actions menu (the WAI-ARIA menu button): arrows move between items, Home and End jump,
// Escape closes, and focus goes back to the button, so a dialog an item opens returns there too.
import type { TargetedKeyboardEvent } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';

export interface MenuItem { label: string; onSelect: () => void; danger?: boolean }

let nextMenu = 1;

export function RowMenu({ label, items }: { label: string; items: MenuItem[] }) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const [id] = useState(() => `row-menu-${nextMenu++}`);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const entries = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  // Before paint, so a key pressed right after opening reaches the menu, not the button
  useLayoutEffect(() => {
    if (!open) return;
    const list = entries();
    (open === 'last' ? list[list.length - 1] : list[0])?.focus();
    const outside = (e: MouseEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  if (!items.length) return null;
  const close = () => { setOpen(false); button.current?.focus(); };
  const onMenuKey = (e: TargetedKeyboardEvent<HTMLDivElement>) => {
    const list = entries();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => { e.preventDefault(); list[(i + list.length) % list.length]?.focus(); };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close(); }
    else if (e.key === 'Tab') setOpen(false);
  };
  const onButtonKey = (e: TargetedKeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown') { e.preventDefault(); setOpen('first'); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); setOpen('last'); }
  };
  return (
    <div class="row-menu">
      <button type="button" class="icon" ref={button} aria-label={label} aria-haspopup="menu" aria-expanded={Boolean(open)} aria-controls={open ? id : undefined}
        onClick={() => setOpen(open ? false : 'first')} onKeyDown={onButtonKey}>⋯</button>
      {open ? (
        <div class="menu" role="menu" id={id} aria-label={label} ref={menu} onKeyDown={onMenuKey}>
          {items.map((item) => (
            <button key={item.label} type="button" role="menuitem" tabIndex={-1} class={item.danger ? 'danger' : undefined}
              onClick={() => { close(); item.onSelect(); }}>{item.label}</button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
