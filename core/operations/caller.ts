// Who is calling, as operations, routes and resolvers see it: one typed shape, defined here and
// filled by the strategies (their AuthResult's credentials), so plugin code reads the caller with
// no plugin imported and no `credentials as X`. And the document service as the caller sees it:
// code that answers a caller reads through the caller's view unless it asks for more, explicitly.

import type { AuthorizeSubject, AuthResult } from '../auth/types.js';
import type { DocumentApi } from '../documents/api.js';
import type { DocumentParams } from '../documents/types.js';

/**
 * The credentials each strategy identifies its callers with, by strategy name. Core's API tokens
 * declare theirs (`'api-token'`); a plugin with a strategy merges its own (users-permissions its
 * user, admin its administrator; `declare module 'strata-cms' { interface CallerCredentials {
 * 'my-sso': { subject: string } } }`), so `caller.credentials(name)` is typed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface CallerCredentials {}

export type StrategyName = keyof CallerCredentials & string;

/** The person calling (Strapi's `ctx.state.user`): what any strategy's credentials say of a person
 *  when they carry a numeric id, a documentId and an email (a users-permissions user, an
 *  administrator); an API token names none. */
export interface CallerUser {
  id: number;
  documentId: string;
  email: string;
  username?: string;
}

export interface Caller {
  /** The strategy's answer (Strapi's `ctx.state.auth`): strategy, credentials, ability; undefined
   *  when no strategy answered (a kernel without users-permissions, for anonymous callers). */
  readonly auth: AuthResult | undefined;
  /** The client's address (behind a trusted proxy, the forwarded one). */
  readonly ip: string;
  /** Which strategy identified the caller: 'users-permissions', 'api-token', 'admin', a plugin's. */
  readonly strategy: string | undefined;
  /** No credentials: the public role, or nobody answered at all. */
  readonly anonymous: boolean;
  /** The person calling, or undefined (an API token, an anonymous caller). */
  readonly user: CallerUser | undefined;
  /** The credentials as the strategy `strategy` declared them, when it identified the caller;
   *  undefined otherwise: `caller.credentials('api-token')?.name`. */
  credentials<S extends StrategyName>(strategy: S): CallerCredentials[S] | undefined;
  /** Whether the caller may do `action` (such as api::article.article.find). */
  can(action: string, subject?: AuthorizeSubject): Promise<boolean>;
  /**
   * The document service as this caller sees it: every call is a content-API call with the
   * caller's identity (private fields out, published versions unless the caller may read drafts
   * and asks for them with `status: 'draft'`, relations it may not read dropped), and first
   * checks the caller's permission for the content type (`<uid>.find` for findMany, findPage,
   * findFirst and count, `findOne`, `create` (createMany too), `update`, `delete`, a plugin
   * action's own name): a 401/403 as its REST route gives. `api.documents(uid)` is the service
   * on the plugin's own account, which sees everything.
   */
  documents(uid: string): DocumentApi;
}

export interface CallerDeps {
  documents(uid: string): DocumentApi;
  authorize(auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject): Promise<void>;
  can(auth: AuthResult | undefined, action: string, subject?: AuthorizeSubject): Promise<boolean>;
}

export function createCaller(auth: AuthResult | undefined, ip: string, deps: CallerDeps): Caller {
  const credentials = auth?.credentials;
  return Object.freeze({
    auth, ip,
    strategy: auth?.strategy,
    anonymous: credentials === null || credentials === undefined,
    user: personOf(credentials),
    credentials: <S extends StrategyName>(strategy: S) =>
      (auth?.strategy === strategy && credentials ? credentials as CallerCredentials[S] : undefined),
    can: (action: string, subject?: AuthorizeSubject) => deps.can(auth, action, subject),
    documents: (uid: string) => callerDocuments(deps, uid, auth),
  });
}

/** The permission each method of the document service asks for. */
const PERMISSIONS: Record<string, string> = {
  findMany: 'find', findPage: 'find', findFirst: 'find', count: 'find', firstDocumentId: 'find',
  findOne: 'findOne', create: 'create', createMany: 'create', update: 'update', delete: 'delete',
};

function callerDocuments(deps: CallerDeps, uid: string, auth: AuthResult | undefined): DocumentApi {
  const docs = deps.documents(uid);
  const asCaller = (params: DocumentParams = {}): DocumentParams => ({ ...params, source: 'content-api', auth });
  const allowed = (action: string) => deps.authorize(auth, `${uid}.${action}`, { uid });
  const methods = docs as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {
    action: async (name: string, params?: DocumentParams) => { await allowed(name); return docs.action(name, asCaller(params)); },
    hasAction: (name: string) => docs.hasAction(name),
    firstDocumentId: async () => { await allowed('find'); return docs.firstDocumentId(); },
  };
  // Core's methods, then each plugin action's (publish...), as the service has them
  for (const [name, fn] of Object.entries(methods)) {
    if (name in out || typeof fn !== 'function') continue;
    const permission = PERMISSIONS[name] ?? name;
    out[name] = async (params?: DocumentParams) => { await allowed(permission); return (fn as (p: DocumentParams) => unknown)(asCaller(params)); };
  }
  return Object.freeze(out) as unknown as DocumentApi;
}

/** The person an identity names (what `caller.user` says), for code that holds an AuthResult
 *  rather than a caller: a query hook's `ctx.auth`, a policy's `context.auth`. */
export function userOf(auth: AuthResult | undefined): CallerUser | undefined {
  return personOf(auth?.credentials);
}

function personOf(credentials: unknown): CallerUser | undefined {
  if (credentials === null || typeof credentials !== 'object') return undefined;
  const { id, documentId, email, username } = credentials as Record<string, unknown>;
  if (typeof id !== 'number' || typeof documentId !== 'string' || typeof email !== 'string') return undefined;
  return Object.freeze({ id, documentId, email, ...(typeof username === 'string' ? { username } : {}) });
}
