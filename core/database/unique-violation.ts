// A write refused by a unique index, as each driver reports it, reduced to what names the index:
// PostgreSQL gives its name, MariaDB/MySQL name it in the message, SQLite lists the columns
// (or names an index on an expression).

import type { PhysicalSchema } from './physical.js';

export interface UniqueViolation {
  index?: string;
  table?: string;
  columns?: string[];
}

export function uniqueViolation(err: unknown): UniqueViolation | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: unknown; errno?: unknown; constraint?: unknown; table?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : '';
  if (e.code === '23505') {
    return { ...(typeof e.constraint === 'string' ? { index: e.constraint } : {}), ...(typeof e.table === 'string' ? { table: e.table } : {}) };
  }
  if (e.errno === 1062 || e.code === 'ER_DUP_ENTRY') {
    // "Duplicate entry 'x' for key 'name'" (MariaDB) or "... for key 'table.name'" (MySQL 8)
    const key = /for key '([^']+)'\s*$/.exec(message)?.[1];
    return key ? { index: key.slice(key.lastIndexOf('.') + 1) } : {};
  }
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    const named = /UNIQUE constraint failed: index '([^']+)'/.exec(message)?.[1];
    if (named) return { index: named };
    const listed = /UNIQUE constraint failed: (.+)$/.exec(message)?.[1];
    if (!listed) return {};
    const parts = listed.split(',').map((p) => p.trim());
    const table = parts[0]?.split('.')[0];
    return { ...(table ? { table } : {}), columns: parts.map((p) => p.slice(p.indexOf('.') + 1)) };
  }
  return undefined;
}

/** Which of the schema's unique keys a violation hit: its table and what it enforces (physical.ts). */
export interface UniqueKeys {
  explain(err: unknown): { table: string; enforces: string } | undefined;
}

export function uniqueKeys(schema: PhysicalSchema): UniqueKeys {
  const byName = new Map<string, { table: string; enforces: string }>();
  const byColumns = new Map<string, { table: string; enforces: string }>();
  for (const table of schema.tables) {
    for (const index of table.indexes) {
      if (!index.enforces) continue;
      const key = { table: table.name, enforces: index.enforces };
      byName.set(index.name, key);
      byColumns.set(`${table.name}:${index.columns.join(',')}`, key);
    }
  }
  return {
    explain(err) {
      const hit = uniqueViolation(err);
      if (!hit) return undefined;
      if (hit.index) return byName.get(hit.index);
      return hit.table && hit.columns ? byColumns.get(`${hit.table}:${hit.columns.join(',')}`) : undefined;
    },
  };
}

/** A deadlock or serialization failure: the database gave up one of two transactions, which may run again. */
export function isRetryableConflict(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; errno?: unknown };
  return e.code === '40P01' || e.code === '40001' || e.errno === 1213;
}
