// What every answer of a list endpoint must look like, whatever the query: 200 with data and
// meta.pagination, or 400 in Strapi's error envelope; never a 500, never private values, password
// hashes, SQL or stack traces.

import { expect } from 'chai';
import type { TestKernel, TestResponse } from '../../helpers/kernel.js';

export const PRIVATE_MARKER = 'PRIVATE-MARKER-7f3a';
export const PASSCODE_MARKER = 'PASSCODE-MARKER-91';

/** Text that must never appear in an answer, unless the query itself carries it (an echoed value). */
export const FORBIDDEN: ReadonlyArray<{ what: string; re: RegExp }> = [
  { what: 'a private value', re: /PRIVATE-MARKER-7f3a/ },
  { what: 'a plain-text password', re: /PASSCODE-MARKER-91/ },
  { what: 'a bcrypt hash', re: /\$2[aby]\$/ },
  { what: 'an SQLite error', re: /SQLITE_[A-Z]/ },
  { what: 'a MySQL error code', re: /\bER_[A-Z]/ },
  { what: 'an SQL syntax error', re: /syntax error/i },
  { what: 'SQL text', re: /\bselect\b[\s\S]{0,300}?\bfrom\b/i },
  { what: 'SQL text', re: /\b(?:insert into|delete from)\b/i },
  { what: 'the query builder', re: /\bknex\b/i },
  { what: 'a database error', re: /\bno such (?:table|column)\b|\bdoes not exist\b|\bviolates\b|\bduplicate key\b/i },
  { what: 'a JavaScript error', re: /\b(?:TypeError|ReferenceError|RangeError|SyntaxError)\b|\bis not a function\b|\bCannot read prop/ },
  { what: 'a stack trace', re: /\.(?:ts|js|mjs|cjs):\d+(?::\d+)?\b|\bnode_modules\b/ },
];

const HIDDEN_KEYS = new Set(['secretNote', 'passcode']);

/** How qs decodes: '+' is a space, malformed escapes stay as written. */
export function decodeLoosely(query: string): string {
  const text = query.replace(/\+/g, ' ');
  try { return decodeURIComponent(text); } catch {
    return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => { try { return decodeURIComponent(run); } catch { return run; } });
  }
}

/** The path of the first key in `hidden` anywhere in `value`. */
export function findHiddenKey(value: unknown, path: string[] = [], hidden: ReadonlySet<string> = HIDDEN_KEYS): string | undefined {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const hit = findHiddenKey(item, [...path, String(i)], hidden);
      if (hit) return hit;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (hidden.has(key)) return [...path, key].join('.');
      const hit = findHiddenKey(child, [...path, key], hidden);
      if (hit) return hit;
    }
  }
  return undefined;
}

export interface Stats { requests: number; ok: number; refused: number; byName: Map<string, number> }
export const newStats = (): Stats => ({ requests: 0, ok: 0, refused: 0, byName: new Map() });

/** Sends GET <endpoint>?<wire> with a time limit: a request that never ends is a failure too. */
export async function getList(app: TestKernel, endpoint: string, wire: string, timeoutMs = 20_000): Promise<TestResponse> {
  const path = `${endpoint}?${wire}`;
  let res: Response;
  try {
    res = await fetch(`${app.url}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new Error(`GET ${path}: no answer (${(err as Error).message})`);
  }
  const text = await res.text();
  let body: unknown = null;
  if (text) { try { body = JSON.parse(text); } catch { body = text; } }
  return { status: res.status, headers: res.headers, body, text };
}

/**
 * Checks one answer. `query` is the query string as sent (without '?'); `logs` are the server's
 * log lines, so a 500's cause lands in the failure message.
 */
export function checkAnswer(endpoint: string, query: string, res: TestResponse, logs: TestKernel['logs'], stats?: Stats): void {
  // Very long queries are cut in messages; fast-check prints the full counterexample anyway
  const shown = query.length > 1500 ? `${query.slice(0, 1500)}... (${query.length} chars)` : query;
  const where = `GET ${endpoint}?${shown}`;
  const short = res.text.length > 600 ? `${res.text.slice(0, 600)}...` : res.text;
  if (res.status === 500) {
    // The logged error's first line: the failing SQL, then the driver's reason at its end
    const line = ([...logs].reverse().find((l) => l.level === 'error')?.message ?? '(nothing logged)').split('\n')[0]!;
    const cause = line.length > 1000 ? `${line.slice(0, 300)} … ${line.slice(-500)}` : line;
    expect.fail(`500 for ${where}\nresponse: ${short}\nserver log: ${cause}`);
  }
  expect(res.status, `status !== 500 for ${where}`).to.not.equal(500);
  // 414: a query string over server.limits.queryLength, refused in the same envelope
  expect([200, 400, 414], `status for ${where}: ${res.status} ${short}`).to.include(res.status);

  const body = res.body as Record<string, unknown> | null;
  expect(body, `JSON object body for ${where}: ${short}`).to.be.an('object');
  if (res.status !== 200) {
    expect(Object.keys(body!).sort(), `400 envelope keys for ${where}: ${short}`).to.deep.equal(['data', 'error']);
    expect(body!.data, `400 data for ${where}`).to.equal(null);
    const error = body!.error as Record<string, unknown>;
    expect(error, `400 error object for ${where}: ${short}`).to.be.an('object');
    expect(Object.keys(error).sort(), `400 error keys for ${where}: ${short}`).to.deep.equal(['details', 'message', 'name', 'status']);
    expect(error.status, `error.status for ${where}`).to.equal(res.status);
    expect(error.name, `error.name for ${where}`).to.be.a('string').that.is.not.empty;
    expect(error.message, `error.message for ${where}`).to.be.a('string').that.is.not.empty;
    expect(error.details, `error.details for ${where}: ${short}`).to.be.an('object').and.not.an('array');
    expect(error.details, `error.details for ${where}`).to.not.equal(null);
    if (stats) stats.byName.set(error.name as string, (stats.byName.get(error.name as string) ?? 0) + 1);
  } else {
    expect(body!.data, `data array for ${where}: ${short}`).to.be.an('array');
    const meta = body!.meta as Record<string, unknown> | undefined;
    expect(meta?.pagination, `meta.pagination for ${where}: ${short}`).to.be.an('object');
    const hidden = findHiddenKey(body!.data);
    expect(hidden, `a private or password attribute (${hidden}) in the answer to ${where}`).to.equal(undefined);
  }

  const asked = `${query}\n${decodeLoosely(query)}`;
  for (const { what, re } of FORBIDDEN) {
    const m = re.exec(res.text);
    if (m && !re.test(asked)) expect.fail(`${what} (${JSON.stringify(m[0])}) in the ${res.status} answer to ${where}: ${short}`);
  }
  if (stats) {
    stats.requests++;
    if (res.status === 200) stats.ok++; else stats.refused++;
  }
}

export function formatStats(label: string, stats: Stats): string {
  const names = [...stats.byName.entries()].map(([n, c]) => `${n} ${c}`).join(', ');
  return `${label}: ${stats.requests} requests, 200: ${stats.ok}, 400: ${stats.refused}${names ? ` (${names})` : ''}`;
}
