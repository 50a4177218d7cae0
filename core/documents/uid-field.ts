// uid attributes with a targetField get a slug of that field on create when the client gives none,
// made unique among the type's other documents with a numeric suffix (as Strapi's admin does).

import { columnName } from '../database/naming.js';
import type { ContentType } from '../registry/types.js';
import type { WriteContext } from './write-context.js';

export function slugify(value: string): string {
  return value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/** `reserved`: per attribute, values items of the same call took before this one (createMany). */
export async function fillUidFields(wc: WriteContext, ct: ContentType, values: Record<string, unknown>, reserved?: Map<string, Set<string>>): Promise<void> {
  for (const [name, attr] of Object.entries(ct.attributes)) {
    if (attr.type !== 'uid' || !attr.targetField || values[name] !== undefined) continue;
    const source = values[attr.targetField];
    if (typeof source !== 'string') continue;
    const base = slugify(source).slice(0, 240);
    if (!base) continue;
    const column = columnName(name);
    // base, or base-<anything>: a range the column's index serves ('-' + 1 is '.'), unlike LIKE
    const taken = new Set((await wc.trx(ct.collectionName).where(column, base)
      .orWhere((w) => w.where(column, '>=', `${base}-`).andWhere(column, '<', `${base}.`))
      .distinct(column) as Array<Record<string, string>>).map((r) => r[column]));
    const mine = reserved?.get(name);
    let candidate = base;
    for (let n = 1; taken.has(candidate) || mine?.has(candidate); n++) candidate = `${base}-${n}`;
    values[name] = candidate;
  }
}
