// Blocks (Strapi v5's rich text JSON): one editable region per paragraph, heading, quote, code
// block and list item (blocks-editable.tsx), a toolbar for the block's type, marks, links and the
// block's place, and image blocks. Each input hands the edited block on at once (reading one
// block is cheap, and the form re-renders only this field, whose rows are memoised), so the form
// holds what is on the screen when Ctrl+S saves. Blocks nobody edited keep their very objects,
// so an untouched document goes back byte for byte.
import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Button, Dialog } from '../ui.js';
import {
  bit, childrenOf, convert, inlineToRuns, itemPaths, kindOf, KINDS, nodeAt, paragraph, removeItem, runsText, runsToInline, spliceAt, withCode,
  type Kind, type Mark, type Node,
} from './blocks-model.js';
import { Editable, editableOf, type EditorApi, type Target } from './blocks-editable.js';
import { ImageBlock } from './blocks-image.js';
import { FieldFrame } from './index.js';
import { safeHref } from './markdown-render.js';
import { memo } from './memo.js';
import { ToolButton } from './rt-button.js';
import { inputId, type FieldProps } from './types.js';

let keyCount = 0;
const freshKey = () => `b${++keyCount}`;
/** What an empty document shows: a paragraph to type in, stored once typed in. */
const VIRTUAL: Node[] = [paragraph()];
const TEXT_KINDS = new Set<Kind | undefined>(['paragraph', 'quote', 'heading-1', 'heading-2', 'heading-3', 'heading-4', 'heading-5', 'heading-6']);
const KIND_NAME = Object.fromEntries(KINDS) as Record<Kind, string>;
const MARK_BUTTONS: Array<[Mark, string, string]> = [['bold', 'B', 'Bold (Ctrl+B)'], ['italic', 'I', 'Italic (Ctrl+I)'], ['underline', 'U', 'Underline (Ctrl+U)'], ['strikethrough', 'S', 'Strikethrough'], ['code', '</>', 'Inline code']];

interface Focus { target: Target; at: number | 'end' | 'keep' }
interface Live { blocks: Node[]; keys: string[]; path: string; onChange: FieldProps['onChange']; root: RefObject<HTMLDivElement | null> }

const regionOf = (root: HTMLElement | null, t: Target) => root?.querySelector<HTMLElement>(`[data-rt-key="${t.key}"][data-rt-item="${t.path.join('.')}"]`) ?? null;
const targetOf = (el: HTMLElement): Target => ({ key: el.dataset.rtKey ?? '', path: el.dataset.rtItem ? el.dataset.rtItem.split('.').map(Number) : [] });

export function BlocksField(p: FieldProps) {
  if (p.value === null || p.value === undefined || Array.isArray(p.value)) return <BlocksEditor {...p} />;
  return <FieldFrame path={p.path} label={p.label} error={p.errors.get(p.path)} group><p class="field-error">This value is not blocks JSON: it is kept as it is.</p></FieldFrame>;
}

