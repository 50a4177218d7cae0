// The list's columns: which attributes fit in a table cell, the editor's choice among them
// (remembered per type in this browser; the configuration's layouts.list until they choose),
// what to populate for them and how a cell reads.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Attribute, ContentType } from './schema.js';
import { Button } from './ui.js';

const UNFIT = new Set(['dynamiczone', 'component', 'blocks', 'json', 'password']);
const HIDDEN = new Set(['id', 'documentId', 'locale', 'localizations']);

/** Attributes that read well in a cell: no structures, no media lists, nothing unreadable. */
export function columnChoices(ct: ContentType, readable: Set<string> | undefined): string[] {
  return Object.entries(ct.attributes)
    .filter(([name, a]) => !HIDDEN.has(name) && !UNFIT.has(a.type) && !(a.type === 'media' && a.multiple) && !a.private && (!readable || readable.has(name)))
    .map(([name]) => name);
}

const storageKey = (uid: string) => `strata.admin.list-columns:${uid}`;

function stored(uid: string): string[] | undefined {
  try {
    const raw = localStorage.getItem(storageKey(uid));
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The columns shown, and a setter that remembers them (undefined goes back to the default). */
export function useColumns(uid: string, defaults: string[], choices: string[]): [string[], (next: string[] | undefined) => void] {
  const [chosen, setChosen] = useState<string[] | undefined>(() => stored(uid));
  const fit = (list: string[]) => list.filter((c) => choices.includes(c));
  const shown = chosen ? fit(chosen) : fit(defaults);
  const set = (next: string[] | undefined) => {
    try {
      if (next) localStorage.setItem(storageKey(uid), JSON.stringify(next));
      else localStorage.removeItem(storageKey(uid));
    } catch {
      // Private browsing may refuse storage: the choice then lasts until the page is left
    }
    setChosen(next);
  };
  return [shown.length ? shown : choices.slice(0, 1), set];
}

const isToMany = (a: Attribute) => /ToMany$/.test(a.relation ?? '') || a.relation === 'manyWay';

/** What the list asks the API to populate for its relation and media columns. */
export function populateFor(columns: string[], ct: ContentType, mainFields: Map<string, string>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const c of columns) {
    const a = ct.attributes[c];
    if (a?.type === 'relation') out[c] = isToMany(a) ? { count: 'true' } : { fields: [mainFields.get(a.target ?? '') ?? 'documentId'] };
    else if (a?.type === 'media') out[c] = { fields: ['name'] };
  }
  return Object.keys(out).length ? out : undefined;
}

/** A cell's text: to-many relations as their count, a to-one by its main field, media by name. */
export function cellText(value: unknown, attr: Attribute | undefined, mainFields: Map<string, string>): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('count' in v) return String(v.count);
    if (Array.isArray(value)) return String(value.length);
    if (attr?.type === 'media') return String(v.name ?? '');
    if (attr?.type === 'relation') return String(v[mainFields.get(attr.target ?? '') ?? 'documentId'] ?? v.documentId ?? '');
    return '…';
  }
  const text = String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** A disclosure with a checkbox per attribute that fits; closes on Escape or a click outside. */
export function ColumnPicker(props: { choices: string[]; shown: string[]; label: (name: string) => string; onChange: (next: string[] | undefined) => void }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => { if (box.current && !box.current.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);
  const toggle = (name: string, on: boolean) => {
    const next = on ? [...props.shown, name] : props.shown.filter((c) => c !== name);
    if (next.length) props.onChange(next);
  };
  return (
    <div class="popover-anchor" ref={box} onKeyDown={(e) => {
      if (e.key === 'Escape' && open) { e.stopPropagation(); setOpen(false); button.current?.focus(); }
    }}>
      <button type="button" class="btn btn-secondary" ref={button} aria-expanded={open} aria-controls={open ? 'list-columns' : undefined} onClick={() => setOpen(!open)}>Columns</button>
      {open ? (
        <div class="popover" id="list-columns">
          <fieldset>
            <legend>Displayed columns</legend>
            {props.choices.map((name) => {
              const on = props.shown.includes(name);
              return (
                <label key={name} class="check">
                  <input type="checkbox" checked={on} disabled={on && props.shown.length === 1} onChange={(e) => toggle(name, e.currentTarget.checked)} />
                  {props.label(name)}
                </label>
              );
            })}
          </fieldset>
          <Button variant="ghost" onClick={() => props.onChange(undefined)}>Reset to default</Button>
        </div>
      ) : null}
    </div>
  );
}
