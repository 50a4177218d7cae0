// Headers every answer carries: a JSON API is never framed, sniffed into HTML, or told where its
// callers came from. HSTS only when configured (it is a promise about TLS the app cannot see).

import type { Middleware } from 'koa';
import type { SecurityHeadersConfig } from '../config/types.js';
import type { RequestState } from './types.js';

export function securityHeadersMiddleware(config: SecurityHeadersConfig): Middleware<RequestState> {
  const hsts = config.hsts ? `max-age=${config.hsts.maxAge}${config.hsts.includeSubDomains ? '; includeSubDomains' : ''}` : undefined;
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    ctx.set('Referrer-Policy', 'no-referrer');
    if (hsts) ctx.set('Strict-Transport-Security', hsts);
    await next();
    ctx.remove('X-Powered-By');
  };
}
