// Checks requests and answers against the document with Ajv (JSON Schema 2020-12, OpenAPI 3.1's
// dialect): an answer against its operation's response schema, a request's body against its
// request body, its query parameters against their names. Formats are not checked (Ajv needs a
// plugin for them; the types are).

import * as ajv2020 from 'ajv/dist/2020.js';
import type { OpenApi } from './helpers.js';

// ajv's CommonJS export, under either loader (tsx's ESM hook or its CommonJS one)
type AjvClass = typeof ajv2020.Ajv2020;
const Ajv2020: AjvClass = (ajv2020 as unknown as { default: { default?: AjvClass } & AjvClass }).default.default ?? (ajv2020 as unknown as { default: AjvClass }).default;

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export interface DocValidator {
  /** Whether a path is one of the document's. */
  covers(path: string): boolean;
  /** Problems of a value against a schema of the document (a parameter's). */
  value(schema: Record<string, unknown>, value: unknown): string[];
  /** Problems of an answer, or [] when it fits. */
  response(method: string, path: string, status: number, body: unknown): string[];
  /** Problems of a request: unknown path, undeclared query parameters, body. */
  request(method: string, target: string, body: unknown): string[];
}

export function validatorFor(doc: OpenApi): DocValidator {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  let compiled = 0;
  ajv.addSchema({ ...doc, $id: 'openapi' });
  const check = (ref: string, value: unknown): string[] => {
    const validate = ajv.getSchema(`openapi#/${ref}`);
    if (!validate) return [`no schema at ${ref}`];
    return validate(value) ? [] : (validate.errors ?? []).map((e: { instancePath: string; message?: string; params: unknown }) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  };
  /** The document's path template that an actual path matches. */
  const template = (path: string): string | undefined => Object.keys(doc.paths).find((t) => {
    const re = new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    return re.test(path);
  });
  return {
    covers: (path) => template(path) !== undefined,
    value(schema, value) {
      // Its references point into the document
      const validate = ajv.compile({ $id: `openapi-value-${++compiled}`, ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')) as object });
      return validate(value) ? [] : (validate.errors ?? []).map((e: { instancePath: string; message?: string }) => `${e.instancePath || '(root)'} ${e.message ?? ''}`);
    },
    response(method, path, status, body) {
      const t = template(path);
      if (!t) return [`no path in the document matches ${path}`];
      const op = doc.paths[t]![method.toLowerCase()] as { responses?: Record<string, { $ref?: string; content?: unknown }> } | undefined;
      // Another method of a path the document has: the router's 405
      if (!op) return status === 405 ? [] : [`no ${method} ${t} in the document`];
      const answer = op.responses?.[String(status)];
      if (!answer) return [`${method} ${t} does not list status ${status}`];
      if (answer.$ref) return check(`${answer.$ref.slice(2)}/content/application~1json/schema`, body);
      if (!answer.content) return body === null || body === '' ? [] : [`${method} ${t} ${status} has no body in the document`];
      return check(`${pointer('paths', t, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`, body);
    },
    request(method, target, body) {
      const url = new URL(target, 'http://x');
      const t = template(url.pathname);
      if (!t) return [`no path in the document matches ${url.pathname}`];
      const op = doc.paths[t]![method.toLowerCase()] as { parameters?: Array<{ name: string; in: string }>; requestBody?: { content: Record<string, unknown> } } | undefined;
      if (!op) return [`no ${method} ${t} in the document`];
      const problems: string[] = [];
      const declared = new Set((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
      for (const key of new Set([...url.searchParams.keys()].map((k) => k.replace(/\[.*$/, '')))) {
        if (!declared.has(key)) problems.push(`query parameter ${key} is not declared for ${method} ${t}`);
      }
      if (body !== undefined && op.requestBody?.content['application/json']) {
        problems.push(...check(pointer('paths', t, method.toLowerCase(), 'requestBody', 'content', 'application/json', 'schema'), body));
      }
      return problems;
    },
  };
}
