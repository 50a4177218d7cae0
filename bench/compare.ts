// Where two JSON values first differ (key order included, as the bytes on the wire differ too).

export function firstDifference(a: unknown, b: unknown, path = '$'): string | undefined {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return `${path}: ${kind(a)} vs ${kind(b)}`;
    if (a.length !== b.length) return `${path}: length ${a.length} vs ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  if (isObject(a) || isObject(b)) {
    if (!isObject(a) || !isObject(b)) return `${path}: ${kind(a)} vs ${kind(b)}`;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.join(',') !== kb.join(',')) return `${path}: keys [${ka.join(', ')}] vs [${kb.join(', ')}]`;
    for (const key of ka) {
      const d = firstDifference(a[key], b[key], `${path}.${key}`);
      if (d) return d;
    }
    return undefined;
  }
  return Object.is(a, b) ? undefined : `${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function kind(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}
