// Extracts the executable examples from a Markdown file (the convention is described in
// docs/README.md): an `http` block, or a shell block holding one `curl` command, immediately
// followed by a `json status=<code>` block with the expected response body. Blocks with a
// `file=<path>` attribute are files the examples of that document need (a plugin, a config file).

export interface Block {
  /** The first word of the info string: http, json, ts, bash, ... */
  lang: string;
  /** key=value attributes after the first word of the info string. */
  attrs: Record<string, string>;
  content: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** 1-based line of the closing fence. */
  endLine: number;
}

export interface Save { path: string; name: string }

export interface ExampleRequest {
  method: string;
  /** Path and query, as sent (placeholders not yet filled in). */
  target: string;
  headers: Array<[string, string]>;
  /** Raw body text (placeholders not yet filled in); undefined when there is none. */
  body?: string;
  /** A multipart form (curl's -F): text fields, and files read from the repository. */
  form?: FormPart[];
}

/** `name=value`, or `name=@path[;type=mime]` (a file, its path relative to the repository). */
export interface FormPart { name: string; value?: string; file?: string; type?: string }

export interface Example {
  file: string;
  line: number;
  kind: 'http' | 'curl';
  request: ExampleRequest;
  saves: Save[];
  expected: { status: number; line: number; body?: string };
}

export interface DocFile { path: string; content: string }

export interface ParsedDoc {
  examples: Example[];
  /** Blocks with a file= attribute, by path. */
  files: Array<{ path: string; content: string; line: number }>;
  errors: string[];
}

const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'console']);
const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;

export function parseBlocks(markdown: string): Block[] {
  const lines = markdown.split(/\r?\n/);
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const fence = open[2]!;
    const info = open[3]!.trim();
    if (fence[0] === '`' && info.includes('`')) continue; // not a fence (CommonMark)
    const indent = open[1]!.length;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^( {0,3})(`{3,}|~{3,})\s*$/.exec(lines[j]!);
      if (close && close[2]![0] === fence[0] && close[2]!.length >= fence.length) break;
      body.push(indent ? lines[j]!.replace(new RegExp(`^ {0,${indent}}`), '') : lines[j]!);
    }
    const [lang = '', ...rest] = info.split(/\s+/).filter(Boolean);
    const attrs: Record<string, string> = {};
    for (const item of rest) {
      const eq = item.indexOf('=');
      if (eq > 0) attrs[item.slice(0, eq)] = item.slice(eq + 1);
      else attrs[item] = 'true';
    }
    blocks.push({ lang: lang.toLowerCase(), attrs, content: body.join('\n'), line: i + 1, endLine: j + 1 });
    i = j;
  }
  return blocks;
}

export function parseDoc(doc: DocFile): ParsedDoc {
  const blocks = parseBlocks(doc.content);
  const lines = doc.content.split(/\r?\n/);
  const examples: Example[] = [];
  const files: ParsedDoc['files'] = [];
  const errors: string[] = [];
  const where = (line: number) => `${doc.path}:${line}`;

  for (const [index, block] of blocks.entries()) {
    // `schema=content-types/x.json` blocks add a content type to the page's own copy of the example app
    const path = block.attrs.file ?? block.attrs.schema;
    if (path) files.push({ path, content: block.content, line: block.line });
    const isCurl = SHELL_LANGS.has(block.lang) && /^\s*(\$\s*)?curl\s/m.test(stripComments(block.content));
    if (block.lang !== 'http' && !isCurl) {
      if (block.lang === 'json' && block.attrs.status !== undefined && !isPaired(blocks[index - 1], block, lines)) {
        errors.push(`${where(block.line)}: a \`json status=\` block must follow an http or curl block directly`);
      }
      continue;
    }
    const next = blocks[index + 1];
    if (!next || next.lang !== 'json' || next.attrs.status === undefined || !isPaired(block, next, lines)) {
      errors.push(`${where(block.line)}: an ${isCurl ? 'curl' : 'http'} example must be followed directly by a \`json status=<code>\` block`);
      continue;
    }
    const status = Number(next.attrs.status);
    if (!Number.isInteger(status) || status < 100 || status > 599) {
      errors.push(`${where(next.line)}: status=${next.attrs.status} is not an HTTP status code`);
      continue;
    }
    try {
      const { request, saves } = isCurl ? parseCurlBlock(block.content) : parseHttpBlock(block.content);
      const body = next.content.trim();
      examples.push({
        file: doc.path, line: block.line, kind: isCurl ? 'curl' : 'http', request, saves,
        expected: { status, line: next.line, ...(body === '' ? {} : { body }) },
      });
    } catch (err) {
      errors.push(`${where(block.line)}: ${(err as Error).message}`);
    }
  }
  return { examples, files, errors };
}

/** Only blank lines between the closing fence of `a` and the opening fence of `b`. */
function isPaired(a: Block | undefined, b: Block, lines: string[]): boolean {
  if (!a) return false;
  for (let l = a.endLine; l < b.line - 1; l++) if (lines[l]!.trim() !== '') return false;
  return true;
}

function stripComments(text: string): string {
  return text.split('\n').filter((l) => !l.trim().startsWith('#')).join('\n');
}

const SAVE = /^#\s*save\s+(\S+)\s+as\s+([A-Za-z_][\w-]*)\s*$/;

