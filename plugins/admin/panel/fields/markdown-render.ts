// A small Markdown parser for the preview: the text becomes a tree of plain objects that
// markdown.tsx turns into elements, so nothing the editor typed is ever parsed as HTML. It knows
// the common subset (headings, paragraphs, emphasis, code, links, images, lists, quotes, rules);
// anything else shows as text. Links and images are checked here (safeHref, safeImage).

export type MdInline =
  | { t: 'text'; v: string }
  | { t: 'br' }
  | { t: 'code'; v: string }
  | { t: 'strong' | 'em' | 'del'; c: MdInline[] }
  | { t: 'link'; href: string; c: MdInline[] }
  | { t: 'img'; src: string; alt: string };

export type MdBlock =
  | { t: 'h'; level: 1 | 2 | 3 | 4 | 5 | 6; c: MdInline[] }
  | { t: 'p'; c: MdInline[] }
  | { t: 'pre'; lang: string; v: string }
  | { t: 'quote'; c: MdBlock[] }
  | { t: 'list'; ordered: boolean; start: number; items: MdBlock[][] }
  | { t: 'hr' };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const ITEM = /^( {0,3})([-*+]|(\d{1,9})[.)])([ \t]+|$)/;

/** Whether a line starts a block other than a paragraph (so it ends the paragraph before it). */
const startsBlock = (line: string) => FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || ITEM.test(line);

export function parseMarkdown(source: string): MdBlock[] {
  return parseBlocks(source.replace(/\r\n?/g, '\n').split('\n'));
}

function parseBlocks(lines: string[]): MdBlock[] {
  const out: MdBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) { i++; continue; }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(marker)) body.push(lines[i++]!);
      i++;
      out.push({ t: 'pre', lang: fence[2] ?? '', v: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      out.push({ t: 'h', level: heading[1]!.length as 1, c: parseInline(heading[2] ?? '') });
      i++;
      continue;
    }
    if (RULE.test(line)) { out.push({ t: 'hr' }); i++; continue; }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && lines[i]!.trim() && (QUOTE.test(lines[i]!) || !startsBlock(lines[i]!))) body.push(lines[i++]!.replace(QUOTE, ''));
      out.push({ t: 'quote', c: parseBlocks(body) });
      continue;
    }
    const item = ITEM.exec(line);
    if (item) { i = parseList(lines, i, out); continue; }
    const body: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !(body.length && startsBlock(lines[i]!))) body.push(lines[i++]!);
    out.push({ t: 'p', c: parseInline(body.map((l) => l.replace(/^[ \t]+/, '')).join('\n')) });
  }
  return out;
}

/** A list from line i: its items, each parsed again for what is indented under it. */
function parseList(lines: string[], i: number, out: MdBlock[]): number {
  const first = ITEM.exec(lines[i]!)!;
  const ordered = first[3] !== undefined;
  const items: MdBlock[][] = [];
  while (i < lines.length) {
    const m = ITEM.exec(lines[i]!);
    if (!m || (m[3] !== undefined) !== ordered) break;
    const indent = m[0].length || m[1]!.length + m[2]!.length + 1;
    const body = [lines[i]!.slice(m[0].length)];
    i++;
    while (i < lines.length) {
      const l = lines[i]!;
      if (!l.trim()) {
        // A blank line stays in the item only when an indented line follows it
        const next = lines[i + 1];
        if (next !== undefined && next.trim() && leading(next) >= indent) { body.push(''); i++; continue; }
        break;
      }
      if (leading(l) >= indent) { body.push(l.slice(Math.min(indent, leading(l)))); i++; continue; }
      if (ITEM.test(l) || startsBlock(l)) break;
      body.push(l);
      i++;
    }
    items.push(parseBlocks(body));
    if (i < lines.length && !lines[i]!.trim()) {
      const next = lines[i + 1];
      if (next !== undefined && ITEM.test(next)) i++;
    }
  }
  out.push({ t: 'list', ordered, start: ordered ? Number(first[3]) : 1, items });
  return i;
}

const leading = (line: string) => line.length - line.trimStart().length;

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;

