import { availableParallelism } from 'node:os';
import type { ServerConfigFile } from 'strata-cms';

export default ((env) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  proxy: env.bool('PROXY', false),
  environment: env('NODE_ENV', 'development'),
  // One worker per core in production, one process in development.
  workers: env.int('WORKERS', env('NODE_ENV') === 'production' ? availableParallelism() : 1),
  // 'database' when several instances (or workers) must share rate-limit budgets
  rateLimitStore: env('RATE_LIMIT_STORE', 'memory'),
})) satisfies ServerConfigFile;
