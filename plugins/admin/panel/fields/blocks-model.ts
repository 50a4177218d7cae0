// Strapi v5's blocks as the editor sees them, in pure functions (no DOM). A block's inline
// children (text nodes with marks, links holding text nodes) become a flat list of runs (text, its
// marks, its link), which the editing commands cut and mark by character offsets; runs become
// inline nodes again in Strapi's normal form (what its Slate editor writes: neighbours with the
// same marks merged, a text node around and between links, marks only when true). Keys the editor
// does not know (on text nodes, links or blocks) are carried along, so editing a block loses
// nothing but what the editor was asked to change; a block nobody edited is never rebuilt at all.

export type Node = { type: string; [key: string]: unknown };
export interface LinkRef { id: number; url: string; extra: string }
/** A piece of text; `extra` is the JSON of the text node's keys the editor does not know. */
export interface Run { text: string; marks: number; extra: string; link?: LinkRef }

export const MARKS = ['bold', 'italic', 'underline', 'strikethrough', 'code'] as const;
export type Mark = (typeof MARKS)[number];
export const bit = (m: Mark) => 1 << MARKS.indexOf(m);

let linkIds = 1;
export const newLink = (url: string, extra = ''): LinkRef => ({ id: linkIds++, url, extra });

export const isNode = (x: unknown): x is Node => typeof x === 'object' && x !== null && !Array.isArray(x) && typeof (x as Node).type === 'string';
export const childrenOf = (n: Node): unknown[] => (Array.isArray(n.children) ? n.children : []);
const isText = (x: unknown): x is Node & { text: string } => isNode(x) && x.type === 'text' && typeof x.text === 'string';

/** Inline children the editor can edit without losing anything: text nodes and links of text nodes. */
export function isInline(children: unknown[]): boolean {
  return children.every((c) => isText(c) || (isNode(c) && c.type === 'link' && typeof c.url === 'string' && Array.isArray(c.children) && c.children.every(isText)));
}

function extraOf(node: Node, known: (key: string, value: unknown) => boolean): string {
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (!known(k, v)) rest[k] = v;
  return Object.keys(rest).length ? JSON.stringify(rest) : '';
}

const textKnown = (k: string, v: unknown) => k === 'type' || k === 'text' || ((MARKS as readonly string[]).includes(k) && v === true);

export function inlineToRuns(children: unknown[]): Run[] {
  const runs: Run[] = [];
  const text = (n: Node & { text: string }, link?: LinkRef) => {
    let marks = 0;
    for (const m of MARKS) if (n[m] === true) marks |= bit(m);
    runs.push({ text: n.text, marks, extra: extraOf(n, textKnown), ...(link ? { link } : {}) });
  };
  for (const c of children) {
    if (isText(c)) text(c);
    else if (isNode(c) && c.type === 'link') {
      const link = newLink(String(c.url), extraOf(c, (k) => k === 'type' || k === 'url' || k === 'children'));
      for (const t of childrenOf(c)) if (isText(t)) text(t, link);
    }
  }
  return runs;
}

const sameStyle = (a: Run, b: Run) => a.marks === b.marks && a.extra === b.extra && a.link?.id === b.link?.id;

/** Runs without empty pieces, neighbours of the same style merged. */
export function tidy(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const r of runs) {
    if (!r.text) continue;
    const last = out[out.length - 1];
    if (last && sameStyle(last, r)) out[out.length - 1] = { ...last, text: last.text + r.text };
    else out.push(r);
  }
  return out;
}

function textNode(r: Run): Node {
  const node: Node = { type: 'text', text: r.text, ...(r.extra ? (JSON.parse(r.extra) as object) : {}) };
  for (const m of MARKS) if (r.marks & bit(m)) node[m] = true;
  return node;
}

const emptyText = (): Node => ({ type: 'text', text: '' });