function BlocksEditor(p: FieldProps) {
  const given = (p.value ?? []) as Node[];
  const blocks = given.length ? given : VIRTUAL;
  const root = useRef<HTMLDivElement>(null);
  const emitted = useRef<{ value: Node[]; keys: string[] }>(undefined);
  const known = useRef<{ list: Node[]; keys: string[] }>(undefined);
  // Rows keep their keys while the list changes under them (a save answers with new objects)
  const e = emitted.current;
  const k = known.current;
  const keys = e && e.value === blocks ? e.keys : k && (k.list === blocks || k.keys.length === blocks.length) ? k.keys : blocks.map(freshKey);
  known.current = { list: blocks, keys };
  const live = useRef<Live>({ blocks, keys, path: p.path, onChange: p.onChange, root });
  live.current = { blocks, keys, path: p.path, onChange: p.onChange, root };
  const focusNext = useRef<Focus | undefined>(undefined);
  const [active, setActive] = useState<Target>();
  const [linking, setLinking] = useState<{ target: Target; selection: [number, number]; url: string; hasText: boolean }>();

  const ops = useMemo(() => makeOps(live, emitted, focusNext, setLinking), []);

  useLayoutEffect(() => {
    const f = focusNext.current;
    if (!f) return;
    const el = regionOf(root.current, f.target);
    if (!el) return;
    focusNext.current = undefined;
    const ed = editableOf(el);
    if (ed) ed.focus(f.at === 'keep' ? undefined : f.at);
    else el.focus();
  });

  const label = p.label;
  const id = inputId(p.path);
  return (
    <FieldFrame path={p.path} label={label} required={p.attribute.required} error={p.errors.get(p.path)} group>
      <div class="rt-blocks" ref={root} role="group" aria-labelledby={`${id}-label`}
        onFocusIn={(ev) => {
          const el = (ev.target as HTMLElement).closest<HTMLElement>('[data-rt-key]');
          if (el && !el.closest('.rt-toolbar')) setActive((a) => { const t = targetOf(el); return a && a.key === t.key && a.path.join() === t.path.join() ? a : t; });
        }}
        onKeyDown={(ev) => { if (ev.altKey && ev.key === 'F10') { ev.preventDefault(); root.current?.querySelector<HTMLElement>('.rt-toolbar select, .rt-toolbar button:not([disabled])')?.focus(); } }}>
        <Toolbar root={root} active={active} live={live} ops={ops} label={label} disabled={p.disabled} />
        <div class="rt-body" id={id} tabIndex={-1}>
          {blocks.map((b, i) => (
            <BlockRow key={keys[i]} block={b} blockKey={keys[i]!} index={i} label={label} disabled={p.disabled} api={ops} active={active?.key === keys[i]} />
          ))}
        </div>
        {p.disabled ? null : <button type="button" class="add" onClick={() => ops.add(undefined)}>+ Add a paragraph</button>}
      </div>
      {linking ? (
        <LinkDialog url={linking.url} hasText={linking.hasText} onClose={() => setLinking(undefined)}
          onApply={(url, text) => {
            setLinking(undefined);
            // After the dialog gave the focus back to what opened it
            requestAnimationFrame(() => editableOf(regionOf(root.current, linking.target))?.applyLink(linking.selection, url, text));
          }} />
      ) : null}
    </FieldFrame>
  );
}

type Ops = ReturnType<typeof makeOps>;

