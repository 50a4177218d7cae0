// The database's own plan for a statement, reduced to the tables it reads in full: SQLite's
// EXPLAIN QUERY PLAN ("SCAN t" with no index), PostgreSQL's EXPLAIN (FORMAT JSON) ("Seq Scan",
// planned with enable_seqscan off, so a small table is scanned only when no index can serve the
// statement) and MariaDB's EXPLAIN FORMAT=JSON (access_type ALL, planned with max_seeks_for_key
// 1 to the same end).

import type { Knex } from 'knex';
import type { TestKernel } from './kernel.js';
import { CLIENT } from './database.js';

/** Rows below which MariaDB's full read of a table is its cheapest plan whatever the indexes. */
const TINY = 200;

export interface Statement { sql: string; bindings: readonly unknown[] }

/** The statements (text and bindings) a kernel's database runs while fn runs, in order. */
export async function recordStatements(app: TestKernel, fn: () => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const listener = (query: { sql: string; bindings?: readonly unknown[] }) => { seen.push({ sql: query.sql, bindings: query.bindings ?? [] }); };
  app.kernel.db.on('query', listener);
  try {
    await fn();
  } finally {
    app.kernel.db.removeListener('query', listener);
  }
  return seen;
}

/** Link tables: <collection>_<attr>_lnk, <collection>_cmps, files_related_mph (core/database/naming.ts). */
const LINK_INDEX = /(_lnk_|_cmps_|^files_related_mph_)/;
/** The columns that name one row's links; an index read of a link table without one of them
 *  walks every link of a type or a field, a cost that grows with the table. */
const ROW_KEYS = ['source_id', 'target_document_id', 'entity_id', 'cmp_id', 'related_id', 'file_id'];

/** The tables (by the name or alias the plan gives) that the statement reads row by row in full;
 *  on SQLite also the link tables it reads through an index without a row key ("<index> without
 *  a row key"), and keyed reads served by an index that ignores the key. SQLite plans here with
 *  the statistics a new app has (the physical design's expectations, statistics.ts), as
 *  deterministic as plans by index shape; PostgreSQL and MariaDB, pushed off table scans, pick
 *  merge joins and cheap-looking lookups that a real workload would not, so the key checks are
 *  SQLite's alone. */
export async function fullScans(knex: Knex, statement: Statement): Promise<string[]> {
  // knex reports PostgreSQL's text with $n placeholders; knex.raw takes ?
  const sql = statement.sql.replace(/\$\d+/g, '?');
  const bindings = statement.bindings as Knex.RawBinding[];
  switch (CLIENT) {
    case 'sqlite': {
      const rows = await knex.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings) as Array<{ detail: string }>;
      // Subqueries in FROM are scanned as the rows they produce, not as a table
      const derived = new Set(rows.flatMap((r) => /^(?:CO-ROUTINE|MATERIALIZE) (\S+)/.exec(r.detail)?.[1] ?? []));
      return rows.flatMap((r) => {
        const search = /^SEARCH (\S+) USING (?:COVERING )?INDEX (\S+) \((.*)\)$/.exec(r.detail);
        if (search) return [...unkeyed(search[2]!, search[3]!), ...keyIgnored(sql, search[1]!, search[2]!, search[3]!)];
        const table = /^SCAN (\S+)$/.exec(r.detail)?.[1];
        // A scope counter holds a row per locale and status, whatever the data: summing over
        // every locale reads all of them, a cost that does not grow with the table
        if (!table || table === 'CONSTANT' || derived.has(table) || table.endsWith('_scope_counts')) return [];
        return pageInKeyOrder(sql, table, rows) ? [] : [table];
      });
    }
    case 'postgres':
      return knex.transaction(async (trx) => {
        await trx.raw('SET LOCAL enable_seqscan = off');
        const result = await trx.raw(`EXPLAIN (FORMAT JSON) ${sql}`, bindings) as { rows: Array<{ 'QUERY PLAN': Array<{ Plan: PgNode }> }> };
        return pgSeqScans(result.rows[0]!['QUERY PLAN'][0]!.Plan);
      });
    case 'mysql':
      return knex.transaction(async (trx) => {
        // Its enable_seqscan: a key lookup is assumed to cost one seek, so a usable index wins
        await trx.raw('SET SESSION max_seeks_for_key = 1');
        let rows: Array<{ EXPLAIN: string }>;
        try {
          [rows] = await trx.raw(`EXPLAIN FORMAT=JSON ${sql}`, bindings) as [Array<{ EXPLAIN: string }>];
        } finally {
          await trx.raw('SET SESSION max_seeks_for_key = DEFAULT');
        }
        // That setting does not reach range reads (IN lists): on a table of a page or two MariaDB
        // still reads it whole, as any database would, so such a table is not a finding. A whole
        // index read (access_type index) is not one either: it is how a count reads an index
        return collect(JSON.parse(rows[0]!.EXPLAIN), (node) =>
          node.access_type === 'ALL' && typeof node.table_name === 'string' && !node.table_name.startsWith('<')
            && Number(node.rows) >= TINY ? node.table_name : undefined);
      });
  }
}

