// Types every schema has: Strapi's scalars, the pagination argument and answer, the delete answer,
// the dynamic-zone error member and one filter input per scalar.

import type { TypeSpec } from '../../../core/index.js';
import type { GraphqlSettings } from '../config.js';

export const SCALARS = ['DateTime', 'Date', 'Time', 'JSON', 'Long'] as const;

/** What a scalar attribute is in the schema, and the filter input that compares it. */
export const SCALAR_OF: Readonly<Record<string, { type: string; filter: string }>> = {
  string: { type: 'String', filter: 'StringFilterInput' },
  text: { type: 'String', filter: 'StringFilterInput' },
  richtext: { type: 'String', filter: 'StringFilterInput' },
  email: { type: 'String', filter: 'StringFilterInput' },
  uid: { type: 'String', filter: 'StringFilterInput' },
  enumeration: { type: 'String', filter: 'StringFilterInput' },
  integer: { type: 'Int', filter: 'IntFilterInput' },
  biginteger: { type: 'Long', filter: 'LongFilterInput' },
  float: { type: 'Float', filter: 'FloatFilterInput' },
  decimal: { type: 'Float', filter: 'FloatFilterInput' },
  boolean: { type: 'Boolean', filter: 'BooleanFilterInput' },
  date: { type: 'Date', filter: 'DateFilterInput' },
  time: { type: 'Time', filter: 'TimeFilterInput' },
  datetime: { type: 'DateTime', filter: 'DateTimeFilterInput' },
  timestamp: { type: 'DateTime', filter: 'DateTimeFilterInput' },
  json: { type: 'JSON', filter: 'JSONFilterInput' },
  blocks: { type: 'JSON', filter: 'JSONFilterInput' },
};

/** The filter operators, by their GraphQL names (the REST ones without $). */
export const VALUE_OPERATORS = [
  'eq', 'eqi', 'ne', 'nei', 'startsWith', 'startsWithi', 'endsWith', 'endsWithi', 'contains', 'notContains',
  'containsi', 'notContainsi', 'gt', 'gte', 'lt', 'lte',
] as const;
export const LIST_OPERATORS = ['in', 'notIn', 'between'] as const;
export const FLAG_OPERATORS = ['null', 'notNull'] as const;
export const LOGICAL = ['and', 'or', 'not'] as const;

const FILTERED = ['ID', 'String', 'Int', 'Long', 'Float', 'Boolean', 'Date', 'Time', 'DateTime', 'JSON'];

/** The scalar of an item of a scalar filter's and / or: a value or an object of conditions. */
export const filterConditionOf = (scalar: string): string => `${scalar}FilterCondition`;
export const FILTER_CONDITION = /^(.+)FilterCondition$/;

export function commonTypes(settings: GraphqlSettings): TypeSpec[] {
  const v4 = settings.shape === 'v4';
  // v4's page information ({ meta { pagination } }), in the v4 shape and v4CompatibilityMode
  const meta = v4 || settings.v4CompatibilityMode;
  const types: TypeSpec[] = SCALARS.map((name) => ({ name, kind: 'scalar', fields: {} }));
  types.push(
    {
      name: 'Pagination', kind: 'object', description: 'Where a page sits in the whole list',
      fields: {
        total: { type: 'Int!', args: {} }, page: { type: 'Int!', args: {} },
        pageSize: { type: 'Int!', args: {} }, pageCount: { type: 'Int!', args: {} },
      },
    },
    {
      name: 'PaginationArg', kind: 'input', description: 'page and pageSize, or start and limit',
      fields: {
        page: { type: 'Int', args: {} }, pageSize: { type: 'Int', args: {} },
        start: { type: 'Int', args: {} }, limit: { type: 'Int', args: {} },
      },
    },
    ...(meta ? [{ name: 'ResponseCollectionMeta', kind: 'object' as const, fields: { pagination: { type: 'Pagination!', args: {} } } }] : []),
    // v4's deletes answer with the deleted entity
    ...(v4 ? [] : [{ name: 'DeleteMutationResponse', kind: 'object' as const, fields: { documentId: { type: 'ID!', args: {} } } }]),
    {
      name: 'Error', kind: 'object', description: 'A dynamic zone entry of a component the schema does not know',
      fields: { code: { type: 'String!', args: {} }, message: { type: 'String', args: {} } },
    },
  );
  for (const scalar of FILTERED) {
    const name = `${scalar}FilterInput`;
    // and / or take conditions ({ eq: "A" }, as not does) or, as in Strapi's schema, plain values
    const condition = filterConditionOf(scalar);
    types.push({ name: condition, kind: 'scalar', fields: {}, description: `A ${scalar} value (equal to it, Strapi's form) or conditions on it, as ${name} takes them` });
    const fields: TypeSpec['fields'] = {
      and: { type: `[${condition}]`, args: {} }, or: { type: `[${condition}]`, args: {} }, not: { type: name, args: {} },
    };
    for (const op of VALUE_OPERATORS) fields[op] = { type: scalar, args: {} };
    for (const op of LIST_OPERATORS) fields[op] = { type: `[${scalar}]`, args: {} };
    for (const op of FLAG_OPERATORS) fields[op] = { type: 'Boolean', args: {} };
    types.push({ name, kind: 'input', fields, description: `Conditions on a ${scalar} value` });
  }
  return types;
}
