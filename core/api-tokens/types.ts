// The public shapes of API tokens: what create() takes, what list() shows (never the secret or
// its hash), and what the authenticate strategy puts in ctx.state.auth.credentials.

export const API_TOKEN_TYPES = ['read-only', 'full-access', 'custom'] as const;
export type ApiTokenType = (typeof API_TOKEN_TYPES)[number];

/** Days; null is unlimited. */
export const API_TOKEN_LIFESPANS = [7, 30, 90] as const;
export type ApiTokenLifespan = (typeof API_TOKEN_LIFESPANS)[number] | null;

export interface ApiTokenInput {
  name: string;
  type: ApiTokenType;
  description?: string | null;
  /** Days (7, 30 or 90), or null / left out for a token that never expires. */
  lifespan?: number | null;
  /** custom tokens only: the actions allowed, such as api::article.article.find. */
  permissions?: string[];
}

export interface ApiToken {
  id: number;
  name: string;
  description: string | null;
  type: ApiTokenType;
  lifespan: ApiTokenLifespan;
  permissions: string[];
  createdAt: string;
  updatedAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

/** What update() changes; the lifespan is fixed when a token is made. */
export interface ApiTokenChange {
  name?: string;
  description?: string | null;
  type?: ApiTokenType;
  /** custom tokens only; required when a token becomes custom. */
  permissions?: string[];
}

export interface CreatedApiToken {
  token: ApiToken;
  /** The secret to send as `Authorization: Bearer <secret>`. Only its hash is stored: it cannot be shown again. */
  secret: string;
}

/** ctx.state.auth.credentials when an API token authenticated the request. */
export interface ApiTokenCredentials {
  id: number;
  name: string;
  type: ApiTokenType;
}

/** Which token get(), update(), regenerate() and revoke() are about. */
export type ApiTokenRef = { id: number } | { name: string };
