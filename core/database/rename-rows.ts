// The moves of a rename that rewrite names inside rows (renames.ts: `prefix`, `json`): what a
// plugin stores naming a type, a component or an attribute. The rows are read a page at a time
// in id order and each changed row is written alone, so that a run stopped halfway (MariaDB,
// whose DDL commits at once, applies a rename outside any transaction) finds the rows it did
// already rewritten and leaves them: every rewrite matches only the old name.

import type { Knex } from 'knex';
import type { JsonStep, RenameMove } from './renames.js';

type RowMove = Extract<RenameMove, { op: 'prefix' | 'json' }>;

const PAGE = 500;

/** Applies one row move; what it did, or undefined when this database has nowhere to do it
 *  (the declaring plugin is not enabled here, or never was). */
export async function applyRowMove(db: Knex, move: RowMove): Promise<string | undefined> {
  if (!(await db.schema.hasTable(move.table))) return undefined;
  for (const column of ['id', move.column, ...(move.where ? [move.where.column] : [])]) {
    if (!(await db.schema.hasColumn(move.table, column))) return undefined;
  }
  // PostgreSQL's driver parses jsonb; the others answer the text
  const parsed = db.client.config.client === 'pg';
  let last = 0;
  let changed = 0;
  for (;;) {
    const query = db(move.table).select('id', move.column).where('id', '>', last).orderBy('id').limit(PAGE);
    if (move.where) query.where(move.where.column, move.where.equals);
    // A first narrowing in SQL (case-insensitive under MariaDB's collation: the check below is exact)
    if (move.op === 'prefix') query.where((q) => { q.where(move.column, move.from).orWhereRaw('substr(??, 1, ?) = ?', [move.column, move.from.length + 1, `${move.from}.`]); });
    const rows = await query as Array<Record<string, unknown>>;
    for (const row of rows) {
      const next = rewritten(move, row[move.column], parsed);
      if (next === undefined) continue;
      await db(move.table).where('id', row.id as number).update({ [move.column]: next });
      changed++;
    }
    if (rows.length < PAGE) break;
    last = Number(rows[rows.length - 1]!.id);
  }
  const where = move.where ? ` where ${move.where.column} = '${move.where.equals}'` : '';
  const at = move.op === 'json' && move.path.length ? `.${move.path.map((s) => (typeof s === 'string' ? s : `[${s.where}=${s.equals}]`)).join('.')}` : '';
  return `${move.table}.${move.column}${at} ${move.op === 'json' && move.rename === 'key' ? 'key ' : ''}'${move.from}' -> '${move.to}'${where} (${changed} row(s))`;
}

/** The value to write, or undefined to leave the row as it is. */
function rewritten(move: RowMove, raw: unknown, parsed: boolean): string | undefined {
  if (move.op === 'prefix') return typeof raw === 'string' ? renamedName(raw, move.from, move.to, true) : undefined;
  if (raw === null || raw === undefined) return undefined;
  let value: unknown = raw;
  if (!parsed && typeof raw === 'string') {
    // Not JSON (written by hand): nothing this move knows how to rewrite
    try { value = JSON.parse(raw); } catch { return undefined; }
  }
  const next = rewriteJson(value, move.path, move);
  return next === value ? undefined : JSON.stringify(next);
}

/** `value` renamed: equal to `from`, or (dotted) a name under it, `from.<rest>`. */
export function renamedName(value: string, from: string, to: string, dotted: boolean): string | undefined {
  if (value === from) return to;
  return dotted && value.startsWith(`${from}.`) ? `${to}${value.slice(from.length)}` : undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The JSON value with the rename made at `path`; the same value when nothing changed. */
export function rewriteJson(node: unknown, path: readonly JsonStep[], move: Pick<RowMove & { op: 'json' }, 'rename' | 'from' | 'to'>): unknown {
  if (Array.isArray(node)) {
    let changed = false;
    const items = node.map((item: unknown) => {
      const next = rewriteJson(item, path, move);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? items : node;
  }
  const [step, ...rest] = path;
  if (step === undefined) return renameAt(node, move);
  if (!isRecord(node)) return node;
  if (typeof step !== 'string') return node[step.where] === step.equals ? rewriteJson(node, rest, move) : node;
  if (!Object.hasOwn(node, step)) return node;
  const child = node[step];
  const next = rewriteJson(child, rest, move);
  return next === child ? node : { ...node, [step]: next };
}

function renameAt(node: unknown, move: Pick<RowMove & { op: 'json' }, 'rename' | 'from' | 'to'>): unknown {
  if (move.rename !== 'key') return typeof node === 'string' ? renamedName(node, move.from, move.to, move.rename === 'prefix') ?? node : node;
  // An object that has both keys keeps them: which value is the newer one cannot be told
  if (!isRecord(node) || !Object.hasOwn(node, move.from) || Object.hasOwn(node, move.to)) return node;
  return Object.fromEntries(Object.entries(node).map(([key, v]) => [key === move.from ? move.to : key, v]));
}
