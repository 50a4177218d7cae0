// Random valid queries built from the schema itself (any root query, nested selections of any
// depth the limits allow, aliases, arguments: filters, sort, pagination, status, locale), sent by
// an anonymous caller whose role may only list: never a 5xx, never an internal error, never a
// private value or a draft in an answer. Each query is sent twice: its first run is interpreted by
// graphql-js, its second compiled by graphql-jit (jit: 1), and the two answers must be the same.

import { expect } from 'chai';
import fc from 'fast-check';
import {
  getNamedType, isEnumType, isLeafType, isListType, isNonNullType, isObjectType, isUnionType,
  type GraphQLField, type GraphQLObjectType, type GraphQLSchema,
} from 'graphql';
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
    const schema: GraphQLSchema = get().kernel.service('graphql').schema();
    const query = schema.getQueryType()!;
    let answered = 0;
    await fc.assert(fc.asyncProperty(operation(query, shape.idKey), async (text) => {
      const res = await gql(get(), text);
      const again = await gql(get(), text);
      sameAnswer(text, res, again);
      if (res.status === 200 && !res.body.errors) answered++;
      expect(res.status, `${text}\n${res.text}`).to.be.below(500);
      expect(res.text, text).to.not.contain('INTERNAL_SERVER_ERROR');
      expect(res.text, text).to.not.contain(SECRET);
      expect(res.text, text).to.not.contain(DRAFT);
    }), { numRuns: shape.runs });
    // The generator must reach the resolvers, not only refusals: about a fifth of the queries are
    // answered without errors (the others ask for me, drafts, a cost above maxCost...); below a
    // twentieth, something refuses what it should answer
    expect(answered).to.be.greaterThan(shape.runs / 20);
  });
});

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

/** A query with 1-3 aliased root fields. */
function operation(query: GraphQLObjectType, idKey: string): fc.Arbitrary<string> {
  const roots = Object.values(query.getFields());
  return fc.array(fc.constantFrom(...roots).chain((f) => fieldText(f, 4, idKey)), { minLength: 1, maxLength: 3 })
    .map((fields) => `{ ${fields.map((f, i) => `r${i}: ${f}`).join(' ')} }`);
}

function fieldText(field: GraphQLField<unknown, unknown>, depth: number, idKey: string): fc.Arbitrary<string> {
  const args = fc.tuple(...field.args.map((a) => fc.option(argValue(a.name, getNamedType(a.type).name, a.type, idKey), { nil: undefined })))
    .map((values) => {
      const given = field.args.map((a, i) => (values[i] === undefined ? undefined : `${a.name}: ${values[i]}`)).filter(Boolean);
      return given.length ? `(${given.join(', ')})` : '';
    });
  const type = getNamedType(field.type);
  if (isLeafType(type)) return args.map((a) => `${field.name}${a}`);
  const selection = selectionText(type, depth - 1, idKey);
  return fc.tuple(args, selection).map(([a, s]) => `${field.name}${a} ${s}`);
}

function selectionText(type: unknown, depth: number, idKey: string): fc.Arbitrary<string> {
  if (isUnionType(type)) {
    return fc.constantFrom(...type.getTypes()).chain((member) => selectionText(member, depth, idKey).map((s) => `{ __typename ... on ${member.name} ${s} }`));
  }
  if (!isObjectType(type)) return fc.constant('{ __typename }');
  const fields = Object.values(type.getFields());
  const leaves = fields.filter((f) => isLeafType(getNamedType(f.type)));
  const nested = depth > 0 ? fields.filter((f) => !isLeafType(getNamedType(f.type))) : [];
  const leafArb = leaves.length ? fc.subarray(leaves.map((f) => f.name), { minLength: 0 }) : fc.constant([] as string[]);
  // Each relation at most once per parent: the same one twice with other arguments is refused
  const nestedArb = nested.length ? fc.uniqueArray(fc.constantFrom(...nested), { maxLength: 2, selector: (f) => f.name.replace(/_connection$/, '') }).chain((picked) => (picked.length ? fc.tuple(...picked.map((f) => fieldText(f, depth, idKey))) : fc.constant([] as string[]))) : fc.constant([] as string[]);
  return fc.tuple(leafArb, nestedArb).map(([l, n]) => `{ __typename ${[...l, ...n].join(' ')} }`);
}

function argValue(name: string, typeName: string, type: unknown, idKey: string): fc.Arbitrary<string> {
  if (name === 'documentId' || name === 'id') return fc.constantFrom('"nope"', '"x"');
  if (name === 'pagination') return fc.constantFrom('{ page: 1, pageSize: 2 }', '{ start: 1, limit: 5 }', '{ pageSize: 100 }', '{}');
  if (name === 'sort') return fc.constantFrom('["documentId"]', '["createdAt:desc"]', '[]');
  if (name === 'locale') return fc.constantFrom('"en"', '"fr"', '"*"', '"zz"');
  if (name === 'filters') return fc.constantFrom(`{ ${idKey}: { eq: "x" } }`, `{ or: [{ ${idKey}: { null: true } }, { not: { ${idKey}: { in: ["a"] } } }] }`, '{}');
  const named = getNamedType(type as never);
  if (isEnumType(named)) return fc.constantFrom(...named.getValues().map((v) => v.name));
  if (typeName === 'Boolean') return fc.boolean().map(String);
  if (typeName === 'Int') return fc.integer({ min: -2, max: 200 }).map(String);
  if (isNonNullType(type) || isListType(type)) return fc.constant('"x"');
  return fc.constant('null');
}
