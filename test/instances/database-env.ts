// The test database as the environment a server process reads (config/database.ts).

import type { TestDatabase } from '../helpers/database.js';

export function databaseEnv(db: TestDatabase): Record<string, string> {
  const config = db.database;
  if (config.client === 'sqlite') return { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: String((config.connection as { filename: string }).filename) };
  const c = config.connection as { host: string; port: number; user: string; password: string; database: string };
  return {
    DATABASE_CLIENT: String(config.client), DATABASE_HOST: c.host, DATABASE_PORT: String(c.port), DATABASE_USERNAME: c.user,
    DATABASE_PASSWORD: c.password, DATABASE_NAME: c.database,
    ...('schema' in config && config.schema ? { DATABASE_SCHEMA: String(config.schema) } : {}),
  };
}
