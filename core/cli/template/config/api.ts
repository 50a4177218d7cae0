import type { ApiConfigFile } from 'strata-cms';

export default ((env) => ({
  rest: {
    prefix: '/api',
    defaultLimit: env.int('API_DEFAULT_LIMIT', 25),
    maxLimit: env.int('API_MAX_LIMIT', 100),
    withCount: true,
    // Unknown top-level query parameters are a 400 rather than silently ignored.
    strictParams: true,
  },
  // Required in production; in development one is generated into .tmp/api-token-salt.
  tokens: { salt: env('API_TOKEN_SALT') },
})) satisfies ApiConfigFile;
