// Bounds on what one request may ask, checked in validation, before any SQL runs: selection depth,
// aliases, root fields and an estimated cost (each list field counts its page size times its
// children). Each refusal names the limit and its value.

import {
  GraphQLError, NoSchemaIntrospectionCustomRule, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode,
  type SelectionSetNode, type ValidationRule,
} from 'graphql';
import { createComplexityRule, simpleEstimator, type ComplexityEstimator } from 'graphql-query-complexity';
import type { GraphqlSettings } from './config.js';

/** A selection's reach, relative to where it starts: its deepest field, its aliases and its
 *  fields once fragments are expanded and those at its own level (counted, not expanded, so
 *  fragments that spread others many times cost nothing to measure). */
interface Shape { depth: number; aliases: number; fields: number; top: number }

/** depth, alias, field-count and root-field limits of every operation in a document. */
export function shapeErrors(document: DocumentNode, settings: GraphqlSettings): GraphQLError[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === 'FragmentDefinition') fragments.set(def.name.value, def);
  const memo = new Map<string, Shape>();
  const errors: GraphQLError[] = [];
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
        inner = { depth: below.depth + 1, aliases: below.aliases + (sel.alias ? 1 : 0), fields: below.fields + 1, top: 1 };
      } else if (sel.kind === 'InlineFragment') {
        inner = walk(sel.selectionSet, spreading);
      } else {
        inner = fragmentShape(sel.name.value, spreading);
      }
      out = { depth: Math.max(out.depth, inner.depth), aliases: out.aliases + inner.aliases, fields: out.fields + inner.fields, top: out.top + inner.top };
    }
    return out;
  };
  for (const def of document.definitions) {
    if (def.kind !== 'OperationDefinition') continue;
    const name = def.name ? ` ${def.name.value}` : '';
    const shape = walk(def.selectionSet, new Set());
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
    const page = (args.pagination ?? {}) as { pageSize?: number | null; limit?: number | null };
    const size = Math.min(page.pageSize ?? page.limit ?? settings.defaultLimit, settings.amountLimit);
    return 1 + Math.max(1, size) * Math.max(1, childComplexity);
  };
}

/** The rules for one request: its shape first (cheap, and it keeps the cost estimate from
 *  walking an enormous expansion), then the cost with the request's variables. */
export function validationRules(
  settings: GraphqlSettings, document: DocumentNode, variables: Record<string, unknown>, specified: readonly ValidationRule[], operationName?: string,
): ValidationRule[] {
  const errors = shapeErrors(document, settings);
  if (errors.length) return [(context) => ({ Document: { enter() { errors.forEach((e) => context.reportError(e)); return false; } } })];
  const rules: ValidationRule[] = [
    ...specified,
    createComplexityRule({
      maximumComplexity: settings.maxCost,
      variables,
      // Only the operation that runs is estimated (and only its variables are needed)
      operationName,
      estimators: [pageEstimator(settings), simpleEstimator({ defaultComplexity: 1 })],
      createError: (max, actual) => limitError(`The operation's estimated cost is ${actual}; at most ${max} is allowed (maxCost)`, 'maxCost', max),
    }),
  ];
  if (!settings.introspection) rules.push(NoSchemaIntrospectionCustomRule);
  return rules;
}

function limitError(message: string, limit: string, value: number, node?: OperationDefinitionNode): GraphQLError {
  return new GraphQLError(message, { nodes: node ? [node] : undefined, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit, value } });
}
