// A response body as JSON, written in pieces. V8 before 14 (Node 22 and 24) serializes a value
// whose JSON passes 128 KiB about fifteen times slower than the same value in pieces, and then
// encodes that large string to UTF-8 slowly again on the socket: a page of 25 documents with
// `populate=*` (140 kB) spent 1.1 ms in JSON.stringify where its 25 documents one by one take
// 0.17 ms. So the envelope's objects are walked, each array's elements are serialized one by one,
// and pieces are gathered into strings well under that size, encoded, and joined as bytes.
// The output is byte for byte what JSON.stringify writes.

/** V8 14 (Node 26) serializes large values without that cliff, and faster whole than in pieces. */
const WHOLE = Number(process.versions.v8.split('.')[0]) >= 14;

/** Gathered text is encoded once it passes this many characters (well under 128 KiB in UTF-8). */
const PIECE = 32 * 1024;

class Pieces {
  private text = '';
  private readonly bytes: Buffer[] = [];

  add(s: string): void {
    if (this.text.length + s.length <= PIECE) {
      this.text += s;
      return;
    }
    this.flush();
    if (s.length > PIECE) this.bytes.push(Buffer.from(s));
    else this.text = s;
  }

  result(): string | Buffer {
    if (!this.bytes.length) return this.text;
    this.flush();
    return Buffer.concat(this.bytes);
  }

  private flush(): void {
    if (this.text) this.bytes.push(Buffer.from(this.text));
    this.text = '';
  }
}

function walkable(value: unknown): value is object {
  if (value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** `value` is walkable. */
function write(value: object, depth: number, out: Pieces): void {
  if (Array.isArray(value)) {
    out.add('[');
    for (let i = 0; i < value.length; i++) {
      if (i) out.add(',');
      // an array's elements are serialized whole: a document is well under the limit
      const s = JSON.stringify(value[i]);
      out.add(s === undefined ? 'null' : s);
    }
    out.add(']');
    return;
  }
  out.add('{');
  let first = true;
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    const name = first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`;
    if (walkable(v) && (Array.isArray(v) || depth > 1)) {
      out.add(name);
      write(v, depth - 1, out);
    } else {
      // a member JSON leaves out (undefined, a function, a toJSON answering undefined) has no key
      const s = JSON.stringify(v);
      if (s === undefined) continue;
      out.add(name + s);
    }
    first = false;
  }
  out.add('}');
}

/**
 * `value` as JSON: a string when it is short, otherwise its UTF-8 bytes. Objects are walked
 * `depth` levels down (2: an envelope and its meta; 3: GraphQL's data too), and every array met
 * on the way; anything else is serialized whole, since a walk costs more than it saves on the
 * small answers that are most answers.
 */
export function jsonResponseBody(value: object, depth = 2): string | Buffer {
  if (WHOLE || !walkable(value)) return JSON.stringify(value) ?? 'null';
  const out = new Pieces();
  write(value, depth, out);
  return out.result();
}
