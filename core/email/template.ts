// A renderer for Strapi's email template syntax that substitutes and never evaluates: a template
// is cut once, at start-up, into literal text and `<%= NAME %>` tags naming a known variable;
// rendering joins the pieces with the values. Strapi ran these templates through lodash's
// template, which compiles them to JavaScript (CVE-2023-22621: whoever could edit a template
// could run code on the server); here no template text ever reaches an evaluator, and a value
// is never scanned for tags, so a username holding `<%= ... %>` stays text.

export type TemplatePart = { text: string } | { variable: string };

/** Why a template was refused, and the text that made it so (quoted in the start-up error). */
export class TemplateSyntaxError extends Error {
  constructor(readonly offending: string, readonly reason: string) {
    super(`${JSON.stringify(offending)} ${reason}`);
    this.name = 'TemplateSyntaxError';
  }
}

const OPEN = '<%';
const CLOSE = '%>';
// What a reader may take for a variable: refused as unknown rather than as an expression
const NAME = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
// Long enough to recognise in the error, short enough for a log line
const QUOTED = 80;

/** Cuts `source` into parts; throws TemplateSyntaxError on anything but `<%= known %>` tags. */
export function compileTemplate(source: string, variables: readonly string[]): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let from = 0;
  for (let open = source.indexOf(OPEN); open !== -1; open = source.indexOf(OPEN, from)) {
    if (open > from) parts.push({ text: source.slice(from, open) });
    const close = source.indexOf(CLOSE, open + OPEN.length);
    if (close === -1) throw new TemplateSyntaxError(source.slice(open, open + QUOTED), 'opens a tag that is never closed with %>');
    const tag = source.slice(open, close + CLOSE.length);
    const inner = source.slice(open + OPEN.length, close);
    if (!inner.startsWith('=')) {
      throw new TemplateSyntaxError(tag.slice(0, QUOTED), 'is an evaluation block: templates only substitute variables, written <%= NAME %>');
    }
    const name = inner.slice(1).trim();
    if (!variables.includes(name)) {
      const known = `this template knows ${variables.join(', ')}`;
      throw new TemplateSyntaxError(tag.slice(0, QUOTED), NAME.test(name)
        ? `names an unknown variable: ${known}`
        : `is an expression, and templates never evaluate anything: ${known}`);
    }
    parts.push({ variable: name });
    from = close + CLOSE.length;
  }
  if (from < source.length) parts.push({ text: source.slice(from) });
  return parts;
}

/** Joins the parts, each variable's value passed through `encode` (HTML escaping for html). */
export function renderTemplate(parts: readonly TemplatePart[], values: Readonly<Record<string, string>>, encode: (value: string) => string = (v) => v): string {
  let out = '';
  for (const part of parts) out += 'text' in part ? part.text : encode(values[part.variable] ?? '');
  return out;
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside HTML text and quoted attributes (pages and email). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}
