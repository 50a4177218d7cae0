// Components (single or repeatable) and dynamic zones: entries added, removed, moved up and down
// (buttons, so the keyboard can do it), collapsed. Each entry's fields are Fields again, so
// typing in one entry re-renders that entry only.
import { useCallback, useRef, useState } from 'preact/hooks';
import { defaults } from '../form.js';
import type { Component, Schema } from '../schema.js';
import { Field, FieldFrame } from './index.js';
import { memo } from './memo.js';
import type { FieldProps } from './types.js';

type Entry = Record<string, unknown>;
let nextKey = 1;
/** Row ids are per component table: two entries of a dynamic zone may share one. */
const keyOf = (e: Entry, i: number) => `${String(e.__component ?? '')}:${String(e.id ?? e.__key ?? `i${i}`)}`;
const newEntry = (comp: Component, schema: Schema, extra: Entry = {}): Entry => ({ __key: `new-${nextKey++}`, ...extra, ...defaults(comp.attributes, schema) });

/** A short title for an entry: its first filled text field. */
function summary(entry: Entry, comp: Component): string {
  for (const [name, attr] of Object.entries(comp.attributes)) {
    const v = entry[name];
    if ((attr.type === 'string' || attr.type === 'text' || attr.type === 'email' || attr.type === 'uid') && typeof v === 'string' && v.trim()) return v.length > 60 ? `${v.slice(0, 59)}…` : v;
  }
  return '';
}

const ComponentBody = memo((p: { comp: Component; path: string; value: Entry; onChange: FieldProps['onChange']; errors: ReadonlyMap<string, string>; disabled: boolean; ctx: FieldProps['ctx'] }) => (
  <div class="component-body">
    {Object.entries(p.comp.attributes).map(([name, attr]) => (
      <Field key={name} name={name} path={`${p.path}.${name}`} attribute={attr} value={p.value[name]} onChange={p.onChange}
        errors={p.errors} disabled={p.disabled} label={name} ctx={p.ctx} />
    ))}
  </div>
));

interface EntryProps {
  comp: Component; path: string; index: number; count: number; value: Entry; title: string;
  onChange: FieldProps['onChange']; errors: ReadonlyMap<string, string>; disabled: boolean; ctx: FieldProps['ctx'];
  move: (from: number, to: number) => void; remove: (index: number) => void;
}

const EntryBox = memo((p: EntryProps) => {
  const [open, setOpen] = useState(true);
  const label = `${p.title} ${p.index + 1}${summary(p.value, p.comp) ? `: ${summary(p.value, p.comp)}` : ''}`;
  const bodyId = `entry-${p.path.replace(/\W/g, '-')}`;
  const hasError = [...p.errors.keys()].some((k) => k.startsWith(`${p.path}.`));
  return (
    <li class={`entry${hasError ? ' entry-invalid' : ''}`}>
      <div class="entry-head">
        <button type="button" class="entry-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>{open ? '▾' : '▸'} {label}</button>
        {p.disabled ? null : (
          <span class="entry-actions">
            <button type="button" class="icon" aria-label={`Move ${label} up`} disabled={p.index === 0} onClick={() => p.move(p.index, p.index - 1)}>↑</button>
            <button type="button" class="icon" aria-label={`Move ${label} down`} disabled={p.index === p.count - 1} onClick={() => p.move(p.index, p.index + 1)}>↓</button>
            <button type="button" class="icon danger" aria-label={`Remove ${label}`} onClick={() => p.remove(p.index)}>✕</button>
          </span>
        )}
      </div>
      {open ? <div id={bodyId}><ComponentBody comp={p.comp} path={p.path} value={p.value} onChange={p.onChange} errors={p.errors} disabled={p.disabled} ctx={p.ctx} /></div> : null}
    </li>
  );
});

/** Move and remove that keep their identity while the list changes: the entries' props stay the
 *  same, so an entry re-renders only when its own value does. */
function useListActions(path: string, list: Entry[], onChange: FieldProps['onChange']) {
  const current = useRef(list);
  current.current = list;
  const move = useCallback((from: number, to: number) => { onChange(path, moved(current.current, from, to)); focusEntry(path, to); }, [path, onChange]);
  const remove = useCallback((i: number) => onChange(path, current.current.filter((_, j) => j !== i)), [path, onChange]);
  return { move, remove };
}

