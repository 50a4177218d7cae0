// The panel's HTTP client. The access token lives in memory only; the refresh token is the
// server's httpOnly cookie. A 401 refreshes once (one refresh at a time, shared by concurrent
// requests) and retries; when the session is over, requests wait while the editor signs in
// again in a dialog over the screen, then go on: the form they were typing in stays as it was.

import { createStore } from './store.js';

export interface ApiErrorBody { status: number; name: string; message: string; details?: unknown }

export class ApiError extends Error {
  readonly status: number;
  override readonly name: string;
  readonly details: unknown;
  constructor(body: ApiErrorBody) {
    super(body.message);
    this.status = body.status;
    this.name = body.name;
    this.details = body.details;
  }
  /** The server's validation errors by field path (a.b.0.c), for the form. */
  fieldErrors(): Map<string, string> {
    const out = new Map<string, string>();
    const errors = (this.details as { errors?: Array<{ path?: Array<string | number>; message?: string }> } | undefined)?.errors;
    for (const e of errors ?? []) if (e.path && e.message) out.set(e.path.join('.'), e.message);
    return out;
  }
}

export type Query = Record<string, unknown>;

/** The bracket keys and values of a nested object (qs's format: filters[title][$eq]), under
 *  `prefix`; null and undefined leave no key. */
export function bracketEntries(value: unknown, prefix = ''): Array<[string, string]> {
  if (value === undefined || value === null) return [];
  if (typeof value !== 'object') return [[prefix, String(value)]];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => bracketEntries(v, prefix ? `${prefix}[${k}]` : k));
}

/** Strapi's query strings, for filters and sort; an empty value is left out. */
export function toQuery(params: Query): string[] {
  return bracketEntries(params).filter(([, v]) => v !== '').map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
}

export const session = {
  token: '',
  /** Set while nobody is signed in and requests wait: the panel shows the sign-in dialog. */
  expired: createStore(false),
  waiting: [] as Array<() => void>,
};

let refreshing: Promise<boolean> | undefined;

/** Trades the refresh cookie for an access token; false when there is no live session. The
 *  server rotates the cookie on each use and ends the session when an old one comes back, so two
 *  tabs must not refresh at once: a Web Lock makes the second wait, and it then sends the cookie
 *  the first one received. */
export function refresh(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      if (navigator.locks) return await navigator.locks.request('strata-admin-refresh', trade);
      return await trade();
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

async function trade(): Promise<boolean> {
  try {
    const res = await fetch('/admin/access-token', { method: 'POST', headers: { accept: 'application/json' }, credentials: 'same-origin' });
    if (!res.ok) return false;
    session.token = ((await res.json()) as { data: { token: string } }).data.token;
    return true;
  } catch {
    return false;
  }
}

/** Called once signed in again: the waiting requests go on. */
export function resumeAfterSignIn(token: string): void {
  session.token = token;
  session.expired.set(false);
  for (const go of session.waiting.splice(0)) go();
}

export interface RequestOptions {
  query?: Query; body?: unknown; form?: FormData; signal?: AbortSignal; anonymous?: boolean;
  /** Fail rather than wait for a new sign-in when the session is over (logging out). */
  noWait?: boolean;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const qs = options.query ? toQuery(options.query).join('&') : '';
  const url = qs ? `${path}?${qs}` : path;
  const send = () => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (session.token && !options.anonymous) headers.authorization = `Bearer ${session.token}`;
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    return fetch(url, { method, headers, body, credentials: 'same-origin', signal: options.signal });
  };
  const sentWith = session.token;
  let res = await send();
  if (res.status === 401 && !options.anonymous) {
    // Another request refreshed meanwhile: its token is the one to try, not another refresh
    // (which would rotate the cookie once more)
    if (session.token === sentWith && !(await refresh())) {
      if (options.noWait) throw new ApiError({ status: 401, name: 'UnauthorizedError', message: 'The session has ended' });
      session.expired.set(true);
      await new Promise<void>((resolve) => session.waiting.push(resolve));
    }
    res = await send();
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: a proxy's error page, say
  }
  if (!res.ok) {
    const error = (json as { error?: ApiErrorBody } | null)?.error;
    throw new ApiError(error ?? { status: res.status, name: 'HttpError', message: res.statusText || `HTTP ${res.status}` });
  }
  return json as T;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown, query?: Query) => request<T>('POST', path, { body: body ?? {}, query }),
  put: <T>(path: string, body: unknown, query?: Query) => request<T>('PUT', path, { body, query }),
  del: <T>(path: string, query?: Query) => request<T>('DELETE', path, { query }),
};
