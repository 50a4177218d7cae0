// Whole requests for the request fuzzer, by class: reads (the query generators), writes (bodies
// shaped by the schemas and malformed ones), odd methods and paths, hostile headers and content
// encodings, GraphQL documents, and the users-permissions auth flows. A request is data (method,
// path, headers, body bytes), so a failure can be printed and replayed as it was sent.

import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { anyValue, rawRequest, structuredRequest, toWire } from './arbitraries.js';
import { malformedJson, writeBody, type KnownIds } from './bodies.js';
import { ARTICLE, AUTHOR, CATEGORY } from './schema.js';

type Arb<T> = fc.Arbitrary<T>;

export const CLASSES = ['read', 'write', 'method', 'header', 'graphql', 'auth'] as const;
export type RequestClass = (typeof CLASSES)[number];

export interface WireRequest {
  class: RequestClass;
  method: string;
  /** Path and query string, as written on the request line. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** What the generators know about the app under test. */
export interface FuzzContext {
  /** documentIds per content-type uid, so updates and relations reach real rows. */
  known: KnownIds;
  /** A full-access API token; without one writes stop at the permission check. */
  token?: string;
}

const COLLECTIONS: ReadonlyArray<{ path: string; uid: string }> = [
  { path: '/api/articles', uid: ARTICLE },
  { path: '/api/categories', uid: CATEGORY },
  { path: '/api/authors', uid: AUTHOR },
];
/** The collections the writes and reads address, uid to route. */
export const COLLECTION_PATHS: ReadonlyArray<[string, string]> = COLLECTIONS.map(({ path, uid }) => [uid, path]);

/** JSON.stringify that writes bigints as the number literals JSON allows. */
export function toJson(value: unknown): string {
  const marked = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `\u0001${v}\u0001` : v));
  return (marked ?? 'null').replace(/"\\u0001(-?\d+)\\u0001"/g, '$1');
}

const json = (value: unknown): Buffer => Buffer.from(toJson(value));

function authHeader(ctx: FuzzContext, forWrite: boolean): Arb<Record<string, string>> {
  const valid = ctx.token ? [{ authorization: `Bearer ${ctx.token}` }] : [];
  return fc.oneof(
    { weight: forWrite ? 8 : 2, arbitrary: valid.length ? fc.constantFrom(...valid) : fc.constant({}) },
    { weight: 3, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constantFrom('Bearer', 'Bearer ', 'Bearer x', 'Basic YTpi', 'bearer abc', `Bearer ${'a'.repeat(3000)}`,
      'Bearer eyJhbGciOiJub25lIn0.eyJpZCI6MX0.', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.c2ln', 'Token x', ' ', 'Bearer a b')
      .map((authorization) => ({ authorization })) },
  );
}

const queryTail = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom('?locale=fr', '?locale=xx', '?status=draft', '?status=published', '?status=x', '?locale[]=en',
    '?populate=*', '?fields=title', '?hasPublishedVersion=true', '?locale=%00') },
);

function read(ctx: FuzzContext): Arb<WireRequest> {
  const list = fc.oneof(structuredRequest, rawRequest).map(({ endpoint, query }) => `${endpoint}?${toWire(query)}`);
  const one = fc.constantFrom(...COLLECTIONS).chain(({ path, uid }) => fc.tuple(
    fc.oneof(fc.constantFrom(...(ctx.known[uid]?.length ? ctx.known[uid]! : ['none'])), fc.string({ maxLength: 30 }).map(encodeURIComponent)),
    fc.oneof(queryTail, rawRequest.map(({ query }) => `?${toWire(query)}`)),
  ).map(([id, tail]) => `${path}/${id}${tail}`));
  const others = fc.tuple(
    fc.constantFrom('/api/global', '/api/i18n/locales', '/api/users/me', '/api/users', '/api/users/1', '/api/users-permissions/roles',
      '/api/users-permissions/roles/1', '/api/users/count', '/api/connect/github', '/api/auth/email-confirmation'),
    fc.oneof(queryTail, rawRequest.map(({ query }) => `?${toWire(query)}`)),
  ).map(([p, tail]) => p + tail);
  return fc.tuple(fc.oneof({ weight: 4, arbitrary: list }, { weight: 2, arbitrary: one }, { weight: 1, arbitrary: others }), authHeader(ctx, false))
    .map(([path, headers]) => ({ class: 'read' as const, method: 'GET', path, headers }));
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json', 'application/json; charset=latin1',
  'application/json; charset=utf-16', 'APPLICATION/JSON', 'application/json;;', 'application/jsonx', 'text/json'];
