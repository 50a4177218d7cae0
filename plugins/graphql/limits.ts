// Bounds on what one request may ask, checked in validation, before any SQL runs: selection depth,
// aliases, root fields and an estimated cost (each list field counts its page size times its
// children). Each refusal names the limit and its value.

import {
  GraphQLError, Kind, NoSchemaIntrospectionCustomRule, parse, specifiedRules, validate, type DocumentNode, type FragmentDefinitionNode,
  type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode, type Source, type ValidationRule,
} from 'graphql';
import { createComplexityRule, simpleEstimator, type ComplexityEstimator } from 'graphql-query-complexity';
import { pageSizeOf } from './args.js';
import type { GraphqlSettings } from './config.js';

/** A selection's reach, relative to where it starts: its deepest field, its aliases and its
 *  fields once fragments are expanded and those at its own level (counted, not expanded, so
 *  fragments that spread others many times cost nothing to measure). */
interface Shape { depth: number; aliases: number; fields: number; top: number }

/** Every operation of a document and its shape. */
function measureOperations(document: DocumentNode): Array<{ def: OperationDefinitionNode; shape: Shape }> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === 'FragmentDefinition') fragments.set(def.name.value, def);
  const memo = new Map<string, Shape>();
  const fragmentShape = (name: string, spreading: Set<string>): Shape => {
    const known = memo.get(name);
    if (known) return known;
    const fragment = fragments.get(name);
    // A cycle is GraphQL's own validation error; here it only stops the walk
    if (!fragment || spreading.has(name)) return { depth: 0, aliases: 0, fields: 0, top: 0 };
    const shape = walk(fragment.selectionSet, new Set([...spreading, name]));
    memo.set(name, shape);
    return shape;
  };
  const walk = (set: SelectionSetNode | undefined, spreading: Set<string>): Shape => {
    let out: Shape = { depth: 0, aliases: 0, fields: 0, top: 0 };
    for (const sel of set?.selections ?? []) {
      let inner: Shape;
      if (sel.kind === 'Field') {
        const below = walk(sel.selectionSet, spreading);
        // Introspection's depth is bounded by graphql-js's MaxIntrospectionDepthRule (nested
        // lists); its ofType chains are single objects. The standard introspection query that
        // GraphiQL and codegen tools send nests 15 levels, and Strapi's depth limit skips __ fields too
        const depth = sel.name.value === '__schema' || sel.name.value === '__type' ? 1 : below.depth + 1;
        inner = { depth, aliases: below.aliases + (sel.alias ? 1 : 0), fields: below.fields + 1, top: 1 };
      } else if (sel.kind === 'InlineFragment') {
        inner = walk(sel.selectionSet, spreading);
      } else {
        inner = fragmentShape(sel.name.value, spreading);
      }
      out = { depth: Math.max(out.depth, inner.depth), aliases: out.aliases + inner.aliases, fields: out.fields + inner.fields, top: out.top + inner.top };
    }
    return out;
  };
  return document.definitions.filter((def) => def.kind === 'OperationDefinition')
    .map((def) => ({ def, shape: walk(def.selectionSet, new Set()) }));
}

/** depth, alias, field-count and root-field limits of every measured operation. */
function shapeErrors(operations: ReturnType<typeof measureOperations>, settings: GraphqlSettings): GraphQLError[] {
  const errors: GraphQLError[] = [];
  for (const { def, shape } of operations) {
    const name = def.name ? ` ${def.name.value}` : '';
    const roots = shape.top;
    const check = (actual: number, limit: number, key: string, what: (n: number) => string) => {
      if (actual > limit) errors.push(limitError(`Operation${name} ${what(actual)}; at most ${limit} are allowed (${key})`, key, limit, def));
    };
    check(roots, settings.maxRootFields, 'maxRootFields', (n) => `has ${n} root fields`);
    check(shape.depth, settings.depthLimit, 'depthLimit', (n) => `is nested ${n} levels deep`);
    check(shape.aliases, settings.maxAliases, 'maxAliases', (n) => `uses ${n} aliases`);
    check(shape.fields, settings.maxCost, 'maxCost', (n) => `selects ${n} fields once its fragments are spread`);
  }
  return errors;
}

/** A list field costs its page size times its children; any other field 1 plus its children. */
function pageEstimator(settings: GraphqlSettings): ComplexityEstimator {
  return ({ args, childComplexity, field }) => {
    if (!field.args.some((a) => a.name === 'pagination')) return undefined;
    return 1 + pageSizeOf(args.pagination, settings) * Math.max(1, childComplexity);
  };
}

/** What does not depend on the request but on its document (its shape, GraphQL's rules,
 *  introspection) is checked once per document; the cost, which reads the variables, per request.
 *  parse() hands back the same DocumentNode for the same text, so the first check is reused. */
