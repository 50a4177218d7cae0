// Random valid queries built from the schema itself (any root query, nested selections of any
// depth the limits allow, aliases, arguments: filters, sort, pagination, status, locale), sent by
// an anonymous caller whose role may only list: never a 5xx, never an internal error, never a
// private value or a draft in an answer. Each query is sent twice: its first run is interpreted by
// graphql-js, its second compiled by graphql-jit (jit: 1) unless the document holds a string
// literal, and the two answers must be the same. How many second runs were compiled is printed
// and must be most of them.

import { expect } from 'chai';
import fc from 'fast-check';
import {
  getNamedType, GraphQLID, isEnumType, isInputObjectType, isLeafType, isListType, isNonNullType, isObjectType, isUnionType,
  type GraphQLField, type GraphQLInputObjectType, type GraphQLInputType, type GraphQLObjectType,
} from 'graphql';
import type { ExecutionCounts } from '../../../plugins/graphql/execute.js';
import { gql, upPlugin, useGraphqlKernel, type GqlResponse, type Json } from './helpers.js';

const A = 'api::article.article';
const SECRET = 'SECRET-MARKER-7731';
const DRAFT = 'DRAFT-MARKER-4410';

// Every shape: the flat one, v4CompatibilityMode's extra fields, and the v4 shape
const SHAPES: Array<{ config: Record<string, unknown>; idKey: string; runs: number }> = [
  { config: {}, idKey: 'documentId', runs: 150 },
  { config: { v4CompatibilityMode: true }, idKey: 'documentId', runs: 100 },
  { config: { shape: 'v4' }, idKey: 'id', runs: 100 },
];

for (const shape of SHAPES) describe(`GraphQL: fuzzing with random valid queries, ${JSON.stringify(shape.config)}`, function () {
  this.timeout(300_000);
  const get = useGraphqlKernel({ ...shape.config, jit: 1 }, {
    pluginsConfig: upPlugin({
      // Reading published documents, not drafts: most queries reach the resolvers, and any draft
      // in an answer is a leak
      permissions: {
        public: [
          `${A}.find`, `${A}.findOne`, 'api::category.category.find', 'api::category.category.findOne', 'api::author.author.find',
          'api::author.author.findOne', 'api::global.global.find', 'plugin::i18n.locales.listLocales',
        ],
        authenticated: [],
      },
    }),
  });

  before(async () => {
    const docs = (uid: string) => get().kernel.documents(uid);
    const cat = await docs('api::category.category').create({ data: { name: 'Fuzz' } });
    const author = await docs('api::author.author').create({ data: { name: 'Fuzzy', email: 'f@example.com', secretNote: SECRET, passcode: `${SECRET}-pass` } });
    await docs(A).create({ data: { title: 'Public one', category: cat.documentId, authors: [author.documentId], blocks: [{ __component: 'shared.quote', title: 'q', person: author.documentId }] }, status: 'published' });
    await docs(A).create({ data: { title: DRAFT, category: cat.documentId, authors: [author.documentId] } });
  });

  it('answers 200 or 4xx with known codes, and leaks nothing', async () => {
    const graphql = get().kernel.service('graphql');
    const query = (await graphql.schema()).getQueryType()!;
    let answered = 0;
    // Queries whose two runs both executed (not refused by validation), and those whose second
    // run was the compiled one: the comparison below means something only for those
    let executedTwice = 0;
    let compiled = 0;
    await fc.assert(fc.asyncProperty(operation(query, shape.idKey), async ({ text, variables }) => {
      const before = graphql.executions();
      const res = await gql(get(), text, variables);
      const middle = graphql.executions();
      const again = await gql(get(), text, variables);
      const after = graphql.executions();
      const shown = `${text}\n${JSON.stringify(variables)}`;
      if (ran(before, middle) === 1 && ran(middle, after) === 1) {
        executedTwice++;
        // graphql-js, then graphql-jit (jit: 1); a document generated again is compiled already
        if (middle.interpreted > before.interpreted && after.compiled > middle.compiled) compiled++;
      }
      sameAnswer(shown, res, again);
      if (res.status === 200 && !res.body.errors) answered++;
      expect(res.status, `${shown}\n${res.text}`).to.be.below(500);
      expect(res.text, shown).to.not.contain('INTERNAL_SERVER_ERROR');
      expect(res.text, shown).to.not.contain(SECRET);
      expect(res.text, shown).to.not.contain(DRAFT);
    }), { numRuns: shape.runs });
    console.log(`      ${shape.runs} queries: ${executedTwice} executed, ${compiled} of them compiled on their second run (${Math.round((100 * compiled) / Math.max(1, executedTwice))}%), ${answered} answered without errors`);
    // The generator must reach the resolvers, not only refusals: about a fifth of the queries are
    // answered without errors (the others ask for me, drafts, a cost above maxCost...); below a
    // twentieth, something refuses what it should answer
    expect(answered).to.be.greaterThan(shape.runs / 20);
    // Most documents pass their strings as variables, so most second runs are graphql-jit's:
    // below half, the comparison mostly runs graphql-js against itself again
    expect(compiled, 'queries compiled on their second run').to.be.at.least(executedTwice / 2);
  });
});