function directive(line: string, saves: Save[]): void {
  const m = SAVE.exec(line.trim());
  if (m) saves.push({ path: m[1]!, name: m[2]! });
  else if (/^#\s*save\b/.test(line.trim())) throw new Error(`cannot read "${line.trim()}": write # save <path> as <name>`);
}

/**
 * METHOD /path?query [HTTP/1.1]
 * Header: value
 *
 * body
 * Lines starting with # before the body are comments; `# save <path> as <name>` binds a value.
 */
export function parseHttpBlock(text: string): { request: ExampleRequest; saves: Save[] } {
  const lines = text.split('\n');
  const saves: Save[] = [];
  let i = 0;
  for (; i < lines.length && (lines[i]!.trim() === '' || lines[i]!.trim().startsWith('#')); i++) directive(lines[i]!, saves);
  const requestLine = lines[i++];
  const m = requestLine ? /^([A-Z]+)\s+(\S+)(?:\s+HTTP\/[\d.]+)?\s*$/.exec(requestLine.trim()) : null;
  if (!m) throw new Error(`expected a request line such as "GET /api/categories", got ${JSON.stringify(requestLine ?? '')}`);
  const headers: Array<[string, string]> = [];
  for (; i < lines.length && lines[i]!.trim() !== ''; i++) {
    const line = lines[i]!.trim();
    if (line.startsWith('#')) { directive(line, saves); continue; }
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`expected a header line "Name: value", got ${JSON.stringify(line)}`);
    headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  const body = lines.slice(i + 1).join('\n').trim();
  return { request: { method: m[1]!, target: m[2]!, headers, ...(body ? { body } : {}) }, saves };
}

/** One curl command (backslash-newline continuations allowed); # lines are comments/directives. */
export function parseCurlBlock(text: string): { request: ExampleRequest; saves: Save[] } {
  const saves: Save[] = [];
  const commandLines: string[] = [];
  for (const line of text.split('\n')) {
    if (line.trim().startsWith('#')) directive(line, saves);
    else commandLines.push(line);
  }
  const words = shellWords(commandLines.join('\n').replace(/^\s*\$\s*/, ''));
  if (words[0] !== 'curl') throw new Error('a shell example must be a single curl command');
  let method: string | undefined;
  let url: string | undefined;
  let body: string | undefined;
  const headers: Array<[string, string]> = [];
  const form: FormPart[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const value = (): string => {
      const v = words[++i];
      if (v === undefined) throw new Error(`curl option ${w} needs a value`);
      return v;
    };
    if (w === '-X' || w === '--request') method = value();
    else if (w === '-H' || w === '--header') {
      const h = value();
      const colon = h.indexOf(':');
      if (colon <= 0) throw new Error(`curl header ${JSON.stringify(h)} has no name`);
      headers.push([h.slice(0, colon).trim(), h.slice(colon + 1).trim()]);
    } else if (w === '-d' || w === '--data' || w === '--data-raw' || w === '--data-binary') body = value();
    else if (w === '-F' || w === '--form') form.push(formPart(value()));
    else if (w === '--json') {
      body = value();
      headers.push(['Content-Type', 'application/json'], ['Accept', 'application/json']);
    } else if (['-s', '-S', '-sS', '--silent', '--show-error', '-g', '--globoff', '-f', '--fail-with-body'].includes(w)) continue;
    else if (w.startsWith('-')) throw new Error(`curl option ${w} is not understood by the example runner`);
    else if (url === undefined) url = w;
    else throw new Error(`unexpected curl argument ${JSON.stringify(w)}`);
  }
  if (!url) throw new Error('the curl command has no URL');
  const target = url.replace(/^https?:\/\/[^/]+/, '');
  if (!target.startsWith('/')) throw new Error(`cannot read the path of ${url}`);
  return {
    request: {
      method: method ?? (body !== undefined || form.length ? 'POST' : 'GET'), target, headers,
      ...(body !== undefined ? { body } : {}), ...(form.length ? { form } : {}),
    },
    saves,
  };
}

function formPart(spec: string): FormPart {
  const eq = spec.indexOf('=');
  if (eq <= 0) throw new Error(`curl -F ${JSON.stringify(spec)} has no name=`);
  const name = spec.slice(0, eq);
  const value = spec.slice(eq + 1);
  if (!value.startsWith('@')) return { name, value };
  const [file, ...params] = value.slice(1).split(';');
  const type = params.find((p) => p.startsWith('type='))?.slice('type='.length);
  return { name, file: file!, ...(type ? { type } : {}) };
}

/** POSIX-shell word splitting for the quoting a curl example uses: '...', "...", \ escapes. */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let current: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && text[i + 1] === '\n') { i++; continue; }
    if (/\s/.test(c)) {
      if (current !== undefined) { words.push(current); current = undefined; }
      continue;
    }
    current ??= '';
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated single quote');
      current += text.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === '\\' && '"\\$`'.includes(text[j + 1] ?? '')) j++;
        current += text[j];
      }
      if (j >= text.length) throw new Error('unterminated double quote');
      i = j;
    } else if (c === '\\') {
      current += text[++i] ?? '';
    } else {
      current += c;
    }
  }
  if (current !== undefined) words.push(current);
  return words;
}