export function runsToInline(runs: Run[]): Node[] {
  const out: Node[] = [];
  for (const r of tidy(runs)) {
    const last = out[out.length - 1];
    if (r.link && last?.type === 'link' && last.__id === r.link.id) (last.children as Node[]).push(textNode(r));
    else if (r.link) {
      // Slate's rule: an inline element has a text node on each side, empty if need be
      if (!last || last.type === 'link') out.push(emptyText());
      out.push({ type: 'link', url: r.link.url, ...(r.link.extra ? (JSON.parse(r.link.extra) as object) : {}), children: [textNode(r)], __id: r.link.id });
    } else out.push(textNode(r));
  }
  if (!out.length || out[out.length - 1]!.type === 'link') out.push(emptyText());
  for (const n of out) delete n.__id;
  return out;
}

export const runsText = (runs: Run[]) => runs.map((r) => r.text).join('');

/** The runs between two offsets. */
export function slice(runs: Run[], start: number, end = Infinity): Run[] {
  const out: Run[] = [];
  let at = 0;
  for (const r of runs) {
    const from = Math.max(start - at, 0);
    const to = Math.min(end - at, r.text.length);
    if (to > from) out.push({ ...r, text: r.text.slice(from, to) });
    at += r.text.length;
  }
  return out;
}

export const replace = (runs: Run[], start: number, end: number, insert: Run[]) => tidy([...slice(runs, 0, start), ...insert, ...slice(runs, end)]);

/** The marks all the selected text has (for a caret: the text before it, else after it). */
export function marksIn(runs: Run[], start: number, end: number): number {
  if (start === end) {
    const around = slice(runs, Math.max(start - 1, 0), start === 0 ? 1 : start)[0];
    return around?.marks ?? 0;
  }
  const picked = slice(runs, start, end);
  return picked.length ? picked.reduce((acc, r) => acc & r.marks, ~0) : 0;
}

/** The link at the selection's start (for a caret, the one it is in or just after). */
export function linkIn(runs: Run[], start: number, end: number): LinkRef | undefined {
  const at = start === end ? Math.max(start - 1, 0) : start;
  return slice(runs, at, at + 1)[0]?.link;
}

export function toggleMark(runs: Run[], start: number, end: number, b: number): Run[] {
  const on = (marksIn(runs, start, end) & b) === 0;
  return replace(runs, start, end, slice(runs, start, end).map((r) => ({ ...r, marks: on ? r.marks | b : r.marks & ~b })));
}

/** Links the selected text to url, or changes (or, with null, removes) the link it is in. */
export function setLink(runs: Run[], start: number, end: number, url: string | null): Run[] {
  const current = linkIn(runs, start, end);
  if (current && (start === end || url === null)) {
    const changed: LinkRef | undefined = url === null ? undefined : { ...current, url };
    return tidy(runs.map((r) => (r.link?.id === current.id ? { ...r, link: changed } : r)));
  }
  if (url === null || start === end) return runs;
  const link = newLink(url);
  return replace(runs, start, end, slice(runs, start, end).map((r) => ({ ...r, link })));
}

// Block kinds, as the type switcher names them

export const KINDS = [
  ['paragraph', 'Paragraph'], ['heading-1', 'Heading 1'], ['heading-2', 'Heading 2'], ['heading-3', 'Heading 3'], ['heading-4', 'Heading 4'],
  ['heading-5', 'Heading 5'], ['heading-6', 'Heading 6'], ['list-unordered', 'Bulleted list'], ['list-ordered', 'Numbered list'],
  ['quote', 'Quote'], ['code', 'Code'], ['image', 'Image'],
] as const;
export type Kind = (typeof KINDS)[number][0];

/** The kind of a block the editor can edit, or undefined (it is then kept as it is). */
export function kindOf(b: unknown): Kind | undefined {
  if (!isNode(b)) return undefined;
  const children = childrenOf(b);
  switch (b.type) {
    case 'paragraph': case 'quote': return isInline(children) ? b.type : undefined;
    case 'heading': return isInline(children) && [1, 2, 3, 4, 5, 6].includes(b.level as number) ? `heading-${b.level as 1}` : undefined;
    case 'code': return children.every(isText) ? 'code' : undefined;
    case 'list': return (b.format === 'ordered' || b.format === 'unordered') && validList(b) ? `list-${b.format}` : undefined;
    case 'image': return typeof b.image === 'object' && b.image !== null ? 'image' : undefined;
    default: return undefined;
  }
}