/** Operations executed between two readings of the counters. */
function ran(from: ExecutionCounts, to: ExecutionCounts): number {
  return to.compiled + to.interpreted - from.compiled - from.interpreted;
}

/** The compiled answer is the interpreted one, but for errors: when a non-null root field fails
 *  and data is null, graphql-js reports that field's error alone, graphql-jit also those of the
 *  other root fields that ran beside it (both as the GraphQL spec allows). */
function sameAnswer(query: string, interpreted: GqlResponse, compiled: GqlResponse): void {
  const why = `interpreted and compiled answers differ for\n${query}\n${interpreted.text}\n${compiled.text}`;
  expect(compiled.status, why).to.equal(interpreted.status);
  const errors = (r: GqlResponse) => ((r.body.errors ?? []) as Json[]).map((e) => JSON.stringify(e));
  if (!interpreted.body.errors || interpreted.body.data !== null) {
    expect(compiled.text, why).to.equal(interpreted.text);
  } else {
    expect(compiled.body.data, why).to.equal(null);
    expect(errors(compiled), why).to.include.members(errors(interpreted));
  }
}

/** Part of a document: its text, with VAR where a variable goes, and those variables in order. */
interface Piece { text: string; vars: Array<{ type: string; value: unknown }> }

const VAR = '\u0001';
const literal = (text: string): Piece => ({ text, vars: [] });
const join = (pieces: Piece[], wrap: (texts: string[]) => string): Piece => ({ text: wrap(pieces.map((p) => p.text)), vars: pieces.flatMap((p) => p.vars) });

/** A query with 1-3 aliased root fields. graphql-jit never compiles a document with a string
 *  literal (plugins/graphql/execute.ts), so three in four documents pass every string as a
 *  variable, as clients do; the others write them inline and run on graphql-js twice. */
function operation(query: GraphQLObjectType, idKey: string): fc.Arbitrary<{ text: string; variables: Json }> {
  const roots = Object.values(query.getFields());
  const asVariables = fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 });
  return asVariables.chain((vars) => fc.array(fc.constantFrom(...roots).chain((f) => fieldText(f, 4, idKey, vars)), { minLength: 1, maxLength: 3 }))
    .map((fields) => {
      const body = join(fields, (texts) => `{ ${texts.map((t, i) => `r${i}: ${t}`).join(' ')} }`);
      let n = 0;
      const text = body.text.replace(new RegExp(VAR, 'g'), () => `$v${n++}`);
      const definitions = body.vars.map((v, i) => `$v${i}: ${v.type}`);
      const variables = Object.fromEntries(body.vars.map((v, i) => [`v${i}`, v.value]));
      return { text: definitions.length ? `query(${definitions.join(', ')}) ${text}` : text, variables };
    });
}

function fieldText(field: GraphQLField<unknown, unknown>, depth: number, idKey: string, vars: boolean): fc.Arbitrary<Piece> {
  const args = fc.tuple(...field.args.map((a) => fc.option(argValue(a.name, a.type, idKey, vars), { nil: undefined })))
    .map((values) => {
      const given = field.args.flatMap((a, i) => (values[i] === undefined ? [] : [{ text: `${a.name}: ${values[i]!.text}`, vars: values[i]!.vars }]));
      return given.length ? join(given, (texts) => `(${texts.join(', ')})`) : literal('');
    });
  const type = getNamedType(field.type);
  if (isLeafType(type)) return args.map((a) => ({ text: `${field.name}${a.text}`, vars: a.vars }));
  const selection = selectionText(type, depth - 1, idKey, vars);
  return fc.tuple(args, selection).map(([a, s]) => join([a, s], ([at, st]) => `${field.name}${at} ${st}`));
}

