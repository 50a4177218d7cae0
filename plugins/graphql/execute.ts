// Compiled execution. graphql-js spends most of a large answer's time in its per-field machinery
// (a resolver call, a path, a completion per field and row); graphql-jit compiles a document into
// one function that walks the selection directly. A document is compiled once it has run
// `settings.jit` times, and only if the validation cache keeps it and it is safe and small enough
// to compile (compilable below): a document sent once, or too long to keep, never costs a
// compilation, and what a client can make the server compile is bounded.

import {
  BREAK, buildSchema, execute, getNamedType, getNullableType, isInputObjectType, isScalarType, parse, TypeInfo, typeFromAST, visit, visitWithTypeInfo,
  type DocumentNode, type ExecutionArgs, type ExecutionResult, type GraphQLInputObjectType, type GraphQLSchema,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { GraphqlSettings } from './config.js';

/** Most fields (fragments spread) a compiled document may select: compiling costs about 5 ms and
 *  well under 1 MB per thousand fields, and a client's documents are smaller. */
export const MAX_COMPILED_FIELDS = 1_000;

interface Entry { runs: number; compiled?: CompiledQuery | null }

/** Operations run each way since the kernel started. */
export interface ExecutionCounts { compiled: number; interpreted: number }

export interface CompileGate {
  /** The validation cache keeps the document. */
  kept(document: DocumentNode): boolean;
  /** Fields of its largest operation, fragments spread. */
  fields(document: DocumentNode): number;
}

/** Whether graphql-jit compiles against the graphql module this process loaded: a loader that
 *  gives its require() a second copy of graphql (tsx's CommonJS hook does) makes every type
 *  foreign to it, and documents with arguments would fail to compile. */
export function jitWorks(): boolean {
  // It depends on how the modules were loaded, not on the kernel: once per process
  jitCompiles ??= isCompiledQuery(compileQuery(
    buildSchema('type Query { field(flag: Boolean, input: In): Int } input In { n: Int }'),
    parse('{ field(flag: true, input: { n: 1 }) }'),
  ));
  return jitCompiles;
}
let jitCompiles: boolean | undefined;

/** graphql-jit writes literal argument values into the code it generates, and a string literal
 *  can escape from it (its date marker `__MAGIC_DATE__<uuid>` is copied unescaped: code
 *  injection); a variable inside a custom scalar's literal (JSON: `{ note: $t }`) reaches the
 *  scalar as undefined. So a document is compiled only if its literals are tokens the lexer
 *  bounds (numbers, booleans, null, enum values) and each variable sits at a typed input position
 *  outside any scalar's literal. Strings then arrive as variables: data, never code.
 *  graphql-jit also writes a variable's coercion out field by field, following input types with
 *  no end: a variable of a filters type (and, or, not, relations: a cycle) runs it until the
 *  stack overflows, for seconds of blocked CPU; so a variable's type must expand to at most
 *  MAX_COMPILED_FIELDS fields. */
export function compilable(schema: GraphQLSchema, document: DocumentNode): boolean {
  const typeInfo = new TypeInfo(schema);
  let safe = true;
  // Per object or list literal: does it sit where a scalar is expected (a JSON value)? An object's
  // type is its position's, a list item type included (one item given for a list); TypeInfo has
  // moved on to a list's item type already, so a list's position is the parent's
  const scalarLiterals: boolean[] = [];
  const enterObject = () => {
    const type = typeInfo.getInputType();
    scalarLiterals.push(!type || isScalarType(getNamedType(type)));
  };
  const enterList = () => {
    const type = typeInfo.getParentInputType();
    scalarLiterals.push(!type || isScalarType(getNullableType(type)));
  };
  const leaveLiteral = () => { scalarLiterals.pop(); };
  const refuse = () => { safe = false; return BREAK; };
  visit(document, visitWithTypeInfo(typeInfo, {
    VariableDefinition: (node) => {
      const type = typeFromAST(schema, node.type);
      const named = type && getNamedType(type);
      return named && isInputObjectType(named) && expandedFields(named) > MAX_COMPILED_FIELDS ? refuse() : undefined;
    },
    StringValue: refuse,
    ObjectValue: { enter: enterObject, leave: leaveLiteral },
    ListValue: { enter: enterList, leave: leaveLiteral },
    Variable: () => (!typeInfo.getInputType() || scalarLiterals.includes(true) ? refuse() : undefined),
  }));
  return safe;
}

/** Fields graphql-jit writes out for a variable of an input object type: every field, and the
 *  fields of each field's input object type again at every place it appears; Infinity on a
 *  cycle, and counting stops past MAX_COMPILED_FIELDS. Kept per type object, so per schema. */
function expandedFields(type: GraphQLInputObjectType, path = new Set<GraphQLInputObjectType>()): number {
  const known = expanded.get(type);
  if (known !== undefined) return known;
  if (path.has(type)) return Infinity;
  path.add(type);
  let total = 0;
  for (const field of Object.values(type.getFields())) {
    const named = getNamedType(field.type);
    total += 1 + (isInputObjectType(named) ? expandedFields(named, path) : 0);
    if (total > MAX_COMPILED_FIELDS) break;
  }
  path.delete(type);
  // A type that met a type still on the path lies on that cycle: infinite from anywhere
  expanded.set(type, total);
  return total;
}
const expanded = new WeakMap<GraphQLInputObjectType, number>();

export function createExecutor(settings: Pick<GraphqlSettings, 'jit'>, gate: CompileGate, counts: ExecutionCounts) {
  const { jit } = settings;
  // Keyed by documents the validation cache holds: an evicted document takes its entries with it.
  // One executor serves one kernel's schema, built once.
  const entries = new WeakMap<DocumentNode, Map<string, Entry>>();
  const entryOf = (args: ExecutionArgs): Entry => {
    let byDocument = entries.get(args.document);
    if (!byDocument) entries.set(args.document, byDocument = new Map());
    const key = args.operationName ?? '';
    let entry = byDocument.get(key);
    if (!entry) byDocument.set(key, entry = { runs: 0 });
    return entry;
  };
  const compile = (args: ExecutionArgs): CompiledQuery | null => {
    if (gate.fields(args.document) > MAX_COMPILED_FIELDS || !compilable(args.schema, args.document)) return null;
    const result = compileQuery(args.schema, args.document, args.operationName ?? undefined);
    // What it cannot compile runs on graphql-js, as every document did before
    return isCompiledQuery(result) ? result : null;
  };
  const interpreted = (args: ExecutionArgs) => {
    counts.interpreted++;
    return execute(args);
  };
  return (args: ExecutionArgs): ExecutionResult | Promise<ExecutionResult> => {
    if (jit === false || !gate.kept(args.document)) return interpreted(args);
    const entry = entryOf(args);
    if (entry.compiled === undefined && entry.runs >= jit) entry.compiled = compile(args);
    entry.runs++;
    if (!entry.compiled) return interpreted(args);
    counts.compiled++;
    const context = { ...(args.contextValue as object), compiled: true };
    return ordered(entry.compiled.query(args.rootValue, context, args.variableValues) as ExecutionResult | Promise<ExecutionResult>);
  };
}

/** errors before data, as graphql-js answers (and the GraphQL spec suggests). */
function ordered(result: ExecutionResult | Promise<ExecutionResult>): ExecutionResult | Promise<ExecutionResult> {
  if (result instanceof Promise) return result.then(ordered) as Promise<ExecutionResult>;
  return result.errors ? { errors: result.errors, data: result.data, ...result } : result;
}