const OTHER_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x',
  'application/xml', 'application/octet-stream', '', '*/*', 'application/', ';', 'application/json, text/plain'];

function write(ctx: FuzzContext): Arb<WireRequest> {
  const target = fc.constantFrom(...COLLECTIONS).chain(({ path, uid }) => {
    const ids = ctx.known[uid]?.length ? ctx.known[uid]! : ['none'];
    return fc.oneof(
      fc.constant({ method: 'POST', path, uid }),
      fc.constantFrom(...ids).map((id) => ({ method: 'PUT', path: `${path}/${id}`, uid })),
      fc.string({ maxLength: 20 }).map((id) => ({ method: 'PUT', path: `${path}/${encodeURIComponent(id)}`, uid })),
    );
  });
  const global = fc.constant({ method: 'PUT', path: '/api/global', uid: 'api::global.global' });
  return fc.tuple(fc.oneof({ weight: 6, arbitrary: target }, { weight: 1, arbitrary: global }), queryTail, authHeader(ctx, true))
    .chain(([t, tail, auth]) => fc.oneof(
      { weight: 8, arbitrary: writeBody(t.uid, ctx.known).map((b) => ({ body: json(b), type: 'application/json' })) },
      { weight: 2, arbitrary: fc.tuple(malformedJson, fc.constantFrom(...JSON_TYPES)).map(([b, type]) => ({ body: Buffer.from(b), type })) },
      { weight: 1, arbitrary: fc.tuple(writeBody(t.uid, ctx.known), fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES)).map(([b, type]) => ({ body: json(b), type })) },
      { weight: 1, arbitrary: fc.tuple(fc.uint8Array({ maxLength: 64 }), fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES)).map(([b, type]) => ({ body: Buffer.from(b), type })) },
    ).map(({ body, type }) => ({
      class: 'write' as const, method: t.method, path: t.path + tail,
      headers: { ...auth, ...(type ? { 'content-type': type } : {}) }, body,
    })));
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK',
  'SEARCH', 'PURGE', 'REPORT', 'MERGE', 'NOTIFY', 'SUBSCRIBE', 'LINK', 'QUERY', 'ACL', 'BIND', 'get', 'FOO', 'X-CUSTOM'];
const PATHS = ['/', '/api', '/api/', '/api/articles', '/api/articles/', '/api/articles/none', '/api/articles/none/actions/publish',
  '/api/global', '/api/authors/x', '/api/categories', '/api/nope', '/graphql', '/api/auth/local', '/api/auth/local/register',
  '/api/users/me', '/api/i18n/locales', '/api/upload', '//api//articles', '/api/articles/../authors', '/api/%2e%2e/authors',
  '/api/articles%2F1', '/api/articles/%', '/api/articles/%00', '/API/ARTICLES', '/api/articles;x=1', '/api/articles/1/2/3/4/5',
  `/api/${'a'.repeat(3000)}`, '/favicon.ico', '/uploads/../../etc/passwd', '/.env', '/api/articles?', '/api/articles#x'];

function method(ctx: FuzzContext): Arb<WireRequest> {
  return fc.tuple(
    fc.constantFrom(...METHODS), fc.constantFrom(...PATHS), authHeader(ctx, true),
    fc.option(fc.oneof(anyValue(2).map(json), malformedJson.map((s) => Buffer.from(s))), { nil: undefined }),
  ).map(([m, path, auth, body]) => ({
    class: 'method' as const, method: m, path: path.replace('#', '%23'),
    headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body } : {}),
  }));
}

