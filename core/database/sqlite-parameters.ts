// SQLite plans a statement again at every run when a bound value might change its plan: an
// equality next to an ORDER BY or a join, a LIMIT, a LIKE pattern. Every read here has one of
// those, so a cached statement saved nothing (SQLite 3.54: the deep restaurant read's main
// statement took 155 µs bound, 20 µs with its values written in). Written `+?`, a parameter is
// an expression the planner does not look into: the same plan, the same affinity rules (a
// parameter has no affinity either way), indexes still used (FTS5's LIKE included).
// A re-plan also made better-sqlite3 compile a new row constructor, so no two runs' rows
// shared a hidden class.

/** The statement with each `?` outside quotes and comments written `+?`. */
export function pinParameters(sql: string): string {
  let out = '';
  let from = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === '`') i = after(sql, c, i + 1);
    else if (c === '[') i = after(sql, ']', i + 1);
    else if (c === '-' && sql[i + 1] === '-') i = after(sql, '\n', i + 2);
    else if (c === '/' && sql[i + 1] === '*') i = after(sql, '*/', i + 2);
    else {
      if (c === '?' && sql[i - 1] !== '+') {
        out += `${sql.slice(from, i)}+`;
        from = i;
      }
      i++;
    }
  }
  return out + sql.slice(from);
}

/** The position after the next `end` from `i`, or the end of the text. A doubled quote reads as
 *  two quoted runs, which leaves the same text. */
function after(sql: string, end: string, i: number): number {
  const at = sql.indexOf(end, i);
  return at === -1 ? sql.length : at + end.length;
}
