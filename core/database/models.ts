// Objection model classes generated from the frozen registry, one per content type and component,
// bound to this kernel's knex (never objection's global), for plugins and app code that want a
// row-level query builder. Rows come back with attribute names (camelCase), not column names.

import type { Knex } from 'knex';
import { Model, snakeCaseMappers, type ColumnNameMappers } from 'objection';
import type { ModelRegistry } from '../registry/model-registry.js';

export type ModelClass = typeof Model;

export function buildModels(registry: ModelRegistry, knex: Knex): Map<string, ModelClass> {
  const out = new Map<string, ModelClass>();
  for (const model of registry.models()) {
    const tableName = model.collectionName;
    const uid = model.uid;
    class Generated extends Model {
      static override get tableName(): string { return tableName; }
      static override get columnNameMappers(): ColumnNameMappers { return snakeCaseMappers(); }
      static readonly uid = uid;
    }
    Object.defineProperty(Generated, 'name', { value: classNameOf(uid) });
    out.set(uid, Generated.bindKnex(knex));
  }
  return out;
}

function classNameOf(uid: string): string {
  const last = uid.split(/[.:]/).filter(Boolean).at(-1) ?? 'Model';
  return last.replace(/(^|[-_])([a-z0-9])/g, (_m, _s: string, c: string) => c.toUpperCase());
}
