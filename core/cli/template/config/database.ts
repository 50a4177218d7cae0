import type { DatabaseConfigFile } from 'strata-cms';

// DATABASE_CLIENT: sqlite (default, file .tmp/data.db), mysql (MariaDB/MySQL) or postgres.
// Server databases take DATABASE_URL, or DATABASE_HOST/PORT/NAME/USERNAME/PASSWORD; PostgreSQL also
// DATABASE_SCHEMA.
export default ((env) => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  if (client === 'sqlite') {
    return { client, connection: { filename: env('DATABASE_FILENAME', '.tmp/data.db') } };
  }
  const url = env('DATABASE_URL');
  return {
    client,
    connection: url ? { connectionString: url } : {
      host: env('DATABASE_HOST', '127.0.0.1'),
      port: env.int('DATABASE_PORT', client === 'postgres' ? 5432 : 3306),
      database: env('DATABASE_NAME', 'strata'),
      user: env('DATABASE_USERNAME', 'strata'),
      password: env('DATABASE_PASSWORD', ''),
      ssl: env.bool('DATABASE_SSL', false),
    },
    // PostgreSQL: the schema the tables live in (several apps can share one database)
    ...(client === 'postgres' && env('DATABASE_SCHEMA') ? { schema: env('DATABASE_SCHEMA') } : {}),
    pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) },
    debug: env.bool('DATABASE_DEBUG', false),
    statementTimeout: env.int('DATABASE_STATEMENT_TIMEOUT'),
  };
}) satisfies DatabaseConfigFile;