/** The editor's operations, made once: they read the current blocks from `live`. */
function makeOps(live: { current: Live }, emitted: { current: { value: Node[]; keys: string[] } | undefined }, focusNext: { current: Focus | undefined },
  setLinking: (l: { target: Target; selection: [number, number]; url: string; hasText: boolean }) => void) {
  const at = (key: string) => live.current.keys.indexOf(key);
  /** Replaces `count` blocks from the one with key by nodes (the first keeps the key unless told). */
  const splice = (key: string, count: number, nodes: Node[], nodeKeys?: string[], focus?: Focus) => {
    const i = at(key);
    if (i < 0) return;
    const { blocks, keys, path, onChange } = live.current;
    const next = blocks.slice();
    next.splice(i, count, ...nodes);
    const nextKeys = keys.slice();
    nextKeys.splice(i, count, ...(nodeKeys ?? nodes.map((_, j) => (j === 0 ? key : freshKey()))));
    emitted.current = { value: next, keys: nextKeys };
    if (focus) focusNext.current = focus;
    onChange(path, next);
  };
  const block = (key: string) => live.current.blocks[at(key)]!;
  /** The region before (or after) a target's, in reading order. */
  const neighbour = (t: Target, step: -1 | 1): Target | undefined => {
    const root = live.current.root.current;
    const all = [...(root?.querySelectorAll<HTMLElement>('[data-rt-region]') ?? [])];
    const el = all[all.indexOf(regionOf(root, t)!) + step];
    return el ? targetOf(el) : undefined;
  };

  const api: EditorApi & {
    setBlock(key: string, b: Node): void; convert(t: Target, kind: Kind): void; move(t: Target, step: -1 | 1, keepFocus: boolean): void;
    remove(t: Target): void; add(t: Target | undefined): void;
  } = {
    edited(t, children) {
      const b = block(t.key);
      if (!b) return;
      splice(t.key, 1, [t.path.length ? spliceAt(b, t.path, 1, [{ ...nodeAt(b, t.path), children }]) : { ...b, children }]);
    },
    enter(t, before, after) {
      const b = block(t.key);
      const k = freshKey();
      if (t.path.length) {
        if (!runsText(before) && !runsText(after)) {
          // Enter in an empty item leaves the list for a paragraph after it
          const rest = removeItem(b, t.path);
          if (!itemPaths(rest).length) splice(t.key, 1, [paragraph()], [t.key], { target: { key: t.key, path: [] }, at: 0 });
          else splice(t.key, 1, [rest, paragraph()], [t.key, k], { target: { key: k, path: [] }, at: 0 });
          return;
        }
        const item = nodeAt(b, t.path);
        const next = spliceAt(b, t.path, 1, [{ ...item, children: runsToInline(before) }, { type: 'list-item', children: runsToInline(after) }]);
        splice(t.key, 1, [next], [t.key], { target: { key: t.key, path: [...t.path.slice(0, -1), t.path[t.path.length - 1]! + 1] }, at: 0 });
        return;
      }
      if (b.type === 'code') {
        splice(t.key, 1, [withCode(b, runsText(before)), paragraph(runsToInline(after))], [t.key, k], { target: { key: k, path: [] }, at: 0 });
        return;
      }
      // At the start of a block: an empty paragraph before it, the block unchanged
      if (!runsText(before) && runsText(after)) {
        splice(t.key, 1, [paragraph(), b], [k, t.key], { target: t, at: 0 });
        return;
      }
      splice(t.key, 1, [{ ...b, children: runsToInline(before) }, paragraph(runsToInline(after))], [t.key, k], { target: { key: k, path: [] }, at: 0 });
    },
    backspace(t, runs) {
      const b = block(t.key);
      const empty = !runsText(runs);
      const prev = neighbour(t, -1);
      if (t.path.length) {
        if (!empty) return;
        const rest = removeItem(b, t.path);
        if (!itemPaths(rest).length) splice(t.key, 1, [paragraph()], [t.key], { target: { key: t.key, path: [] }, at: 0 });
        else splice(t.key, 1, [rest], [t.key], prev ? { target: prev, at: 'end' } : undefined);
        return;
      }
      const i = at(t.key);
      if (empty) {
        if (live.current.blocks.length > 1) splice(t.key, 1, [], [], prev ? { target: prev, at: 'end' } : undefined);
        else if (b.type !== 'paragraph') splice(t.key, 1, [paragraph()], [t.key], { target: t, at: 0 });
        return;
      }
      const before = live.current.blocks[i - 1];
      if (before && TEXT_KINDS.has(kindOf(before)) && TEXT_KINDS.has(kindOf(b))) {
        // Joined to the block before, the caret where they meet
        const head = inlineToRuns(childrenOf(before));
        const key = live.current.keys[i - 1]!;
        splice(key, 2, [{ ...before, children: runsToInline([...head, ...runs]) }], [key], { target: { key, path: [] }, at: runsText(head).length });
      } else if (b.type !== 'paragraph' && TEXT_KINDS.has(kindOf(b))) {
        splice(t.key, 1, [{ type: 'paragraph', children: childrenOf(b) }], [t.key], { target: t, at: 0 });
      }
    },
    link(t) {
      const ed = editableOf(regionOf(live.current.root.current, t));
      if (!ed || ed.plain) return;
      const selection = ed.lastSelection ?? ed.selection();
      const url = ed.inLink();
      setLinking({ target: t, selection, url: url ?? '', hasText: selection[0] !== selection[1] || url !== undefined });
    },
    setBlock(key, b) {
      splice(key, 1, [b]);
    },
    convert(t, kind) {
      const b = block(t.key);
      if (!b || !kindOf(b)) return;
      const nodes = convert(b, kind);
      const keys = nodes.map((n, j) => (n === b || j === 0 ? t.key : freshKey()));
      const last = nodes.length - 1;
      const focusKey = kind === 'image' ? keys[last]! : t.key;
      const first = nodes[keys.indexOf(focusKey)]!;
      const path = first.type === 'list' ? itemPaths(first)[0] ?? [] : [];
      splice(t.key, 1, nodes, keys, { target: { key: focusKey, path }, at: 'end' });
    },
    move(t, step, keepFocus) {
      const i = at(t.key);
      const j = i + step;
      const { blocks, keys } = live.current;
      if (i < 0 || j < 0 || j >= blocks.length) return;
      const [lo, hi] = [Math.min(i, j), Math.max(i, j)];
      splice(keys[lo]!, 2, [blocks[hi]!, blocks[lo]!], [keys[hi]!, keys[lo]!], keepFocus ? { target: t, at: 'keep' } : undefined);
    },
    remove(t) {
      const next = neighbour({ key: t.key, path: lastPath(block(t.key)) }, 1) ?? neighbour({ key: t.key, path: firstPath(block(t.key)) }, -1);
      splice(t.key, 1, [], [], next && next.key !== t.key ? { target: next, at: 0 } : undefined);
    },
    add(t) {
      const k = freshKey();
      const { blocks, keys } = live.current;
      const key = t?.key ?? keys[keys.length - 1]!;
      const b = block(key);
      splice(key, 1, blocks === VIRTUAL ? [b] : [b, paragraph()], blocks === VIRTUAL ? [key] : [key, k], { target: { key: blocks === VIRTUAL ? key : k, path: [] }, at: 0 });
    },
  };
  return api;
}

