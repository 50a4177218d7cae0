// Recognises a statement the database server cancelled because it ran past its time budget
// (database.statementTimeout), from the error the driver throws: knex passes it through as is.

interface DriverError { code?: unknown; errno?: unknown }

// PostgreSQL's SQLSTATE query_canceled: its statement_timeout (and a cancel request, which only
// an operator sends, and which is as little the client's fault)
const PG_QUERY_CANCELED = '57014';
// MariaDB ER_STATEMENT_TIMEOUT (max_statement_time); MySQL ER_QUERY_TIMEOUT (max_execution_time)
const MYSQL_TIMEOUT_ERRNOS = new Set([1969, 3024]);

export function isStatementTimeout(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, errno } = err as DriverError;
  return code === PG_QUERY_CANCELED || (typeof errno === 'number' && MYSQL_TIMEOUT_ERRNOS.has(errno));
}
