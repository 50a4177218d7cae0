// Operations: the named things a caller can do (list articles, publish one, log in), each with
// the permission action it needs and the parameters it accepts. Every surface runs them through
// the same runner, which enforces the rate limit and the permission, so a surface only translates
// its requests into operation inputs and the outputs into its answers.

import type { AuthRealm, AuthResult } from '../auth/types.js';
import type { PolicyContext, PolicyRef } from '../policies/types.js';
import type { Caller } from './caller.js';

/** Who runs an operation: the caller's identity, authenticated once per request. */
export interface OperationCall {
  auth: AuthResult | undefined;
  /** The client's address (rate limits). */
  ip: string;
  /** The same caller, typed: its user, its strategy's credentials, and the document service as
   *  it sees it (`call.caller.documents(uid)`). */
  caller: Caller;
}

/** What a surface hands an operation: typed parameters and the parts of a request it needs. */
export interface OperationInput {
  /** Parameters from the typed registry (filters, status, locale...); the runner keeps only those
   *  the operation accepts. */
  params?: Record<string, unknown>;
  /** The document an operation is about. */
  documentId?: string;
  /** Another identifier an operation is about (a user's or a role's numeric id). */
  id?: string;
  /** A write's document data (REST's body.data, GraphQL's data argument). */
  data?: unknown;
  /** The operation's own fields (login's identifier and password), as sent: the operation checks
   *  them. */
  body?: unknown;
}

export interface OperationDefinition<Output = unknown> {
  /** The permission action it needs, and its name: api::article.article.find */
  name: string;
  /** 'core' or a plugin's name. */
  owner: string;
  /** The content type it serves, if any: content operations share its rate limit. */
  contentType?: string;
  /** Reads answer with data and change nothing; writes change something. */
  kind: 'read' | 'write';
  /** Names of the typed parameters it accepts. */
  params: readonly string[];
  /** Anyone may run it (login, register): the runner neither authenticates nor authorizes, and
   *  the operation runs with no caller identity. */
  public?: boolean;
  /** Further permission actions it may check inside (readDraft), so permission editors can list
   *  every action that exists. */
  extraActions?: readonly string[];
  /** Whose strategies identify its callers: the content API's (default) or the administration's.
   *  An admin operation's action is not a content-API permission (no role or token can be
   *  granted it), so it is not among the actions permission editors list. */
  realm?: AuthRealm;
  description?: string;
  run(input: OperationInput, call: OperationCall): Promise<Output>;
}

export interface RunOptions {
  /** Identify the caller through this realm's strategies (an admin route over a content-API
   *  operation, such as the webhooks'); an admin operation always runs in the admin realm. */
  realm?: AuthRealm;
  /** The permission actions to check instead of the operation's own (a GraphQL resolver's
   *  `auth.scope`; at least one), or false for none (`auth: false`). */
  scope?: readonly string[] | false;
  /** What to do with a parameter the operation does not declare: drop it (default), or refuse it
   *  with a 400 (REST's strictParams). Checked after authorization, so a caller without the
   *  permission hears 401/403 first. */
  unknownParams?: 'drop' | 'refuse';
  /** Further parameter names the surface accepted and read itself (not passed to the operation). */
  accepted?: readonly string[];
  /** Policies the call must pass, after the permission check and before the operation runs (a
   *  route's or a resolver's), and what the surface tells them about the call. */
  policies?: readonly PolicyRef[];
  policyContext?: Pick<PolicyContext, 'surface' | 'args'> & Partial<Pick<PolicyContext, 'parent' | 'context' | 'info'>>;
}
