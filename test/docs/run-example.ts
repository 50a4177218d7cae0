// Sends one documented request to a running server and compares the answer with the expected
// block under it; shared by the docs suite (a kernel per page) and the getting-started walk (a
// packed app's server).

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT } from '../helpers/kernel.js';
import type { Example } from './markdown.js';
import { difference, fill, lookup, type Bindings } from './match.js';

/** Where the request goes, and the server's log lines (error lines are shown on a mismatch). */
export interface ExampleServer {
  url: string;
  logs: ReadonlyArray<{ level: string; message: string }>;
}

/** curl -F parts as a multipart body; files come from the repository (paths as written). */
function formBody(parts: NonNullable<Example['request']['form']>, bindings: Bindings): FormData {
  const form = new FormData();
  for (const part of parts) {
    if (part.file === undefined) form.append(part.name, fill(part.value ?? '', bindings, 'raw'));
    else form.append(part.name, new Blob([readFileSync(join(ROOT, part.file))], part.type ? { type: part.type } : {}), basename(part.file));
  }
  return form;
}

/** Further checks of an exchange (against the app's OpenAPI document); returns problems. */
export type ExchangeCheck = (request: { method: string; target: string; body: unknown; expectedStatus: number }, response: { status: number; body: unknown }) => string[];

export async function run(app: ExampleServer, example: Example, bindings: Bindings, check?: ExchangeCheck): Promise<void> {
  const { request, expected } = example;
  const target = fill(request.target, bindings, 'raw');
  const headers = request.headers.map(([k, v]) => [k, fill(v, bindings, 'raw')] as [string, string]);
  const body = request.form ? formBody(request.form, bindings) : request.body === undefined ? undefined : fill(request.body, bindings, 'json-string');
  const logsBefore = app.logs.length;
  const res = await fetch(`${app.url}${target}`, { method: request.method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let actual: unknown = null;
  if (text !== '') {
    try { actual = JSON.parse(text); } catch { actual = text; }
  }

  for (const save of example.saves) {
    try { bindings.set(save.name, lookup(actual, save.path)); } catch { /* reported by the comparison below */ }
  }

  const problems: string[] = [];
  if (res.status !== expected.status) problems.push(`status: expected ${expected.status}, got ${res.status}`);
  if (expected.body === undefined) {
    if (text !== '') problems.push(`body: expected none, got ${text.slice(0, 300)}`);
  } else {
    let wanted: unknown;
    try {
      wanted = JSON.parse(fill(expected.body, bindings, 'json-string'));
    } catch (err) {
      throw new Error(`${example.file}:${expected.line}: the expected body is not JSON: ${(err as Error).message}`);
    }
    const diff = difference(wanted, actual);
    if (diff) problems.push(`body: ${diff}`);
  }
  for (const save of example.saves) {
    if (!bindings.has(save.name)) problems.push(`# save ${save.path} as ${save.name}: the response has nothing there`);
  }
  if (check) {
    let sent: unknown;
    if (typeof body === 'string') {
      try { sent = JSON.parse(body); } catch { sent = undefined; }
    }
    problems.push(...check({ method: request.method, target, body: sent, expectedStatus: expected.status }, { status: res.status, body: actual }).map((p) => `openapi: ${p}`));
  }
  if (problems.length) {
    expect.fail([
      `${example.file}:${example.line} ${request.method} ${target}`,
      ...problems.map((p) => `  ${p}`),
      '  actual response body:',
      ...(text === '' ? ['    (empty)'] : JSON.stringify(actual, null, 2).split('\n').map((l) => `    ${l}`)),
      ...app.logs.slice(logsBefore).filter((l) => l.level === 'error').map((l) => `  server error log: ${l.message}`),
    ].join('\n'));
  }
}