function moved<T>(list: T[], from: number, to: number): T[] {
  const copy = list.slice();
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
}

/** Moves focus to an entry's title after a move or an add, so the keyboard user stays with it. */
function focusEntry(path: string, index: number) {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-field="${path}"] .entry:nth-child(${index + 1}) .entry-toggle`)?.focus());
}

export function ComponentField(p: FieldProps) {
  const comp = p.ctx.schema.components.get(p.attribute.component ?? '');
  if (!comp) return <p class="field-error">Unknown component {p.attribute.component}</p>;
  if (!p.attribute.repeatable) {
    const value = p.value as Entry | null | undefined;
    return (
      <FieldFrame path={p.path} label={p.label} required={p.attribute.required} error={p.errors.get(p.path)} group
        action={value && !p.disabled && !p.attribute.required ? <button type="button" class="link danger" onClick={() => p.onChange(p.path, null)}>Remove</button> : null}>
        {value
          ? <fieldset class="component" aria-labelledby={`field-${p.path.replace(/[^A-Za-z0-9_-]/g, '-')}-label`}><ComponentBody comp={comp} path={p.path} value={value} onChange={p.onChange} errors={p.errors} disabled={p.disabled} ctx={p.ctx} /></fieldset>
          : <button type="button" class="add" disabled={p.disabled} onClick={() => p.onChange(p.path, newEntry(comp, p.ctx.schema))}>+ Add {comp.info.displayName}</button>}
      </FieldFrame>
    );
  }
  const list = (Array.isArray(p.value) ? p.value : []) as Entry[];
  const { move, remove } = useListActions(p.path, list, p.onChange);
  return (
    <FieldFrame path={p.path} label={`${p.label} (${list.length})`} required={p.attribute.required} error={p.errors.get(p.path)} group>
      <ol class="entries">
        {list.map((entry, i) => (
          <EntryBox key={keyOf(entry, i)} comp={comp} title={comp.info.displayName} path={`${p.path}.${i}`} index={i} count={list.length} value={entry}
            onChange={p.onChange} errors={p.errors} disabled={p.disabled} ctx={p.ctx} move={move} remove={remove} />
        ))}
      </ol>
      {p.disabled ? null : <button type="button" class="add" onClick={() => { p.onChange(p.path, [...list, newEntry(comp, p.ctx.schema)]); focusEntry(p.path, list.length); }}>+ Add an entry</button>}
    </FieldFrame>
  );
}

export function DynamicZoneField(p: FieldProps) {
  const [picking, setPicking] = useState(false);
  const list = (Array.isArray(p.value) ? p.value : []) as Entry[];
  const comps = (p.attribute.components ?? []).map((uid) => p.ctx.schema.components.get(uid)).filter((c): c is Component => !!c);
  const { move, remove } = useListActions(p.path, list, p.onChange);
  const add = (comp: Component) => {
    p.onChange(p.path, [...list, newEntry(comp, p.ctx.schema, { __component: comp.uid })]);
    setPicking(false);
    focusEntry(p.path, list.length);
  };
  return (
    <FieldFrame path={p.path} label={`${p.label} (${list.length})`} required={p.attribute.required} error={p.errors.get(p.path)} group>
      <ol class="entries">
        {list.map((entry, i) => {
          const comp = p.ctx.schema.components.get(String(entry.__component));
          if (!comp) return <li key={keyOf(entry, i)} class="entry">Unknown component {String(entry.__component)}</li>;
          return (
            <EntryBox key={keyOf(entry, i)} comp={comp} title={comp.info.displayName} path={`${p.path}.${i}`} index={i} count={list.length} value={entry}
              onChange={p.onChange} errors={p.errors} disabled={p.disabled} ctx={p.ctx} move={move} remove={remove} />
          );
        })}
      </ol>
      {p.disabled ? null : picking ? (
        <div class="picker" role="group" aria-label="Pick a component">
          {comps.map((c) => <button type="button" key={c.uid} class="btn btn-secondary" onClick={() => add(c)}>{c.info.displayName}</button>)}
          <button type="button" class="link" onClick={() => setPicking(false)}>Cancel</button>
        </div>
      ) : <button type="button" class="add" onClick={() => setPicking(true)}>+ Add a component to {p.label}</button>}
    </FieldFrame>
  );
}
