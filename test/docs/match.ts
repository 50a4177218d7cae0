// Placeholders ({{name}}, {{repeat:<n>:<text>}}) and the comparison of a response body with an
// expected body that may hold wildcards ("<any>", "<string>", "<number>", "<datetime>").

export type Bindings = Map<string, unknown>;

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

/**
 * Fills in {{name}} (a value saved by an earlier example) and {{repeat:<n>:<text>}} (text repeated n
 * times). `mode` says how a value is written: as is ('raw': request lines, headers), or JSON-escaped
 * for use inside a JSON string ('json-string').
 */
export function fill(text: string, bindings: Bindings, mode: 'raw' | 'json-string'): string {
  return text.replace(PLACEHOLDER, (_m, expr: string) => {
    const repeat = /^repeat:(\d+):([\s\S]*)$/.exec(expr);
    let value: string;
    if (repeat) {
      value = repeat[2]!.repeat(Number(repeat[1]));
    } else {
      if (!bindings.has(expr)) {
        throw new Error(`{{${expr}}} is not bound: no earlier example saved it (or that example failed)`);
      }
      const bound = bindings.get(expr);
      value = typeof bound === 'string' ? bound : JSON.stringify(bound);
    }
    return mode === 'json-string' ? JSON.stringify(value).slice(1, -1) : value;
  });
}

/** Looks up a dotted path (a.b.0.c). Paths start at `data` unless they start with data, meta or error. */
export function lookup(body: unknown, path: string): unknown {
  const segments = path.split('.');
  let node: unknown = body;
  // Content routes answer { data, meta }; auth and user routes answer bare objects ({ jwt, user })
  const enveloped = typeof body === 'object' && body !== null && Object.hasOwn(body, 'data');
  if (enveloped && !['data', 'meta', 'error'].includes(segments[0]!)) node = (body as { data?: unknown }).data;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) {
      throw new Error(`the response has nothing at ${path}`);
    }
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** undefined when `actual` matches `expected`, else the first difference, with its path. */
export function difference(expected: unknown, actual: unknown, path = '$'): string | undefined {
  if (typeof expected === 'string') {
    switch (expected) {
      case '<any>': return actual === undefined ? `${path}: missing` : undefined;
      case '<string>': return typeof actual === 'string' ? undefined : `${path}: expected a string, got ${show(actual)}`;
      case '<number>': return typeof actual === 'number' ? undefined : `${path}: expected a number, got ${show(actual)}`;
      case '<datetime>':
        return typeof actual === 'string' && ISO_DATETIME.test(actual) ? undefined
          : `${path}: expected an ISO 8601 UTC date-time, got ${show(actual)}`;
      default: return expected === actual ? undefined : `${path}: expected ${show(expected)}, got ${show(actual)}`;
    }
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected an array, got ${show(actual)}`;
    if (actual.length !== expected.length) {
      return `${path}: expected ${expected.length} item(s), got ${actual.length}: ${show(actual)}`;
    }
    for (const [i, item] of expected.entries()) {
      const d = difference(item, actual[i], `${path}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      return `${path}: expected an object, got ${show(actual)}`;
    }
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    const missing = Object.keys(e).filter((k) => !Object.hasOwn(a, k));
    if (missing.length) return `${path}: missing key(s) ${missing.join(', ')}`;
    const extra = Object.keys(a).filter((k) => !Object.hasOwn(e, k));
    if (extra.length) return `${path}: unexpected key(s) ${extra.map((k) => `${k}=${show(a[k])}`).join(', ')}`;
    for (const key of Object.keys(e)) {
      const d = difference(e[key], a[key], `${path}.${key}`);
      if (d) return d;
    }
    return undefined;
  }
  return Object.is(expected, actual) ? undefined : `${path}: expected ${show(expected)}, got ${show(actual)}`;
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 300 ? `${text.slice(0, 300)}...` : text;
}
