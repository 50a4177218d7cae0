// The scoped hooks of a typed API schema, after graphile-build's: one for the whole schema, one
// per type, per type's fields, per field and per field's arguments, each with its scope (the
// content type, the attribute, the operation) so a plugin changes exactly what it means to.

import { SyncHook, SyncWaterfallHook } from 'tapable';
import type { ArgSpec, DocumentQueries, FieldScope, FieldSpec, SchemaBuilder, TypeScope, TypeSpec } from './types.js';

export function createSchemaHooks() {
  return {
    /** Once per build, before anything: content types served through a plugin's own operations
     *  (see DocumentQueries), so their types and queries are built as for content types. */
    schemaDocuments: new SyncWaterfallHook<[DocumentQueries[]]>(['served']),
    /** Once per build, before types are shaped: add types of your own (a payload, an enum). */
    schemaInit: new SyncHook<[SchemaBuilder]>(['builder']),
    /** Per type: change its description, kind or values. */
    schemaType: new SyncWaterfallHook<[TypeSpec, TypeScope]>(['type', 'scope']),
    /** Per object or input type: add, remove or replace fields (a root query field). */
    schemaFields: new SyncWaterfallHook<[Record<string, FieldSpec>, TypeScope & { typeName: string }]>(['fields', 'scope']),
    /** Per field: change its type, description or resolver. */
    schemaField: new SyncWaterfallHook<[FieldSpec, FieldScope]>(['field', 'scope']),
    /** Per field's arguments: add an argument to a field someone else wrote. */
    schemaFieldArgs: new SyncWaterfallHook<[Record<string, ArgSpec>, FieldScope]>(['args', 'scope']),
  };
}

export type SchemaHooks = ReturnType<typeof createSchemaHooks>;