function validList(list: Node): boolean {
  return childrenOf(list).every((c) => isNode(c) && ((c.type === 'list-item' && isInline(childrenOf(c)))
    || (c.type === 'list' && (c.format === 'ordered' || c.format === 'unordered') && validList(c))));
}

export const codeText = (b: Node) => childrenOf(b).map((c) => (isText(c) ? c.text : '')).join('');
export const withCode = (b: Node, text: string): Node => ({ ...b, children: [{ type: 'text', text }] });
export const paragraph = (children: Node[] = [emptyText()]): Node => ({ type: 'paragraph', children });
export const emptyImage = (): Node => ({ type: 'image', image: { name: '', alternativeText: '', url: '' }, children: [emptyText()] });

/** The text of each line of a block: one for a text block, one per item of a list. */
function linesOf(b: Node): Run[][] {
  if (b.type === 'code') return [[{ text: codeText(b), marks: 0, extra: '' }]];
  if (b.type === 'image') return [];
  if (b.type === 'list') return itemPaths(b).map((path) => inlineToRuns(childrenOf(nodeAt(b, path))));
  return [inlineToRuns(childrenOf(b))];
}

/** A block turned into another kind: a list becomes one block per item and back; text that an
 *  image could not hold stays in its own block before the image. */
export function convert(b: Node, kind: Kind): Node[] {
  const from = kindOf(b);
  if (from === kind) return [b];
  if (from?.startsWith('list-') && kind.startsWith('list-')) return [{ ...b, format: kind.slice(5) }];
  const lines = linesOf(b);
  if (kind === 'image') return lines.some((l) => runsText(l)) ? [b, emptyImage()] : [emptyImage()];
  if (kind === 'code') return [{ type: 'code', children: [{ type: 'text', text: lines.map(runsText).join('\n') }] }];
  if (kind.startsWith('list-')) {
    return [{ type: 'list', format: kind.slice(5), children: (lines.length ? lines : [[]]).map((l) => ({ type: 'list-item', children: runsToInline(l) })) }];
  }
  return (lines.length ? lines : [[]]).map((l) => {
    const children = runsToInline(l);
    return kind.startsWith('heading-') ? { type: 'heading', level: Number(kind.slice(8)), children } : { type: kind, children };
  });
}

// Lists: an item is found by its path of indexes through the list's children (nested lists are
// children of a list, beside its items, as Strapi writes them)

export function nodeAt(list: Node, path: number[]): Node {
  let n = list;
  for (const i of path) n = childrenOf(n)[i] as Node;
  return n;
}

/** The list with `count` children at path replaced by nodes. */
export function spliceAt(list: Node, path: number[], count: number, nodes: Node[]): Node {
  const [i, ...rest] = path;
  const children = childrenOf(list).slice();
  if (!rest.length) children.splice(i!, count, ...nodes);
  else children[i!] = spliceAt(children[i!] as Node, rest, count, nodes);
  return { ...list, children };
}

/** Every item's path, in reading order. */
export function itemPaths(list: Node, base: number[] = []): number[][] {
  const out: number[][] = [];
  childrenOf(list).forEach((c, i) => {
    if (!isNode(c)) return;
    if (c.type === 'list-item') out.push([...base, i]);
    else if (c.type === 'list') out.push(...itemPaths(c, [...base, i]));
  });
  return out;
}

/** The list without the item at path, nested lists left empty removed too. */
export function removeItem(list: Node, path: number[]): Node {
  let next = spliceAt(list, path, 1, []);
  for (let p = path.slice(0, -1); p.length; p = p.slice(0, -1)) {
    if (childrenOf(nodeAt(next, p)).length) break;
    next = spliceAt(next, p, 1, []);
  }
  return next;
}
