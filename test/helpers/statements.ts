// Counts the SQL statements a kernel's database runs while fn runs (knex's query event).

import type { TestKernel } from './kernel.js';

export async function countStatements<T>(app: TestKernel, fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
  let statements = 0;
  const listener = () => { statements++; };
  app.kernel.db.on('query', listener);
  try {
    const result = await fn();
    return { result, statements };
  } finally {
    app.kernel.db.removeListener('query', listener);
  }
}

/** The SQL text of each statement a kernel's database runs while fn runs, in order. */
export async function captureStatements<T>(app: TestKernel, fn: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  const sql: string[] = [];
  const listener = (query: { sql: string }) => { sql.push(query.sql); };
  app.kernel.db.on('query', listener);
  try {
    const result = await fn();
    return { result, sql };
  } finally {
    app.kernel.db.removeListener('query', listener);
  }
}