const firstPath = (b: Node | undefined) => (b?.type === 'list' ? itemPaths(b)[0] ?? [] : []);
const lastPath = (b: Node | undefined) => (b?.type === 'list' ? itemPaths(b).pop() ?? [] : []);

function Toolbar(p: { root: RefObject<HTMLDivElement | null>; active: Target | undefined; live: { current: Live }; ops: Ops; label: string; disabled: boolean }) {
  const [, setTick] = useState(0);
  // The selection is followed only while the focus is in this editor: typing in any other
  // field of the form must not pay for it (selectionchange fires on every key)
  useEffect(() => {
    const root = p.root.current;
    if (!root) return;
    const refresh = () => {
      const anchor = document.getSelection()?.anchorNode;
      if (anchor && root.contains(anchor)) setTick((n) => n + 1);
    };
    const follow = () => document.addEventListener('selectionchange', refresh);
    const leave = (e: FocusEvent) => {
      if (!root.contains(e.relatedTarget as globalThis.Node | null)) document.removeEventListener('selectionchange', refresh);
    };
    root.addEventListener('focusin', follow);
    root.addEventListener('focusout', leave);
    return () => {
      root.removeEventListener('focusin', follow);
      root.removeEventListener('focusout', leave);
      document.removeEventListener('selectionchange', refresh);
    };
  }, []);
  const t = p.active;
  const b = t ? p.live.current.blocks[p.live.current.keys.indexOf(t.key)] : undefined;
  const kind = kindOf(b);
  const ed = t ? editableOf(regionOf(p.root.current, t)) : undefined;
  const inline = !!ed && !ed.plain && !p.disabled;
  const marks = inline ? ed.marks() : 0;
  const link = inline ? ed.inLink() : undefined;
  const index = t ? p.live.current.keys.indexOf(t.key) : -1;
  const count = p.live.current.blocks.length;
  const off = !t || !b || p.disabled;
  const keep = (e: MouseEvent) => e.preventDefault();
  const run = (f: () => void) => () => { f(); setTick((n) => n + 1); };
  return (
    <div class="rt-toolbar" role="toolbar" aria-label={`${p.label}: formatting`}>
      <label class="rt-kind">
        <span class="sr-only">Block type</span>
        <select value={kind ?? ''} disabled={off || !kind} onChange={(e) => t && p.ops.convert(t, e.currentTarget.value as Kind)}>
          {kind ? null : <option value="">Block type</option>}
          {KINDS.map(([value, name]) => <option key={value} value={value}>{name}</option>)}
        </select>
      </label>
      <span class="rt-separator" />
      {MARK_BUTTONS.map(([mark, icon, name]) => (
        <ToolButton key={mark} class={`rt-mark-${mark}`} icon={icon} name={name} aria-pressed={!!(marks & bit(mark))} disabled={!inline}
          onMouseDown={keep} onClick={run(() => ed?.toggle(mark))} />
      ))}
      <ToolButton icon="🔗" name="Link (Ctrl+K)" aria-pressed={link !== undefined} disabled={!inline} onMouseDown={keep} onClick={() => t && p.ops.link(t)} />
      <span class="rt-separator" />
      {/* A click leaves the focus in the block (mousedown is kept from the button): it follows the block */}
      <ToolButton icon="↑" name="Move the block up" disabled={off || index <= 0} onMouseDown={keep} onClick={(e) => t && p.ops.move(t, -1, document.activeElement !== e.currentTarget)} />
      <ToolButton icon="↓" name="Move the block down" disabled={off || index >= count - 1} onMouseDown={keep} onClick={(e) => t && p.ops.move(t, 1, document.activeElement !== e.currentTarget)} />
      <ToolButton icon="+" name="Add a paragraph after the block" disabled={p.disabled} onMouseDown={keep} onClick={() => p.ops.add(t)} />
      <ToolButton icon="✕" class="danger" name="Remove the block" disabled={off} onMouseDown={keep} onClick={() => t && p.ops.remove(t)} />
    </div>
  );
}

