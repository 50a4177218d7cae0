// The Markdown toolbar's edits, as pure functions of the text and the selection: each returns
// the range to replace, what replaces it and the selection afterwards, so the textarea can apply
// it as one edit the browser's undo knows.

export type MdAction = 'bold' | 'italic' | 'heading' | 'link' | 'bullets' | 'numbers' | 'quote' | 'code';

export interface Edit { from: number; to: number; insert: string; select: [number, number] }

const WRAP: Partial<Record<MdAction, [string, string]>> = { bold: ['**', 'bold text'], italic: ['_', 'italic text'] };

export function formatMarkdown(text: string, start: number, end: number, action: MdAction): Edit {
  const selected = text.slice(start, end);
  const wrap = WRAP[action];
  if (wrap) return wrapped(text, start, end, wrap[0], wrap[1]);
  if (action === 'code') {
    if (selected.includes('\n')) return block(text, start, end, (lines) => ['```', ...lines, '```']);
    return wrapped(text, start, end, '`', 'code');
  }
  if (action === 'link') {
    const label = selected || 'link text';
    const insert = `[${label}](https://)`;
    // The address is selected when there was a label, the label otherwise
    const at = selected ? start + label.length + 3 : start + 1;
    return { from: start, to: end, insert, select: selected ? [at, at + 8] : [at, at + label.length] };
  }
  if (action === 'heading') return block(text, start, end, (lines) => lines.map((l) => (/^#{1,6} /.test(l) ? l.replace(/^#{1,6} /, '') : `## ${l}`)));
  if (action === 'quote') return block(text, start, end, (lines) => lines.map((l) => (l.startsWith('> ') ? l.slice(2) : `> ${l}`)));
  if (action === 'bullets') return block(text, start, end, (lines) => lines.map((l) => (l.startsWith('- ') ? l.slice(2) : `- ${l}`)));
  return block(text, start, end, (lines) => lines.map((l, i) => (/^\d+\. /.test(l) ? l.replace(/^\d+\. /, '') : `${i + 1}. ${l}`)));
}

/** Wraps the selection (or a placeholder, selected) in a marker; unwraps it when already wrapped. */
function wrapped(text: string, start: number, end: number, marker: string, placeholder: string): Edit {
  const n = marker.length;
  if (start >= n && text.slice(start - n, start) === marker && text.slice(end, end + n) === marker && end > start) {
    return { from: start - n, to: end + n, insert: text.slice(start, end), select: [start - n, end - n] };
  }
  const inner = text.slice(start, end) || placeholder;
  return { from: start, to: end, insert: `${marker}${inner}${marker}`, select: [start + n, start + n + inner.length] };
}

/** Rewrites the whole lines the selection touches; the result is selected, or the caret is put
 *  after it when nothing was selected (to type the heading or the item). */
function block(text: string, start: number, end: number, rewrite: (lines: string[]) => string[]): Edit {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const stop = text.indexOf('\n', end > start && text[end - 1] === '\n' ? end - 1 : end);
  const to = stop < 0 ? text.length : stop;
  const insert = rewrite(text.slice(from, to).split('\n')).join('\n');
  return { from, to, insert, select: [start === end ? from + insert.length : from, from + insert.length] };
}
