// The statement time budget of server databases: a session variable set on each new pool
// connection, so the server itself cancels a statement that runs too long, whatever sent it.
// SQLite runs in-process and has no such variable: there the query caps bound the work instead.

/** PostgreSQL: statement_timeout, in ms (0 is off). */
export function postgresTimeoutSql(ms: number): string {
  return `SET statement_timeout = ${integerMs(ms)}`;
}

/** MariaDB: max_statement_time, in seconds with a fraction (0 is off). MySQL has no such
 *  variable; its max_execution_time (ms) bounds SELECTs only, the statements a read can make long. */
export function mysqlTimeoutSql(ms: number, mariadb: boolean): string {
  const value = integerMs(ms);
  return mariadb ? `SET SESSION max_statement_time = ${value / 1000}` : `SET SESSION max_execution_time = ${value}`;
}

// Interpolated, as SET takes no bound parameters: only ever a non-negative integer
function integerMs(ms: number): number {
  if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`statement timeout must be a non-negative integer of ms, got ${ms}`);
  return ms;
}
