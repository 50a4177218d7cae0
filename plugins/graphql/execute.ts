// Compiled execution. graphql-js spends most of a large answer's time in its per-field machinery
// (a resolver call, a path, a completion per field and row); graphql-jit compiles a document into
// one function that walks the selection directly. A document is compiled once it has run
// `settings.jit` times, and only if the validation cache keeps it: a document sent once, or
// too long to keep, is never worth compiling, and an attacker cannot make every request compile.

import { buildSchema, execute, parse, type DocumentNode, type ExecutionArgs, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { GraphqlSettings } from './config.js';

interface Entry { runs: number; compiled?: CompiledQuery | null }

/** Whether graphql-jit compiles against the graphql module this process loaded: a loader that
 *  gives its require() a second copy of graphql (tsx's CommonJS hook does) makes every type
 *  foreign to it, and documents with arguments would fail to compile. */
export function jitWorks(): boolean {
  const schema = buildSchema('type Query { field(flag: Boolean, input: In): Int } input In { n: Int }');
  return isCompiledQuery(compileQuery(schema, parse('{ field(flag: true, input: { n: 1 }) }')));
}

export function createExecutor(settings: Pick<GraphqlSettings, 'jit'>, kept: (document: DocumentNode) => boolean) {
  const { jit } = settings;
  // Keyed by objects the validation cache holds: an evicted document takes its entry with it
  const entries = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, Entry>>>();
  const entryOf = (args: ExecutionArgs): Entry => {
    let bySchema = entries.get(args.schema);
    if (!bySchema) entries.set(args.schema, bySchema = new WeakMap());
    let byDocument = bySchema.get(args.document);
    if (!byDocument) bySchema.set(args.document, byDocument = new Map());
    const key = args.operationName ?? '';
    let entry = byDocument.get(key);
    if (!entry) byDocument.set(key, entry = { runs: 0 });
    return entry;
  };
  return (args: ExecutionArgs): ExecutionResult | Promise<ExecutionResult> => {
    if (jit === false || !kept(args.document)) return execute(args);
    const entry = entryOf(args);
    if (entry.compiled === undefined && entry.runs >= jit) {
      const result = compileQuery(args.schema, args.document, args.operationName ?? undefined);
      // What it cannot compile runs on graphql-js, as every document did before
      entry.compiled = isCompiledQuery(result) ? result : null
    }
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
