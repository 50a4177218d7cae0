// The API-token authenticate tap (AUTH_STAGE.API_TOKEN, before any JWT strategy). A bearer that is
// not one of our tokens is left to the taps after it; core's mount answers 401 if none takes it.

import { bearerToken } from '../auth/bearer.js';
import type { AuthenticateRequest, AuthResult } from '../auth/types.js';
import { looksLikeSecret } from './secret.js';
import type { ApiTokenService } from './service.js';
import type { ApiTokenCredentials } from './types.js';

export const API_TOKEN_STRATEGY = 'api-token';

declare module '../operations/caller.js' {
  /** caller.credentials('api-token'): the token's id, name and type. */
  interface CallerCredentials { 'api-token': ApiTokenCredentials }
}

export function apiTokenStrategy(service: () => ApiTokenService) {
  return async (request: AuthenticateRequest): Promise<AuthResult | undefined> => {
    const token = bearerToken(request.get('authorization'));
    if (!token || !looksLikeSecret(token)) return undefined;
    const found = await service().verify(token);
    if (!found) return undefined;
    return { strategy: API_TOKEN_STRATEGY, credentials: found.credentials, ability: found.ability };
  };
}
