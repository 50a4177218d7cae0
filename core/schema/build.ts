// Builds a SchemaSpec: the seed types, whatever schemaInit taps add, then every type through
// schemaType, its fields through schemaFields, each field through schemaField and its arguments
// through schemaFieldArgs. Called by a surface that serves a typed schema (GraphQL).

import { KernelError } from '../errors/index.js';
import type { SchemaHooks } from './hooks.js';
import type { FieldExtra, FieldScope, FieldSpec, SchemaBuilder, SchemaSpec, TypeScope, TypeSpec } from './types.js';

export type { FieldExtra, SchemaBuilder } from './types.js';

interface Entry { type: TypeSpec; scope: TypeScope; extras: Record<string, FieldExtra> }

export function buildSchemaSpec(hooks: SchemaHooks, seed: (builder: SchemaBuilder) => void, variant?: string): SchemaSpec {
  const entries = new Map<string, Entry>();
  const builder: SchemaBuilder = {
    variant,
    addType(type, scope, extras = {}) {
      const existing = entries.get(type.name);
      if (existing) throw new KernelError('PLUGIN_ERR_DUPLICATE', `schema type ${type.name}: added by ${scope.owner}, already added by ${existing.scope.owner}`);
      entries.set(type.name, { type, scope, extras });
    },
    has: (name) => entries.has(name),
  };
  seed(builder);
  hooks.schemaInit.call(builder);
  const types = new Map<string, TypeSpec>();
  const scopes: SchemaSpec['scopes'] = new Map();
  for (const { type, scope, extras } of entries.values()) {
    const stamped = variant === undefined ? scope : { ...scope, variant };
    const shaped = hooks.schemaType.call(type, stamped);
    const fields: Record<string, FieldSpec> = {};
    const fieldScopes: Record<string, FieldScope> = {};
    const typeScope = { ...stamped, typeName: shaped.name };
    if (shaped.kind === 'object' || shaped.kind === 'input') {
      for (const [name, field] of Object.entries(hooks.schemaFields.call({ ...shaped.fields }, typeScope))) {
        const fieldScope = { ...typeScope, fieldName: name, ...extras[name] };
        fieldScopes[name] = fieldScope;
        const built = hooks.schemaField.call(field, fieldScope);
        fields[name] = { ...built, args: hooks.schemaFieldArgs.call({ ...built.args }, fieldScope) };
      }
    }
    types.set(shaped.name, { ...shaped, fields });
    scopes.set(shaped.name, { type: stamped, fields: fieldScopes });
  }
  return { types, scopes };
}
