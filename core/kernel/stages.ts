// Named stages for ordering taps; lower runs first. Plugins never rely on load order.

export const QUERY_STAGE = Object.freeze({
  /** Fill in defaults a later stage relies on (the default locale, status=published). */
  DEFAULTS: -100,
  /** Pick the rows a query may see (version, locale, tenant). */
  SCOPE: 0,
  /** Enforce permissions on what the query touches. */
  SECURITY: 100,
  /** Remove what must never leave the server; runs last on afterQuery. */
  SANITIZE: 200,
});

export const AUTH_STAGE = Object.freeze({
  /** API tokens are tried before JWTs, as Strapi does. */
  API_TOKEN: -10,
  JWT: 0,
});

export const MODEL_STAGE = Object.freeze({
  /** Add content types and components (a plugin's own types). */
  TYPES: 0,
  /** Add attributes to every content type (draft-and-publish's publishedAt, i18n's locale): after
   *  every plugin has added its types, whichever registered first. */
  ATTRIBUTES: 100,
});
