// Typed parameters as schema arguments: a plugin's parameter (status, locale) becomes an argument
// of the fields of the actions it applies to, typed by its declaration, with no schema code in the
// plugin.

import type { ParamDefinition } from '../params/types.js';
import type { ArgSpec, EnumValueSpec, TypeSpec } from './types.js';

/** The argument type of a parameter; undefined for the query engine's structured ones (filters,
 *  sort, pagination), which a surface types itself per content type. */
export function argType(param: ParamDefinition): string | undefined {
  const { schema } = param;
  switch (schema.type) {
    case 'enum': return schema.typeName ?? `${pascal(param.name)}Value`;
    case 'string': return schema.typeName ?? 'String';
    case 'boolean': return 'Boolean';
    case 'integer': return 'Int';
    case 'query': return undefined;
  }
}

/** Arguments for the parameters (those with a scalar or enum type). */
export function argsFromParams(params: readonly ParamDefinition[]): Record<string, ArgSpec> {
  const args: Record<string, ArgSpec> = {};
  for (const param of params) {
    const type = argType(param);
    if (type) args[param.name] = { type, description: param.description };
  }
  return args;
}

/** The named types those arguments use (an enum of the values, a scalar of its own name). */
export function typesFromParams(params: readonly ParamDefinition[]): TypeSpec[] {
  const out = new Map<string, TypeSpec>();
  for (const param of params) {
    const { schema } = param;
    const name = argType(param);
    if (!name || out.has(name)) continue;
    if (schema.type === 'enum') out.set(name, { name, kind: 'enum', values: schema.values.map(enumValue), fields: {}, description: param.description });
    else if (schema.type === 'string' && schema.typeName) {
      out.set(name, { name, kind: 'scalar', fields: {}, description: param.description, ...(param.checkLiteral ? { checkLiteral: param.checkLiteral } : {}) });
    }
  }
  return [...out.values()];
}

/** A parameter's value as an enum value: upper case, as GraphQL's convention has it (DRAFT). */
export function enumValue(value: string): EnumValueSpec {
  return { name: enumName(value).toUpperCase(), value };
}

/** A value as a GraphQL name: letters, digits and _, not starting with a digit. */
export function enumName(value: string): string {
  const name = value.replace(/[^_0-9A-Za-z]/g, '_');
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