export function createValidation(settings: GraphqlSettings, maxTokens: number) {
  const parsed = new Map<string, DocumentNode>();
  // Parsed but not yet known to be valid: kept only once it passes (a refused document is not
  // worth memory, and an attacker could send many)
  const candidates = new WeakMap<DocumentNode, string>();
  const checked = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  const fieldCounts = new WeakMap<DocumentNode, number>();
  // The cost of a document with given variables and operation (a client pages through the same
  // few documents)
  const costs = new WeakMap<DocumentNode, Map<string, readonly GraphQLError[]>>();
  const costKeys = new WeakMap<readonly ValidationRule[], string>();
  const askedOperation = new WeakMap<readonly ValidationRule[], string>();
  const documentRules = settings.introspection ? specifiedRules : [...specifiedRules, NoSchemaIntrospectionCustomRule];
  return {
    parse(source: string | Source): DocumentNode {
      const text = typeof source === 'string' ? source : source.body;
      const known = parsed.get(text);
      if (known) {
        // Most recently used last: the oldest is the first to go
        parsed.delete(text);
        parsed.set(text, known);
        return known;
      }
      const document = parse(source, { maxTokens });
      if (text.length <= CACHED_DOCUMENT_LENGTH) candidates.set(document, text);
      return document;
    },
    validate(schema: GraphQLSchema, document: DocumentNode, rules: readonly ValidationRule[]): readonly GraphQLError[] {
      let errors = checked.get(document);
      if (!errors) {
        // Its shape first: cheap, and it keeps GraphQL's rules from walking an enormous expansion
        const operations = measureOperations(document);
        const shape = shapeErrors(operations, settings);
        errors = shape.length ? shape : validate(schema, document, documentRules);
        const text = candidates.get(document);
        if (text !== undefined && errors.length === 0) {
          checked.set(document, errors);
          fieldCounts.set(document, Math.max(0, ...operations.map((op) => op.shape.fields)));
          parsed.set(text, document);
          if (parsed.size > CACHED_DOCUMENTS) parsed.delete(parsed.keys().next().value!);
        }
      }
      if (errors.length) return errors;
      // graphql-query-complexity reads the name of every operation when one is asked for by name,
      // and throws on an anonymous one: an unknown name is answered first, as execution would
      const asked = askedOperation.get(rules);
      if (asked !== undefined && !document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === asked)) {
        return [new GraphQLError(`Unknown operation named "${asked}".`, { extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } })];
      }
      const key = costKeys.get(rules);
      if (key === undefined) return validate(schema, document, rules);
      let known = costs.get(document);
      if (!known) costs.set(document, known = new Map());
      let cost = known.get(key);
      if (!cost) {
        cost = validate(schema, document, rules);
        if (known.size >= CACHED_COSTS) known.delete(known.keys().next().value!);
        known.set(key, cost);
      }
      return cost;
    },
    /** The document is one the cache keeps (it passed the request-independent checks). */
    kept(document: DocumentNode): boolean {
      return checked.has(document);
    },
    /** Fields of the document's largest operation once fragments are spread (kept documents). */
    fields(document: DocumentNode): number {
      return fieldCounts.get(document) ?? Infinity;
    },
    /** The request's own rules: the cost with its variables, of the operation that runs. */
    rules(variables: Record<string, unknown>, operationName?: string): ValidationRule[] {
      const rules = [createComplexityRule({
        maximumComplexity: settings.maxCost,
        variables,
        operationName,
        estimators: [pageEstimator(settings), simpleEstimator({ defaultComplexity: 1 })],
        createError: (max, actual) => limitError(`The operation's estimated cost is ${actual}; at most ${max} is allowed (maxCost)`, 'maxCost', max),
      })];
      if (operationName !== undefined) askedOperation.set(rules, operationName);
      const key = JSON.stringify([operationName ?? null, variables]);
      if (key.length <= CACHED_COST_KEY_LENGTH) costKeys.set(rules, key);
      return rules;
    },
  };
}

/** Valid documents kept parsed and checked, and the longest one kept: a client's documents are
 *  few and short, and a parsed document keeps its tokens (about 200 bytes per character), so the
 *  cache stays under about 80 MB whatever is sent, plus what compiling kept documents costs
 *  (execute.ts bounds it: at most 1000 fields each). */
const CACHED_DOCUMENTS = 100;
const CACHED_DOCUMENT_LENGTH = 4_000;
/** Variable sets whose cost is kept, per document, and the longest kept. */
const CACHED_COSTS = 20;
const CACHED_COST_KEY_LENGTH = 1_000;

function limitError(message: string, limit: string, value: number, node?: OperationDefinitionNode): GraphQLError {
  return new GraphQLError(message, { nodes: node ? [node] : undefined, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit, value } });
}
