// Renames that keep data: the renames file (content-types/renames.json), committed beside the
// schema files, lists each rename of an attribute, a component or a content type with the moves
// that keep its data (a table or column renamed, stored names rewritten). Schema sync applies the
// ones a database has not applied yet before its additive diff (apply-renames.ts), so every
// database that receives the files (staging, production) makes the same moves.
//
// The moves are worked out when the rename is recorded, from the models as they were then: the
// physical names depend on the attribute's kind and the type's collection name at that moment,
// which later renames change. A database applies them in the file's order.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RENAMES_FILE } from '../registry/load.js';
import { KernelError } from '../errors/index.js';
import type { Model } from '../registry/types.js';
import { columnName, componentLinkTable, FILES_LINK_TABLE, relationTable } from './naming.js';
import { columnTypeOf } from './physical.js';

export { RENAMES_FILE } from '../registry/load.js';

/** One change of the database that keeps data. `table` and `column` run only while their source
 *  exists and their target does not; `values` rewrites a stored name (a component's uid in a
 *  component link table, a field name, a media link's owner type); `prefix` and `json` rewrite
 *  the names plugins store (stored-names.ts), row by row, each row once: a run stopped halfway
 *  finds the rows it did already rewritten and leaves them. */
export type RenameMove =
  | { op: 'table'; from: string; to: string }
  | { op: 'column'; table: string; from: string; to: string }
  | { op: 'values'; table: string; column: string; from: string; to: string; where?: MoveWhere }
  /** Dotted names: the value `from` becomes `to`, and `from.<rest>` becomes `to.<rest>` (the
   *  permission actions `<uid>.<action>` of a renamed type). */
  | { op: 'prefix'; table: string; column: string; from: string; to: string; where?: MoveWhere }
  /** Inside a json column, at `path` (arrays met on the way are walked; a `{ where, equals }`
   *  step keeps the objects whose key `where` holds `equals`): an object's key `from` renamed to
   *  `to` unless it has `to` already (`key`), or the strings there, alone or in a list, equal to
   *  `from` rewritten (`value`), or dotted names under it too (`prefix`). */
  | { op: 'json'; table: string; column: string; path: JsonStep[]; rename: 'key' | 'value' | 'prefix'; from: string; to: string; where?: MoveWhere };

/** The rows a move rewrites: those whose `column` holds `equals` (all of them without it). */
export interface MoveWhere { column: string; equals: string }

/** A key to enter, or a filter on the objects reached (a dynamic zone's entries of a component). */
export type JsonStep = string | { where: string; equals: string };

export type RenameKind = 'attribute' | 'component' | 'contentType';

export interface Rename {
  /** Unique in the file; what a database records once it has applied the rename. */
  id: string;
  kind: RenameKind;
  /** For an attribute: the uid of its content type or component (as it was named then). */
  model?: string;
  from: string;
  to: string;
  /** When it was recorded (ISO 8601). */
  at: string;
  moves: RenameMove[];
}

export interface RenamesFile { version: 1; renames: Rename[] }

/** What the moves of a rename read of a model: a loaded one, or a schema file's content. */
export type RenamedModel = Pick<Model, 'uid' | 'collectionName' | 'attributes'>;

export function renamesPath(contentTypesDir: string): string {
  return join(contentTypesDir, RENAMES_FILE);
}

/** The renames recorded in a content-types folder, in order; none when there is no file. */
export function readRenames(contentTypesDir: string | undefined): Rename[] {
  if (!contentTypesDir) return [];
  const file = renamesPath(contentTypesDir);
  if (!existsSync(file)) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new KernelError('SCHEMA_ERR_LOAD', `${RENAMES_FILE}: not valid JSON (${(err as Error).message})`);
  }
  const renames = (parsed as Partial<RenamesFile> | null)?.renames;
  if (!Array.isArray(renames) || !renames.every(isRename)) {
    throw new KernelError('SCHEMA_ERR_LOAD', `${RENAMES_FILE}: expected { "version": 1, "renames": [{ id, kind, from, to, at, moves }] }`);
  }
  const ids = new Set<string>();
  for (const r of renames) {
    if (ids.has(r.id)) throw new KernelError('SCHEMA_ERR_LOAD', `${RENAMES_FILE}: rename id ${r.id} is listed twice`);
    ids.add(r.id);
  }
  return renames;
}

