// A file's type is read from its bytes, never taken from the client: a PNG label on an HTML page
// must not make it an image. Binary formats by their signatures (file-type); text by a look at
// its start (markup a browser would run is named as such); the client's label is believed only
// for plain text types.

import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { typeOfExtension } from './media-types.js';

const HEAD_BYTES = 4100;

/** Text types a client may name for text that carries no markup. */
const TEXT_LABELS = new Set(['text/plain', 'text/csv', 'text/markdown', 'text/x-markdown', 'application/json', 'text/tab-separated-values', 'text/calendar', 'text/vtt']);

export interface Sniffed {
  mime: string;
  /** The extension that goes with the detected type (no dot), when the bytes named one. */
  ext?: string;
  /** An SVG that carries scripts, event handlers or HTML: never stored. */
  active?: boolean;
}

/** `declared` is the client's label; without one, the name's extension labels plain text. */
export async function sniffType(path: string, declared: string | undefined, name: string): Promise<Sniffed> {
  // Loaded with the first upload rather than at start
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(path);
  // file-type reads XML-based formats' signatures too; SVG and HTML come from the text look below
  if (detected && detected.mime !== 'application/xml') return { mime: detected.mime, ext: detected.ext };
  const head = await readHead(path);
  if (head.includes(0)) return { mime: 'application/octet-stream' };
  const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart().slice(0, 2000).toLowerCase();
  if (text.startsWith('<')) {
    // Only an <svg> root is a picture (an XHTML page with <svg> inside is a page); a picture with
    // scripts, handlers or embedded HTML is active content
    if (/^<svg[\s>]/.test(withoutProlog(text))) {
      return { mime: 'image/svg+xml', ext: 'svg', ...(HTML_MARKERS.test(text) || /\son[a-z]+\s*=|javascript:/.test(text) ? { active: true } : {}) };
    }
    if (HTML_MARKERS.test(text)) return { mime: 'text/html', ext: 'html' };
    return { mime: 'application/xml', ext: 'xml' };
  }
  if (/<(script|html|iframe|body)[\s>/]/.test(text)) return { mime: 'text/html', ext: 'html' };
  const label = (declared || typeOfExtension(extname(name))?.mime || '').split(';')[0]!.trim().toLowerCase();
  if (!isUtf8(head)) return { mime: 'application/octet-stream' };
  return { mime: TEXT_LABELS.has(label) ? label : 'text/plain' };
}

const HTML_MARKERS = /<(!doctype html|html|head|body|script|iframe|object|embed|frameset|meta|base|form)[\s>/]|<[a-z]+:(html|script|body)[\s>/]/;

/** The text from its root element on: no XML declaration, comments, doctype or whitespace. */
function withoutProlog(text: string): string {
  let rest = text;
  for (;;) {
    const next = rest.replace(/^\s+/, '').replace(/^<\?xml[^>]*\?>/, '').replace(/^<!--[\s\S]*?-->/, '').replace(/^<!doctype svg[^>]*>/, '');
    if (next === rest) return rest;
    rest = next;
  }
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Valid UTF-8 but for a sequence cut at the end of the sample. */
function isUtf8(head: Buffer): boolean {
  for (let cut = 0; cut < 4 && cut < head.length; cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut));
      return true;
    } catch { /* try a shorter sample */ }
  }
  return head.length === 0;
}

/** Whether a type matches a pattern list ('image/*', 'application/vnd.oasis.opendocument.*'). */
export function matchesAny(mime: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => new RegExp(`^${p.split('*').map(escape).join('.*')}$`, 'i').test(mime));
}

function escape(s: string): string {
  return s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}