const ENCODINGS = ['gzip', 'br', 'deflate', 'identity', 'GZIP', 'x-gzip', 'compress', 'zstd', 'gzip, gzip', 'gzip, br', '', 'chunked', 'aes128gcm'];

const encode = (name: string, bytes: Buffer): Buffer => {
  switch (name.trim().toLowerCase()) {
    case 'gzip': case 'x-gzip': return gzipSync(bytes);
    case 'br': return brotliCompressSync(bytes);
    case 'deflate': return deflateSync(bytes);
    default: return bytes;
  }
};

/** Headers that are not what a client should send, on reads and writes. */
function header(ctx: FuzzContext): Arb<WireRequest> {
  const odd = fc.record({
    accept: fc.constantFrom('*/*', 'text/html', 'application/xml', '', 'application/json;q=0', 'x/y', 'text/*;q=abc'),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', '*;q=0', 'x', ''),
    'accept-language': fc.constantFrom('fr', 'xx', '*', 'fr-CA,fr;q=0.9', ''),
    origin: fc.constantFrom('http://evil.example', 'null', '*', ''),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'x', '1.2.3.4, 5.6.7.8', '::1', ''),
    'x-forwarded-proto': fc.constantFrom('https', 'ftp', ''),
    'if-none-match': fc.constantFrom('*', '"x"', 'W/"y"', 'garbage'),
    'if-modified-since': fc.constantFrom('yesterday', 'Wed, 21 Oct 2015 07:28:00 GMT'),
    range: fc.constantFrom('bytes=0-10', 'bytes=x', 'items=1-2'),
    cookie: fc.constantFrom('a=b', 'koa.sess=garbage', '=;=;', 'jwt=x'),
    'x-http-method-override': fc.constantFrom('DELETE', 'PUT', 'FOO'),
    'strapi-locale': fc.constantFrom('fr', 'xx'),
  }, { requiredKeys: [] });
  const encoded = fc.tuple(
    fc.constantFrom(...ENCODINGS), fc.boolean(),
    fc.oneof(writeBody(ARTICLE, ctx.known).map(toJson), malformedJson),
    fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES),
  ).map(([encoding, honest, text, type]) => ({
    method: 'POST', path: '/api/articles',
    headers: { 'content-encoding': encoding, 'content-type': type },
    body: honest ? encode(encoding, Buffer.from(text)) : Buffer.from(text),
  }));
  const plain = fc.constantFrom('/api/articles', '/api/articles?populate=*', '/api/global', '/api/i18n/locales', '/graphql', '/api/users/me')
    .map((path) => ({ method: 'GET', path, headers: {} as Record<string, string> }));
  return fc.tuple(fc.oneof(plain, encoded), odd, authHeader(ctx, true)).map(([req, extra, auth]) => ({
    class: 'header' as const, ...req, headers: { ...auth, ...extra, ...req.headers },
  }));
}

const GRAPHQL_DOCUMENTS = [
  '{ articles { title } }', '{ articles(filters: { title: { eq: "x" } }) { documentId title } }',
  '{ articles(pagination: { pageSize: 100000 }) { title } }', '{ articles_connection { nodes { title } pageInfo { total } } }',
  '{ authors { name secretNote } }', '{ authors { passcode } }', '{ __schema { types { name } } }', '{ __typename }',
  '{ articles { category { articles { category { articles { category { name } } } } } } }',
  'query($f: ArticleFiltersInput) { articles(filters: $f) { title } }', 'query($id: ID!) { article(documentId: $id) { title } }',
  'mutation { createArticle(data: { title: "x" }) { documentId } }', 'mutation($d: ArticleInput!) { createArticle(data: $d) { documentId } }',
  'mutation { deleteArticle(documentId: "none") { documentId } }', 'mutation { login(input: { identifier: "a", password: "b" }) { jwt } }',
  'subscription { articles { title } }', '{ articles { ...F } } fragment F on Article { ...F }', '{', '}', '', 'query', '{ a'.repeat(200),
  `{ ${'articles { title } '.repeat(50)}}`, '{ articles(sort: ["title:desc", "nope"]) { title } }', '{ articles(locale: "xx") { title } }',
  '{ articles(status: DRAFT) { title } }', `{ articles { ${'title '.repeat(2000)}} }`, '{ global { siteName } }',
];

