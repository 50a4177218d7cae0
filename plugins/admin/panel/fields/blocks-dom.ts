// Runs (blocks-model.ts) to the elements of an editable region and back, and the selection as
// character offsets. The region is built with DOM calls only (text nodes, strong, em, u, s, code,
// a), never from HTML. Reading it back accepts what the browser itself may leave while editing
// (b and i, styled spans, a <br>, a div), so the JSON follows what is on the screen.
import { bit, MARKS, newLink, tidy, type LinkRef, type Mark, type Run } from './blocks-model.js';
import { safeHref } from './markdown-render.js';

const TAG: Record<Mark, string> = { bold: 'strong', italic: 'em', underline: 'u', strikethrough: 's', code: 'code' };
const TAG_MARK: Record<string, Mark> = { STRONG: 'bold', B: 'bold', EM: 'italic', I: 'italic', U: 'underline', INS: 'underline', S: 'strikethrough', STRIKE: 'strikethrough', DEL: 'strikethrough', CODE: 'code' };
const BLOCK_TAGS = new Set(['DIV', 'P', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE']);

export function renderRuns(el: HTMLElement, runs: Run[]): void {
  const doc = el.ownerDocument;
  el.replaceChildren();
  let anchor: HTMLAnchorElement | undefined;
  const all = tidy(runs);
  for (const r of all) {
    let node: globalThis.Node = doc.createTextNode(r.text);
    for (const m of [...MARKS].reverse()) {
      if (!(r.marks & bit(m))) continue;
      const wrap = doc.createElement(TAG[m]);
      wrap.append(node);
      node = wrap;
    }
    if (r.extra) {
      const span = doc.createElement('span');
      span.dataset.x = r.extra;
      span.append(node);
      node = span;
    }
    if (r.link) {
      if (anchor?.dataset.lid !== String(r.link.id)) el.append((anchor = linkElement(doc, r.link)));
      anchor.append(node);
    } else {
      anchor = undefined;
      el.append(node);
    }
  }
  // A last line break shows (and takes the caret) only with something after it
  if (all[all.length - 1]?.text.endsWith('\n')) el.append(doc.createElement('br'));
}

function linkElement(doc: Document, link: LinkRef): HTMLAnchorElement {
  const a = doc.createElement('a');
  a.dataset.lid = String(link.id);
  a.dataset.url = link.url;
  if (link.extra) a.dataset.x = link.extra;
  const href = safeHref(link.url);
  if (href) a.href = href;
  a.title = link.url;
  return a;
}

interface Segment { node: globalThis.Node; text: string; run?: Run }

/** The region's text pieces in order, with the marks and link around each. */
function segments(el: HTMLElement): Segment[] {
  const out: Segment[] = [];
  const links = new Map<string, LinkRef>();
  const visit = (node: globalThis.Node, marks: number, extra: string, link: LinkRef | undefined) => {
    if (node.nodeType === 3) {
      const text = node.nodeValue ?? '';
      out.push({ node, text, run: { text, marks, extra, ...(link ? { link } : {}) } });
      return;
    }
    if (!(node instanceof HTMLElement)) return;
    if (node.tagName === 'BR') { out.push({ node, text: '\n', run: { text: '\n', marks, extra, ...(link ? { link } : {}) } }); return; }
    if (BLOCK_TAGS.has(node.tagName) && out.length) out.push({ node, text: '\n', run: { text: '\n', marks: 0, extra: '' } });
    const mark = TAG_MARK[node.tagName];
    if (mark) marks |= bit(mark);
    marks |= styleMarks(node.style);
    if (node.dataset.x && node.tagName === 'SPAN') extra = node.dataset.x;
    if (node.tagName === 'A') {
      const lid = node.dataset.lid ?? `new-${links.size}`;
      link = links.get(lid) ?? { ...newLink(node.dataset.url ?? node.getAttribute('href') ?? '', node.dataset.x ?? ''), ...(node.dataset.lid ? { id: Number(node.dataset.lid) } : {}) };
      links.set(lid, link);
    }
    for (const child of node.childNodes) visit(child, marks, extra, link);
  };
  for (const child of el.childNodes) visit(child, 0, '', undefined);
  // The browser's placeholder <br> at the end is not text
  const last = out[out.length - 1];
  if (last && last.node.nodeName === 'BR') out.pop();
  return out;
}

function styleMarks(style: CSSStyleDeclaration): number {
  let marks = 0;
  if (/^(bold|bolder|[6-9]00)$/.test(style.fontWeight)) marks |= bit('bold');
  if (style.fontStyle === 'italic') marks |= bit('italic');
  const line = `${style.textDecorationLine} ${style.textDecoration}`;
  if (line.includes('underline')) marks |= bit('underline');
  if (line.includes('line-through')) marks |= bit('strikethrough');
  return marks;
}

export const readRuns = (el: HTMLElement): Run[] => tidy(segments(el).map((s) => s.run!));

/** The selection as offsets in the region's text, when it is inside the region. */
export function selectionIn(el: HTMLElement): [number, number] | undefined {
  const sel = el.ownerDocument.getSelection();
  if (!sel || !sel.rangeCount) return undefined;
  const range = sel.getRangeAt(0);
  if (!el.contains(range.startContainer) || !el.contains(range.endContainer)) return undefined;
  const segs = segments(el);
  return [offsetOf(el, segs, range.startContainer, range.startOffset), offsetOf(el, segs, range.endContainer, range.endOffset)];
}

function offsetOf(el: HTMLElement, segs: Segment[], container: globalThis.Node, offset: number): number {
  let at = 0;
  if (container.nodeType === 3) {
    for (const s of segs) {
      if (s.node === container) return at + Math.min(offset, s.text.length);
      at += s.text.length;
    }
    return at;
  }
  // A point between children: the text of the segments before that child
  const child = container.childNodes[offset];
  for (const s of segs) {
    if (child && (child === s.node || child.contains(s.node) || child.compareDocumentPosition(s.node) & 4)) return at;
    at += s.text.length;
  }
  return container === el || el.contains(container) ? at : 0;
}

/** Selects from start to end (offsets in the region's text). */
export function select(el: HTMLElement, start: number, end = start): void {
  const segs = segments(el);
  const sel = el.ownerDocument.getSelection();
  if (!sel) return;
  const range = el.ownerDocument.createRange();
  const [sn, so] = pointAt(el, segs, start);
  const [en, eo] = pointAt(el, segs, end);
  range.setStart(sn, so);
  range.setEnd(en, eo);
  sel.removeAllRanges();
  sel.addRange(range);
}

function pointAt(el: HTMLElement, segs: Segment[], offset: number): [globalThis.Node, number] {
  let at = 0;
  for (const s of segs) {
    const len = s.text.length;
    if (s.node.nodeType === 3 && offset <= at + len) return [s.node, offset - at];
    at += len;
    if (s.node.nodeType !== 3 && offset <= at) {
      const parent = s.node.parentNode;
      // After a <br>; at the start of a block the browser added
      if (s.node.nodeName !== 'BR' || !parent) return [s.node, 0];
      return [parent, [...parent.childNodes].indexOf(s.node as ChildNode) + 1];
    }
  }
  return [el, el.lastChild?.nodeName === 'BR' ? el.childNodes.length - 1 : el.childNodes.length];
}

/** The region's text length. */
export const textLength = (el: HTMLElement) => segments(el).reduce((n, s) => n + s.text.length, 0);
