// Compiled execution. graphql-js spends most of a large answer's time in its per-field machinery
// (a resolver call, a path, a completion per field and row); graphql-jit compiles a document into
// one function that walks the selection directly. A document is compiled once it has run
// `settings.jit` times, and only if the validation cache keeps it and it is safe and small enough
// to compile (compilable below): a document sent once, or too long to keep, never costs a
// compilation, and what a client can make the server compile is bounded.

import {
  BREAK, buildSchema, execute, getNamedType, isScalarType, parse, TypeInfo, visit, visitWithTypeInfo,
  type DocumentNode, type ExecutionArgs, type ExecutionResult, type GraphQLSchema,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { GraphqlSettings } from './config.js';

/** Most fields (fragments spread) a compiled document may select: compiling costs about 5 ms and
 *  well under 1 MB per thousand fields, and a client's documents are smaller. */
export const MAX_COMPILED_FIELDS = 1_000;

interface Entry { runs: number; compiled?: CompiledQuery | null }

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
 *  outside any scalar's literal. Strings then arrive as variables: data, never code. */
export function compilable(schema: GraphQLSchema, document: DocumentNode): boolean {
  const typeInfo = new TypeInfo(schema);
  let safe = true;
  // Per object or list literal: does it sit where a scalar is expected (a JSON value)?
  const scalarLiterals: boolean[] = [];
  const enterLiteral = () => {
    const type = typeInfo.getInputType();
    scalarLiterals.push(!type || isScalarType(getNamedType(type)));
  };
  const leaveLiteral = () => { scalarLiterals.pop(); };
  const refuse = () => { safe = false; return BREAK; };
  visit(document, visitWithTypeInfo(typeInfo, {
    StringValue: refuse,
    ObjectValue: { enter: enterLiteral, leave: leaveLiteral },
    ListValue: { enter: enterLiteral, leave: leaveLiteral },
    Variable: () => (!typeInfo.getInputType() || scalarLiterals.includes(true) ? refuse() : undefined),
  }));
  return safe;
}

export function createExecutor(settings: Pick<GraphqlSettings, 'jit'>, gate: CompileGate) {
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
  return (args: ExecutionArgs): ExecutionResult | Promise<ExecutionResult> => {
    if (jit === false || !gate.kept(args.document)) return execute(args);
    const entry = entryOf(args);
    if (entry.compiled === undefined && entry.runs >= jit) entry.compiled = compile(args);
    entry.runs++;
    if (!entry.compiled) return execute(args);
    const context = { ...(args.contextValue as object), compiled: true };
    return ordered(entry.compiled.query(args.rootValue, context, args.variableValues) as ExecutionResult | Promise<ExecutionResult>);
  };
}

/** errors before data, as graphql-js answers (and the GraphQL spec suggests). */
function ordered(result: ExecutionResult | Promise<ExecutionResult>): ExecutionResult | Promise<ExecutionResult> {
  if (result instanceof Promise) return result.then(ordered) as Promise<ExecutionResult>;
  return result.errors ? { errors: result.errors, data: result.data, ...result } : result;
}