function selectionText(type: unknown, depth: number, idKey: string, vars: boolean): fc.Arbitrary<Piece> {
  if (isUnionType(type)) {
    return fc.constantFrom(...type.getTypes()).chain((member) => selectionText(member, depth, idKey, vars).map((s) => ({ text: `{ __typename ... on ${member.name} ${s.text} }`, vars: s.vars })));
  }
  if (!isObjectType(type)) return fc.constant(literal('{ __typename }'));
  const fields = Object.values(type.getFields());
  const leaves = fields.filter((f) => isLeafType(getNamedType(f.type)));
  const nested = depth > 0 ? fields.filter((f) => !isLeafType(getNamedType(f.type))) : [];
  const leafArb = leaves.length ? fc.subarray(leaves.map((f) => f.name), { minLength: 0 }) : fc.constant([] as string[]);
  // Each relation at most once per parent: the same one twice with other arguments is refused
  const nestedArb = nested.length ? fc.uniqueArray(fc.constantFrom(...nested), { maxLength: 2, selector: (f) => f.name.replace(/_connection$/, '') }).chain((picked) => (picked.length ? fc.tuple(...picked.map((f) => fieldText(f, depth, idKey, vars))) : fc.constant([] as Piece[]))) : fc.constant([] as Piece[]);
  return fc.tuple(leafArb, nestedArb).map(([l, n]) => join([literal(l.join(' ')), ...n], ([lt, ...nt]) => `{ __typename ${[lt, ...nt].filter(Boolean).join(' ')} }`));
}

/** An argument's value: a literal, or (vars) a variable of the argument's type where the value
 *  holds a string. */
function argValue(name: string, type: GraphQLInputType, idKey: string, vars: boolean): fc.Arbitrary<Piece> {
  const stringy = (values: unknown[]): fc.Arbitrary<Piece> => fc.constantFrom(...values)
    .map((value) => (vars ? { text: VAR, vars: [{ type: String(type), value }] } : literal(toLiteral(value))));
  if (name === 'documentId' || name === 'id') return stringy(['nope', 'x']);
  if (name === 'pagination') return fc.constantFrom('{ page: 1, pageSize: 2 }', '{ start: 1, limit: 5 }', '{ pageSize: 100 }', '{}').map(literal);
  if (name === 'sort') return stringy([['documentId'], ['createdAt:desc'], []]);
  if (name === 'locale') return stringy(['en', 'fr', '*', 'zz']);
  if (name === 'filters') return filters(type, idKey, vars);
  const named = getNamedType(type);
  if (isEnumType(named)) return fc.constantFrom(...named.getValues().map((v) => v.name)).map(literal);
  if (named.name === 'Boolean') return fc.boolean().map(String).map(literal);
  if (named.name === 'Int') return fc.integer({ min: -2, max: 200 }).map(String).map(literal);
  if (isNonNullType(type) || isListType(type)) return stringy(['x']);
  return fc.constant(literal('null'));
}

/** A filters argument. With vars, its strings are variables inside the literal, the way a
 *  compiled document passes them; or, now and then, the whole filter is one variable, whose type
 *  (and, or, not: a cycle) graphql-jit cannot compile, so that document runs on graphql-js. */
function filters(type: GraphQLInputType, idKey: string, vars: boolean): fc.Arbitrary<Piece> {
  const values = [{ [idKey]: { eq: 'x' } }, { or: [{ [idKey]: { null: true } }, { not: { [idKey]: { in: ['a'] } } }] }, {}];
  if (!vars) return fc.constantFrom(...values).map((v) => literal(toLiteral(v)));
  // The key's operators' types; a type without the key (locales) refuses the filter either way
  const idFilter = getNamedType((getNamedType(type) as GraphQLInputObjectType).getFields()[idKey]?.type ?? GraphQLID);
  const operators = isInputObjectType(idFilter) ? idFilter.getFields() : {};
  const inline: Piece[] = [
    { text: `{ ${idKey}: { eq: ${VAR} } }`, vars: [{ type: String(operators.eq?.type ?? 'ID'), value: 'x' }] },
    { text: `{ or: [{ ${idKey}: { null: true } }, { not: { ${idKey}: { in: [${VAR}] } } }] }`, vars: [{ type: String(operators.in ? getNamedType(operators.in.type) : 'ID'), value: 'a' }] },
    literal('{}'),
  ];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...inline), weight: 9 },
    { arbitrary: fc.constantFrom(...values).map((value): Piece => ({ text: VAR, vars: [{ type: String(type), value }] })), weight: 1 },
  );
}

/** A JSON value as a GraphQL literal: object keys unquoted. */
function toLiteral(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(toLiteral).join(', ')}]`;
  if (value !== null && typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => ` ${k}: ${toLiteral(v)}`).join(',')} }`;
  return JSON.stringify(value);
}
