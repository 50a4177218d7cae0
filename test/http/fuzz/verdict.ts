// What any answer to any request must satisfy: no 5xx; every error in Strapi's envelope (GraphQL
// answers in GraphQL's own shape); JSON that parses; no private attribute in a success; no SQL,
// driver error, stack trace or secret in any answer unless the request itself carried the text.

import { decodeLoosely, findHiddenKey, FORBIDDEN } from './check.js';
import type { WireRequest } from './requests.js';
import type { Answer } from './send.js';

const HIDDEN = new Set(['secretNote', 'passcode', 'password', 'resetPasswordToken', 'confirmationToken']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function envelopeProblem(body: unknown, status: number): string | undefined {
  if (!isObject(body)) return 'the error is not a JSON object';
  if (Object.keys(body).sort().join() !== 'data,error') return `the error's keys are ${Object.keys(body).join(',')}, not data and error`;
  if (body.data !== null) return 'the error envelope has data that is not null';
  const error = body.error;
  if (!isObject(error)) return 'error is not an object';
  if (Object.keys(error).sort().join() !== 'details,message,name,status') return `error's keys are ${Object.keys(error).join(',')}`;
  if (error.status !== status) return `error.status ${String(error.status)} is not the HTTP status ${status}`;
  if (typeof error.name !== 'string' || !error.name) return 'error.name is empty';
  if (typeof error.message !== 'string' || !error.message) return 'error.message is empty';
  if (!isObject(error.details)) return 'error.details is not an object';
  return undefined;
}

const isGraphqlAnswer = (body: unknown): boolean =>
  isObject(body) && (Array.isArray(body.errors) || 'data' in body) && !('error' in body);

/** Everything wrong with `answer` as the answer to `req`; empty when it is fine. */
export function problemsOf(req: WireRequest, answer: Answer): string[] {
  const problems: string[] = [];
  const { status, text } = answer;
  if (status >= 500) problems.push(`status ${status}`);
  if (status < 100) problems.push(`no status line (${status})`);
  const type = String(answer.headers['content-type'] ?? '');
  const noBody = req.method === 'HEAD' || status === 204 || status === 304;
  const isJson = /^application\/(?:[\w.+-]+\+)?json/.test(type);
  let body: unknown;
  if (!noBody && isJson) {
    try { body = JSON.parse(text); } catch { problems.push(`the ${type} body does not parse`); }
  }
  const graphql = req.path.startsWith('/graphql');
  if (status >= 400 && !noBody) {
    if (!isJson) problems.push(`a ${status} answered as ${type || 'no content type'}, not JSON`);
    else if (!(graphql && isGraphqlAnswer(body))) {
      const wrong = envelopeProblem(body, status);
      if (wrong) problems.push(wrong);
    }
  }
  if (status < 300 && body !== undefined && !(graphql && req.path.includes('__schema'))) {
    const hidden = findHiddenKey(isObject(body) ? (body.data ?? body) : body, [], HIDDEN);
    if (hidden) problems.push(`a private attribute in the answer: ${hidden}`);
  }
  if (!/^text\/html/.test(type)) {
    const sent = req.body?.toString('utf8') ?? '';
    const asked = `${req.path}\n${decodeLoosely(req.path)}\n${sent}\n${Object.values(req.headers).join('\n')}`;
    // The envelope's error name is a fixed vocabulary (a malformed body is Strapi's SyntaxError)
    const error = isObject(body) ? body.error : undefined;
    const scanned = isObject(error) && typeof error.name === 'string' ? text.replace(`"name":${JSON.stringify(error.name)}`, '') : text;
    for (const { what, re } of FORBIDDEN) {
      // graphql-js names a malformed document "Syntax Error: ..."; that is GraphQL's, not SQL's
      if (graphql && what === 'an SQL syntax error' && !/syntax error at or near|SQL syntax/i.test(text)) continue;
      const m = re.exec(scanned);
      if (m && !re.test(asked)) problems.push(`${what} in the answer: ${JSON.stringify(m[0])}`);
    }
  }
  return problems;
}