interface RowProps { block: Node; blockKey: string; index: number; label: string; disabled: boolean; api: Ops; active: boolean }

const BlockRow = memo((p: RowProps) => {
  const kind = kindOf(p.block);
  const name = `${p.label}, block ${p.index + 1}: ${kind ? KIND_NAME[kind] : 'unknown'}`;
  const target: Target = { key: p.blockKey, path: [] };
  let body;
  if (!kind) {
    body = <div class="rt-other" tabIndex={0} data-rt-key={p.blockKey} data-rt-item="">A block of type “{String(p.block.type)}” that this editor does not know: it is kept as it is.</div>;
  } else if (kind === 'image') {
    body = <ImageBlock block={p.block} blockKey={p.blockKey} label={name} disabled={p.disabled} onChange={(b) => p.api.setBlock(p.blockKey, b)} />;
  } else if (kind.startsWith('list-')) {
    body = <ListView list={p.block} path={[]} row={p} name={name} />;
  } else {
    const cls = kind === 'code' ? 'rt-code' : kind === 'quote' ? 'rt-quote' : kind === 'paragraph' ? 'rt-p' : `rt-h rt-${kind}`;
    body = <Editable key={kind} target={target} value={childrenOf(p.block)} plain={kind === 'code'} label={name} cls={cls} disabled={p.disabled} api={p.api} />;
  }
  return <div class={`rt-block${p.active ? ' rt-active' : ''}`}>{body}</div>;
});

function ListView({ list, path, row, name }: { list: Node; path: number[]; row: RowProps; name: string }) {
  const items = childrenOf(list).map((c, i) => {
    const node = c as Node;
    const at = [...path, i];
    if (node.type === 'list') return <li key={i} class="rt-nested"><ListView list={node} path={at} row={row} name={name} /></li>;
    return (
      <li key={i}>
        <Editable target={{ key: row.blockKey, path: at }} value={childrenOf(node)} label={`${name}, item ${at.map((n) => n + 1).join('.')}`} cls="rt-item" disabled={row.disabled} api={row.api} />
      </li>
    );
  });
  return list.format === 'ordered' ? <ol class="rt-list">{items}</ol> : <ul class="rt-list">{items}</ul>;
}

function LinkDialog(p: { url: string; hasText: boolean; onClose: () => void; onApply: (url: string | null, text?: string) => void }) {
  const [url, setUrl] = useState(p.url || 'https://');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const apply = () => {
    const u = url.trim();
    if (!u || u === 'https://') return setError('Type the address the link goes to.');
    if (!safeHref(u)) return setError('Use a web address (https://…, http://…), a mailto: address or a path on this site.');
    if (!p.hasText && !text.trim()) return setError('Type the text of the link.');
    p.onApply(u, p.hasText ? undefined : text);
  };
  const onKeyDown = (e: KeyboardEvent) => { if (e.key === 'Enter') { e.preventDefault(); apply(); } };
  return (
    <Dialog title={p.url ? 'Edit the link' : 'Add a link'} onClose={p.onClose}
      footer={<>
        {p.url ? <Button variant="danger" onClick={() => p.onApply(null)}>Remove the link</Button> : null}
        <Button onClick={p.onClose}>Cancel</Button>
        <Button variant="primary" onClick={apply}>Apply</Button>
      </>}>
      <div class="stack">
        <div class="field">
          <label for="rt-link-url">Address</label>
          <input id="rt-link-url" type="text" inputMode="url" value={url} onInput={(e) => { setUrl(e.currentTarget.value); setError(''); }} onKeyDown={onKeyDown}
            aria-invalid={error ? true : undefined} aria-describedby={error ? 'rt-link-error' : undefined} />
        </div>
        {p.hasText ? null : (
          <div class="field">
            <label for="rt-link-text">Text</label>
            <input id="rt-link-text" type="text" value={text} onInput={(e) => { setText(e.currentTarget.value); setError(''); }} onKeyDown={onKeyDown} />
          </div>
        )}
        {error ? <p class="field-error" id="rt-link-error" role="alert">{error}</p> : null}
      </div>
    </Dialog>
  );
}
