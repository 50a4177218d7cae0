// CORS. By default any origin may read without credentials (`*`, which browsers never combine
// with cookies or Authorization from ambient state); credentials are allowed only for origins
// listed one by one, and an Origin that is not listed is never reflected.

import type { Middleware } from 'koa';
import type { CorsConfig } from '../config/types.js';
import type { RequestState } from './types.js';

export function corsMiddleware(config: CorsConfig): Middleware<RequestState> {
  const listed = config.origin === '*' ? undefined : new Set(config.origin);
  const methods = config.methods.join(', ');
  const headers = config.headers.join(', ');
  const exposed = config.exposeHeaders.join(', ');
  return async (ctx, next) => {
    const origin = ctx.get('origin');
    ctx.vary('Origin');
    const allowed = origin !== '' && (listed === undefined || listed.has(origin));
    if (allowed) {
      ctx.set('Access-Control-Allow-Origin', listed === undefined ? '*' : origin);
      if (listed !== undefined && config.credentials) ctx.set('Access-Control-Allow-Credentials', 'true');
      if (exposed) ctx.set('Access-Control-Expose-Headers', exposed);
    }
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
      // A preflight: answered here, before any route; a refused origin gets no CORS headers
      if (allowed) {
        ctx.set('Access-Control-Allow-Methods', methods);
        ctx.set('Access-Control-Allow-Headers', headers);
        ctx.set('Access-Control-Max-Age', String(config.maxAge));
      }
      ctx.status = 204;
      return;
    }
    await next();
  };
}