export function parseInline(text: string): MdInline[] {
  const out: MdInline[] = [];
  let plain = '';
  const flush = () => { if (plain) out.push({ t: 'text', v: plain }); plain = ''; };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length) {
      if (text[i + 1] === '\n') { flush(); out.push({ t: 'br' }); i += 2; continue; }
      if (PUNCTUATION.test(text[i + 1]!)) { plain += text[i + 1]; i += 2; continue; }
    }
    if (ch === '\n') {
      // Two spaces before a line end break the line; otherwise it is a space
      if (plain.endsWith('  ')) { plain = plain.replace(/ +$/, ''); flush(); out.push({ t: 'br' }); } else plain += '\n';
      i++;
      continue;
    }
    if (ch === '`') {
      const run = /^`+/.exec(text.slice(i))![0];
      const end = text.indexOf(run, i + run.length);
      if (end > 0) {
        flush();
        out.push({ t: 'code', v: text.slice(i + run.length, end).replace(/\n/g, ' ').replace(/^ (.*) $/, '$1') });
        i = end + run.length;
        continue;
      }
      plain += run;
      i += run.length;
      continue;
    }
    if (ch === '<') {
      const auto = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/i.exec(text.slice(i));
      if (auto) { flush(); out.push({ t: 'link', href: auto[1]!, c: [{ t: 'text', v: auto[1]! }] }); i += auto[0].length; continue; }
    }
    if (ch === '!' && text[i + 1] === '[') {
      const link = linkAt(text, i + 1);
      if (link) { flush(); out.push({ t: 'img', src: link.href, alt: link.label }); i = link.end; continue; }
    }
    if (ch === '[') {
      const link = linkAt(text, i);
      if (link) { flush(); out.push({ t: 'link', href: link.href, c: parseInline(link.label) }); i = link.end; continue; }
    }
    const delimiter = ch === '*' || ch === '_' ? (text[i + 1] === ch ? ch + ch : ch) : ch === '~' && text[i + 1] === '~' ? '~~' : '';
    if (delimiter && opens(text, i, delimiter)) {
      const end = closing(text, i + delimiter.length, delimiter);
      if (end > 0) {
        flush();
        const inner = parseInline(text.slice(i + delimiter.length, end));
        out.push({ t: delimiter === '~~' ? 'del' : delimiter.length === 2 ? 'strong' : 'em', c: inner });
        i = end + delimiter.length;
        continue;
      }
    }
    plain += ch;
    i++;
  }
  flush();
  return out;
}

/** `[label](href "title")` from the `[` at i, or undefined. Brackets may nest once. */
function linkAt(text: string, i: number): { label: string; href: string; end: number } | undefined {
  let depth = 0;
  let j = i;
  for (; j < text.length; j++) {
    const c = text[j];
    if (c === '\\') { j++; continue; }
    if (c === '[') depth++;
    else if (c === ']' && --depth === 0) break;
  }
  if (j >= text.length || text[j + 1] !== '(') return undefined;
  const target = /^\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+("[^"]*"|'[^']*'))?\s*\)/.exec(text.slice(j + 1));
  if (!target) return undefined;
  const href = target[1]!.replace(/^<|>$/g, '');
  return { label: text.slice(i + 1, j), href, end: j + 1 + target[0].length };
}

/** An opening delimiter is followed by a non-space; `_` does not open inside a word. */
function opens(text: string, i: number, d: string): boolean {
  const after = text[i + d.length];
  if (after === undefined || /\s/.test(after)) return false;
  return !(d[0] === '_' && i > 0 && /\w/.test(text[i - 1]!));
}

function closing(text: string, from: number, d: string): number {
  let j = from;
  while (j < text.length) {
    if (text[j] === '\\') { j += 2; continue; }
    if (text[j] === '`') {
      const run = /^`+/.exec(text.slice(j))![0];
      const end = text.indexOf(run, j + run.length);
      j = end > 0 ? end + run.length : j + run.length;
      continue;
    }
    if (text.startsWith(d, j) && j > from && !/\s/.test(text[j - 1]!)) {
      const after = text[j + d.length];
      // `**` is not the end of `*` (nor `***` of `**`), and `_` does not close inside a word
      if (d.length === 1 && after === d) { j += 2; continue; }
      if (d[0] === '_' && after !== undefined && /\w/.test(after)) { j++; continue; }
      return j;
    }
    j++;
  }
  return -1;
}

/** Without control characters and spaces, which browsers drop from a URL's scheme. */
const compact = (url: string) => url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');

/** A link's address when it is http(s), mailto or relative; undefined otherwise. */
export function safeHref(url: string): string | undefined {
  const u = compact(url);
  if (!u) return undefined;
  if (/^(https?:|mailto:)/i.test(u)) return url.trim();
  // A relative address: no scheme before the first /, ? or #
  return /^[^/?#]*:/.test(u) ? undefined : url.trim();
}

/** An image's address when it is on this origin (relative or not); undefined otherwise. */
export function safeImage(url: string, origin: string): string | undefined {
  const u = compact(url);
  if (!u) return undefined;
  try {
    // Resolved the way the browser would (`//host`, `/\host` and `\\host` name another host)
    const parsed = new URL(u, `${origin}/`);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === origin ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