/** Appends renames to the file, keeping what it holds. */
export function appendRenames(contentTypesDir: string, added: Rename[]): void {
  if (added.length === 0) return;
  const file: RenamesFile = { version: 1, renames: [...readRenames(contentTypesDir), ...added] };
  writeFileSync(renamesPath(contentTypesDir), `${JSON.stringify(file, null, 2)}\n`);
}

function isRename(value: unknown): value is Rename {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return typeof r.id === 'string' && (r.kind === 'attribute' || r.kind === 'component' || r.kind === 'contentType')
    && typeof r.from === 'string' && typeof r.to === 'string' && typeof r.at === 'string'
    && Array.isArray(r.moves) && r.moves.every(isMove);
}

function isMove(value: unknown): value is RenameMove {
  if (!isRecord(value)) return false;
  const m = value;
  const text = (k: string) => typeof m[k] === 'string' && m[k] !== '';
  if (m.op === 'table') return text('from') && text('to');
  if (m.op === 'column') return text('table') && text('from') && text('to');
  if (!text('table') || !text('column') || (m.where !== undefined && !isWhere(m.where, 'column'))) return false;
  if (m.op === 'values') return typeof m.from === 'string' && typeof m.to === 'string';
  // An empty name would match every value (or key) of the column
  if (!text('from') || !text('to')) return false;
  if (m.op === 'prefix') return true;
  return m.op === 'json' && (m.rename === 'key' || m.rename === 'value' || m.rename === 'prefix')
    && Array.isArray(m.path) && m.path.every((step) => (typeof step === 'string' ? step !== '' : isWhere(step, 'where')));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A move's `{ column, equals }`, a json step's `{ where, equals }`. */
function isWhere(value: unknown, key: 'column' | 'where'): boolean {
  return isRecord(value) && typeof value[key] === 'string' && value[key] !== '' && typeof value.equals === 'string';
}

// --- the moves of each kind of rename, from the models before it -----------------------------

/** Renaming attribute `from` of `model` to `to`: its column, its link table, or the field name its
 *  components and media links are stored under. */
export function attributeRenameMoves(model: RenamedModel, from: string, to: string): RenameMove[] {
  const attr = model.attributes[from];
  if (!attr) return [];
  const table = model.collectionName;
  if (attr.type === 'relation') {
    // The owning side has the link table; an inverse side (mappedBy) and i18n's versions none
    return attr.mappedBy || attr.versions ? [] : [{ op: 'table', from: relationTable(table, from), to: relationTable(table, to) }];
  }
  if (attr.type === 'component' || attr.type === 'dynamiczone') {
    return [{ op: 'values', table: componentLinkTable(table), column: 'field', from, to }];
  }
  if (attr.type === 'media') {
    return [{ op: 'values', table: FILES_LINK_TABLE, column: 'field', from, to, where: { column: 'related_type', equals: model.uid } }];
  }
  return columnTypeOf(attr) ? [{ op: 'column', table, from: columnName(from), to: columnName(to) }] : [];
}

/** Renaming a model (content type or component) to `toUid`, stored in `toCollection`: its table,
 *  its component link table and its relations' link tables follow the collection name, and its
 *  media links name its uid. `users` are the models whose component links name it (a component). */
export function modelRenameMoves(model: RenamedModel, toUid: string, toCollection: string, users: readonly RenamedModel[] = []): RenameMove[] {
  const moves: RenameMove[] = [];
  const from = model.collectionName;
  if (from !== toCollection) {
    moves.push({ op: 'table', from, to: toCollection });
    const attrs = Object.entries(model.attributes);
    if (attrs.some(([, a]) => a.type === 'component' || a.type === 'dynamiczone')) {
      moves.push({ op: 'table', from: componentLinkTable(from), to: componentLinkTable(toCollection) });
    }
    for (const [name, a] of attrs) {
      if (a.type === 'relation' && !a.mappedBy && !a.versions) moves.push({ op: 'table', from: relationTable(from, name), to: relationTable(toCollection, name) });
    }
  }
  if (model.uid !== toUid) {
    if (Object.values(model.attributes).some((a) => a.type === 'media')) {
      moves.push({ op: 'values', table: FILES_LINK_TABLE, column: 'related_type', from: model.uid, to: toUid });
    }
    for (const user of users) {
      // Its link table by the name it has when this rename runs (the caller orders renames)
      moves.push({ op: 'values', table: componentLinkTable(user.collectionName), column: 'component_type', from: model.uid, to: toUid });
    }
  }
  return moves;
}