/** A read that names one row or document by a key (`t`.`document_id` = ?, `l`.`source_id` in
 *  (...)) and yet goes through an index that does not start from that key: it walks every row the
 *  index's other columns select (a whole locale, say) to find a few. */
function keyIgnored(sql: string, alias: string, index: string, condition: string): string[] {
  const single = !/ join /i.test(sql);
  // a value or a list, not a join's other column, and not a `not key = ?` exclusion
  const named = ['document_id', ...ROW_KEYS].filter((key) =>
    new RegExp(`(?<!not )(\`${alias}\`\\.${single ? '|^|[^.])' : ')'}\`${key}\` (= \\?|in \\()`, 'i').test(sql));
  if (named.length === 0 || named.some((key) => condition.includes(key))) return [];
  return [`${alias} read through ${index} (${condition}) though the statement names ${named.join(', ')}`];
}

function unkeyed(index: string, condition: string): string[] {
  if (!LINK_INDEX.test(index) || ROW_KEYS.some((key) => condition.includes(key))) return [];
  return [`${index} without a row key (${condition})`];
}

/** SQLite's table is its primary key: a scan in id order under a LIMIT, with no sort of its own,
 *  stops at the page, as PostgreSQL's and MariaDB's plans of it read the primary key index. */
function pageInKeyOrder(sql: string, table: string, rows: Array<{ detail: string }>): boolean {
  const ordered = new RegExp(`order by \`${table}\`\\.\`id\` asc limit`, 'i').test(sql);
  return ordered && !rows.some((r) => r.detail.includes('TEMP B-TREE FOR ORDER BY'));
}

interface PgNode { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PgNode[] }

/** Seq Scans only: with them switched off, PostgreSQL reads whole indexes to feed merge joins
 *  and counts, which a real workload would not do and a count must. */
function pgSeqScans(node: PgNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' ? [String(node['Relation Name'])] : [];
  return [...own, ...(node.Plans ?? []).flatMap(pgSeqScans)];
}

function collect(value: unknown, pick: (node: Record<string, unknown>) => string | undefined): string[] {
  const found: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) { v.forEach(walk); return; }
    if (typeof v !== 'object' || v === null) return;
    const hit = pick(v as Record<string, unknown>);
    if (hit !== undefined) found.push(hit);
    Object.values(v).forEach(walk);
  };
  walk(value);
  return found;
}

/** The indexes the database's plan for a statement reads: SQLite's SEARCH ... USING INDEX and an
 *  FTS5 table searched through its index (a LIKE constraint, "INDEX n:L..."); PostgreSQL's
 *  index nodes (planned with enable_seqscan off, as above, and without the indexes in `hide`,
 *  dropped in a transaction rolled back after). MariaDB: none listed. */
export async function indexesRead(knex: Knex, statement: Statement, hide: readonly string[] = []): Promise<string[]> {
  const sql = statement.sql.replace(/\$\d+/g, '?');
  const bindings = statement.bindings as Knex.RawBinding[];
  switch (CLIENT) {
    case 'sqlite': {
      const rows = await knex.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings) as Array<{ detail: string }>;
      return rows.flatMap((r) => /USING (?:COVERING )?INDEX (\S+)/.exec(r.detail)?.[1] ?? /^SCAN (\S+) VIRTUAL TABLE INDEX \d+:L/.exec(r.detail)?.[1] ?? []);
    }
    case 'postgres': {
      const trx = await knex.transaction();
      try {
        await trx.raw('SET LOCAL enable_seqscan = off');
        for (const index of hide) await trx.raw('DROP INDEX ??', [index]);
        const result = await trx.raw(`EXPLAIN (FORMAT JSON) ${sql}`, bindings) as { rows: Array<{ 'QUERY PLAN': Array<{ Plan: PgNode }> }> };
        const names = (node: PgNode): string[] => [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(names)];
        return names(result.rows[0]!['QUERY PLAN'][0]!.Plan);
      } finally {
        await trx.rollback();
      }
    }
    default:
      return [];
  }
}
