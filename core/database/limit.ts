// LIMIT and OFFSET written into the SQL text instead of bound. SQLite re-plans a statement with a
// bound LIMIT at every run (sqlite-parameters.ts: now avoided for every parameter on SQLite): a
// lookup by id through two LEFT JOINs took 18-32 µs bound and 5-8 µs written in (`npm run
// bench:sql`). The text varies with the number, which the prepared-statement cache absorbs. Only
// checked integers reach the text.

import type { Knex } from 'knex';

// Above any row count, and written as plain digits that every dialect's 64-bit LIMIT takes
const MAX_ROWS = 2 ** 62;

function checked(n: number, what: string): number {
  if (!Number.isInteger(n) || n < 0) throw new Error(`${what} must be a non-negative integer, got ${n}`);
  // A page far past the end (page 2^53 - 1 of 25): its offset is past every table, as is MAX_ROWS
  return Math.min(n, MAX_ROWS);
}

export function limitRows<T extends Knex.QueryBuilder>(qb: T, n: number): T {
  return qb.limit(checked(n, 'LIMIT'), { skipBinding: true }) as T;
}

export function offsetRows<T extends Knex.QueryBuilder>(qb: T, n: number): T {
  return qb.offset(checked(n, 'OFFSET'), { skipBinding: true }) as T;
}

/** ` limit N[ offset M]` for SQL written by hand (offset only with a limit: MySQL has no OFFSET alone). */
export function limitSql(limit: number, offset = 0): string {
  return ` limit ${checked(limit, 'LIMIT')}${offset ? ` offset ${checked(offset, 'OFFSET')}` : ''}`;
}
