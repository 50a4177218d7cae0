// Who is calling and what they may do, with no transport in it: REST, GraphQL and any later
// surface authenticate and authorize through these shapes.

/** What a caller may do: permission actions such as api::article.article.find. */
export interface Ability {
  can(action: string): boolean;
}

export interface AuthResult {
  /** Which strategy recognised the credentials (api-token, users-permissions, ...). */
  strategy: string;
  /** Who is calling; null for an anonymous caller a strategy still answers for (the public role). */
  credentials: unknown;
  /** When set, core's authorize tap (last stage) answers with it, and queries are checked against
   *  it: populate of a target the caller cannot `find` is dropped, filters or sort through it are 400. */
  ability?: Ability;
}

/** What a strategy reads to recognise a caller. An HTTP surface passes its request (Koa's context
 *  has this shape); another caller builds one. */
export interface AuthenticateRequest {
  /** A request header by name; '' when it is absent. */
  get(header: string): string;
  /** The client's address (behind a trusted proxy, the forwarded one). */
  readonly ip: string;
}

/** What the action is about, when it is about one thing (a content type, a document). */
export interface AuthorizeSubject {
  uid: string;
  documentId?: string;
}

export interface AuthorizeRequest {
  /** The permission action, e.g. api::article.article.find */
  action: string;
  auth: AuthResult | undefined;
  subject?: AuthorizeSubject;
}

export type Verdict = { allowed: true } | { allowed: false; reason?: string };
