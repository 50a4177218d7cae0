import type { KernelConfig } from './types.js';

export function defaultConfig(): KernelConfig {
  return {
    server: {
      host: '127.0.0.1', port: 1337, proxy: false, workers: 1, environment: 'development', shutdownTimeout: 10_000, rateLimitStore: 'memory', signalInterval: 1000, autoReload: false,
      cors: {
        origin: '*', credentials: false,
        methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
        headers: ['Content-Type', 'Authorization', 'Origin', 'Accept', 'X-Request-Id'],
        exposeHeaders: ['X-Request-Id'],
        maxAge: 600,
      },
      securityHeaders: { hsts: false },
      limits: { queryLength: 8192, maxHeaderSize: 16_384, requestTimeout: 30_000, headersTimeout: 20_000 },
    },
    database: {
      client: 'sqlite',
      connection: { filename: '.tmp/data.db' },
      pool: { min: 0, max: 10, acquireTimeoutMillis: 60_000 },
      debug: false,
      statementTimeout: 30_000,
    },
    api: {
      rest: { prefix: '/api', defaultLimit: 25, maxLimit: 100, withCount: true, countLimit: null, strictParams: false, maxPopulateDepth: 10, maxFilterDepth: 10,
        maxSortKeys: 10, maxFilterNodes: 100, maxInListLength: 100, maxPopulateNodes: 50, maxPopulateRows: 10_000, maxFields: 100, maxBodyDepth: 20, maxJsonDepth: 30 },
      bodyLimit: 1024 * 1024,
      tokens: {},
      rateLimit: { enabled: false, interval: 60_000, max: 600 },
      auth: { anonymousStatus: 403 },
    },
    webhooks: {
      endpoints: [], timeout: 10_000, maxAttempts: 10, backoff: 1000, maxBackoff: 3_600_000,
      allowPrivateAddresses: false, pollInterval: 1000, retention: 7 * 24 * 3_600_000,
    },
    plugins: {},
  };
}
