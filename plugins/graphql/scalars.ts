// Strapi's scalars: DateTime, Date, Time, JSON, Long, plus a string scalar for a plugin's typed
// parameter (I18NLocaleCode) and JSON for dynamic-zone inputs. Values keep the REST forms.

import {
  GraphQLBoolean, GraphQLError, GraphQLFloat, GraphQLID, GraphQLInt, GraphQLScalarType, GraphQLString, Kind, valueFromASTUntyped, type ValueNode,
} from 'graphql';
import { FILTER_CONDITION, FLAG_OPERATORS, LIST_OPERATORS, LOGICAL, VALUE_OPERATORS } from './spec/common.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

function stringScalar(name: string, description: string, check?: (value: string) => boolean, expected?: string, checkLiteral?: (value: unknown) => void): GraphQLScalarType {
  const parse = (value: unknown): string => {
    if (typeof value !== 'string' || (check && !check(value))) {
      throw new GraphQLError(`${name} cannot represent ${JSON.stringify(value)}${expected ? `: expected ${expected}` : ''}`);
    }
    return value;
  };
  return new GraphQLScalarType({
    name, description,
    serialize: (value) => (value instanceof Date ? value.toISOString() : value),
    parseValue: parse,
    parseLiteral: (ast: ValueNode) => {
      const value = parse(ast.kind === Kind.STRING ? ast.value : undefined);
      // The owner's check of a literal (an unknown locale): the document does not validate, as in
      // Strapi, where its scalar refuses it
      if (checkLiteral) {
        try { checkLiteral(value); } catch (err) { throw new GraphQLError(`${name} cannot represent ${JSON.stringify(value)}: ${(err as Error).message}`); }
      }
      return value;
    },
  });
}

const isDateTime = (v: string) => /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v));

const jsonScalar = (name: string, description: string) => new GraphQLScalarType({
  name, description,
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables ?? undefined),
});

const Long = new GraphQLScalarType({
  name: 'Long', description: 'A 64-bit integer: a number when it is safe in JavaScript, else a string',
  serialize: (value) => {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : String(value);
  },
  parseValue: (value) => {
    if ((typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && /^-?\d+$/.test(value))) return String(value);
    throw new GraphQLError(`Long cannot represent ${JSON.stringify(value)}: send an integer beyond 2^53 as a string`);
  },
  parseLiteral: (ast) => {
    if (ast.kind === Kind.INT || (ast.kind === Kind.STRING && /^-?\d+$/.test(ast.value))) return ast.value;
    throw new GraphQLError('Long cannot represent a non-integer value');
  },
});

export function scalarTypes(): Record<string, GraphQLScalarType> {
  return {
    DateTime: stringScalar('DateTime', 'A date and time, ISO 8601', isDateTime, 'an ISO 8601 date-time'),
    Date: stringScalar('Date', 'A date, YYYY-MM-DD', (v) => DATE.test(v), 'YYYY-MM-DD'),
    Time: stringScalar('Time', 'A time of day, HH:mm:ss.SSS', (v) => TIME.test(v), 'HH:mm:ss'),
    JSON: jsonScalar('JSON', 'Any JSON value'),
    Long,
  };
}

/** A scalar the plugin did not define: a dynamic zone's input (JSON), an item of a scalar
 *  filter's and / or, or a plugin's typed parameter (a string its owner checks). */
export function otherScalar(name: string, description?: string, checkLiteral?: (value: unknown) => void): GraphQLScalarType {
  if (name.endsWith('DynamicZoneInput')) return jsonScalar(name, description ?? 'A dynamic zone entry');
  const condition = FILTER_CONDITION.exec(name);
  const valueType = condition ? VALUE_SCALARS[condition[1]!] ?? scalarTypes()[condition[1]!] : undefined;
  if (valueType) return filterCondition(name, description ?? name, valueType);
  return stringScalar(name, description ?? name, undefined, undefined, checkLiteral);
}

const VALUE_SCALARS: Readonly<Record<string, GraphQLScalarType>> = { String: GraphQLString, Int: GraphQLInt, Float: GraphQLFloat, Boolean: GraphQLBoolean, ID: GraphQLID };
const OPERATORS = new Set<string>([...VALUE_OPERATORS, ...LIST_OPERATORS, ...FLAG_OPERATORS, ...LOGICAL]);

/** An item of a scalar filter's and / or: a value of the scalar (Strapi's schema has lists of
 *  values there) or an object of the filter's operators, checked as the filter input would be. */
function filterCondition(name: string, description: string, valueType: GraphQLScalarType): GraphQLScalarType {
  const check = (value: unknown, at: string): unknown => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return valueType.parseValue(value);
    const out: Record<string, unknown> = {};
    for (const [op, operand] of Object.entries(value as Record<string, unknown>)) {
      if (!OPERATORS.has(op)) throw new GraphQLError(`${name} cannot represent ${at}: "${op}" is no operator (${[...OPERATORS].join(', ')})`);
      const list = (v: unknown, each: (item: unknown) => unknown) => (Array.isArray(v) ? v.map(each) : [each(v)]);
      if (op === 'and' || op === 'or') out[op] = list(operand, (c) => check(c, `${at}.${op}`));
      else if (op === 'not') {
        if (operand === null || typeof operand !== 'object' || Array.isArray(operand)) throw new GraphQLError(`${name} cannot represent ${at}: not takes conditions ({ eq: ... })`);
        out[op] = check(operand, `${at}.not`);
      }
      else if ((LIST_OPERATORS as readonly string[]).includes(op)) out[op] = list(operand, (v) => (v === null ? v : valueType.parseValue(v)));
      else if ((FLAG_OPERATORS as readonly string[]).includes(op)) out[op] = GraphQLBoolean.parseValue(operand);
      else out[op] = operand === null ? null : valueType.parseValue(operand);
    }
    return out;
  };
  return new GraphQLScalarType({
    name, description,
    serialize: (value) => value,
    parseValue: (value) => check(value, 'the value'),
    // A literal is read as its JSON value, variables in it included, then checked the same way
    parseLiteral: (ast, variables) => check(valueFromASTUntyped(ast, variables ?? undefined), 'the value'),
  });
}