function graphql(ctx: FuzzContext): Arb<WireRequest> {
  const variables = fc.oneof(fc.constant(undefined), anyValue(3), fc.record({ f: anyValue(3), id: anyValue(1), d: anyValue(3) }, { requiredKeys: [] }));
  const document = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...GRAPHQL_DOCUMENTS) }, { weight: 1, arbitrary: fc.string({ maxLength: 60 }) }, { weight: 1, arbitrary: anyValue(1) });
  const body = fc.tuple(document, variables, fc.option(fc.oneof(fc.string({ maxLength: 10 }), anyValue(1)), { nil: undefined }))
    .map(([query, vars, operationName]) => ({ query, ...(vars !== undefined ? { variables: vars } : {}), ...(operationName !== undefined ? { operationName } : {}) }));
  const post = fc.tuple(
    fc.oneof({ weight: 6, arbitrary: body.map(json) }, { weight: 1, arbitrary: malformedJson.map((s) => Buffer.from(s)) }, { weight: 1, arbitrary: fc.array(body, { maxLength: 3 }).map(json) }),
    fc.oneof({ weight: 6, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom('application/graphql-response+json', 'application/graphql', 'text/plain', 'application/x-www-form-urlencoded') }),
    fc.oneof({ weight: 6, arbitrary: fc.constantFrom('application/json', 'application/graphql-response+json', '*/*') }, { weight: 1, arbitrary: fc.constantFrom('text/html', 'text/event-stream') }),
  ).map(([bytes, type, accept]) => ({ method: 'POST', path: '/graphql', headers: { 'content-type': type, accept }, body: bytes }));
  const get = fc.tuple(document, variables, fc.constantFrom('application/json', 'text/html', '*/*')).map(([query, vars, accept]) => ({
    method: 'GET',
    path: `/graphql?query=${encodeURIComponent(typeof query === 'string' ? query : toJson(query))}${vars !== undefined ? `&variables=${encodeURIComponent(toJson(vars))}` : ''}`,
    headers: { accept },
  }));
  return fc.tuple(fc.oneof({ weight: 4, arbitrary: post }, { weight: 1, arbitrary: get }), authHeader(ctx, false))
    .map(([req, auth]) => ({ class: 'graphql' as const, ...req, headers: { ...auth, ...req.headers } }));
}

const AUTH_ROUTES = ['/api/auth/local', '/api/auth/local/register', '/api/auth/forgot-password', '/api/auth/reset-password',
  '/api/auth/change-password', '/api/auth/send-email-confirmation', '/api/auth/refresh', '/api/auth/logout'];

function auth(ctx: FuzzContext): Arb<WireRequest> {
  const field = fc.oneof(fc.string({ maxLength: 20 }), fc.emailAddress(), anyValue(1), fc.constantFrom('x'.repeat(10_000), 'a@b.c', ''));
  const fields = fc.record({
    identifier: field, password: field, email: field, username: field, code: field, passwordConfirmation: field,
    currentPassword: field, refreshToken: field, role: anyValue(1), confirmed: anyValue(0), provider: field,
  }, { requiredKeys: [] });
  return fc.tuple(
    fc.constantFrom(...AUTH_ROUTES),
    fc.oneof({ weight: 6, arbitrary: fields.map(json) }, { weight: 1, arbitrary: malformedJson.map((s) => Buffer.from(s)) }),
    authHeader(ctx, false),
  ).map(([path, body, headers]) => ({
    class: 'auth' as const, method: 'POST', path, headers: { ...headers, 'content-type': 'application/json' }, body,
  }));
}

/** The generator of one class. */
export function requestsOf(cls: RequestClass, ctx: FuzzContext): Arb<WireRequest> {
  switch (cls) {
    case 'read': return read(ctx);
    case 'write': return write(ctx);
    case 'method': return method(ctx);
    case 'header': return header(ctx);
    case 'graphql': return graphql(ctx);
    case 'auth': return auth(ctx);
  }
}
