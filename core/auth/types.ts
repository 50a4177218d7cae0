// Who is calling and what they may do, with no transport in it: REST, GraphQL and any later
// surface authenticate and authorize through these shapes.

/** Whose strategies recognise a caller: the content API's (API tokens, users-permissions' JWTs)
 *  or the administration's (administrators' sessions). A credential of one realm is unknown in the
 *  other, so an end user's JWT never reaches an admin route and an admin token never reads content
 *  through the content API. */
export type AuthRealm = 'content-api' | 'admin';

/** What a document action asks of a content type when the caller's ability narrows it: reading
 *  (every find and count), creating, updating, deleting, or publishing (publish and unpublish). */
export type DocumentAccess = 'read' | 'create' | 'update' | 'delete' | 'publish';

/**
 * How an ability narrows one access to one content type. The document layer applies it to every
 * call that carries the ability, whatever surface made it: reads leave other attributes out and
 * refuse to filter or sort on them, writes naming another attribute are a 400 naming it, a scope
 * value outside the list (a locale) is a 403, and only rows meeting `rows` are reached.
 */
export interface AccessLimits {
  /** The attributes (top-level names) the caller may read or write; absent: every one. */
  fields?: readonly string[];
  /** Per scope attribute (i18n's `locale`), the values the caller may reach; absent: every one. */
  scopes?: Readonly<Record<string, readonly string[]>>;
  /** Conditions every row reached at the root must meet, as a filters object of the query string
   *  (`{ createdById: { $eq: 4 } }`), compiled without the content API's allow-list. */
  rows?: Readonly<Record<string, unknown>>;
}

/** What a caller may do: permission actions such as api::article.article.find. */
export interface Ability {
  can(action: string): boolean;
  /** How `access` to the content type `uid` is narrowed: undefined for not at all, false for not
   *  allowed at all (the document layer refuses with a 403). Abilities without it narrow nothing. */
  limits?(uid: string, access: DocumentAccess): AccessLimits | false | undefined;
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
