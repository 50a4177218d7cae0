// A SchemaSpec as GraphQL SDL (what @graphql-tools/schema builds from, and what the checked-in
// schema snapshots show).

import type { ArgSpec, FieldSpec, SchemaSpec, TypeSpec } from '../../core/index.js';

export function printSdl(spec: SchemaSpec): string {
  const out: string[] = [];
  for (const type of spec.types.values()) {
    const empty = (type.kind === 'object' || type.kind === 'input') && Object.keys(type.fields).length === 0;
    // GraphQL has no empty types; a schema needs a query type, so an empty one gets a placeholder
    if (empty && type.name === 'Query') out.push(printType({ ...type, fields: { _: { type: 'Boolean', args: {}, description: 'No content type is served' } } }, spec));
    else if (!empty) out.push(printType(type, spec));
  }
  return `${out.join('\n\n')}\n`;
}

function printType(type: TypeSpec, spec: SchemaSpec): string {
  const head = description(type.description, '');
  switch (type.kind) {
    case 'scalar': return `${head}scalar ${type.name}`;
    case 'enum': return `${head}enum ${type.name} {\n${(type.values ?? []).map((v) => `${description(v.description, '  ')}  ${v.name}`).join('\n')}\n}`;
    case 'union': return `${head}union ${type.name} = ${(type.members ?? []).join(' | ')}`;
    case 'input': return `${head}input ${type.name} {\n${Object.entries(type.fields).map(([name, f]) => `${description(f.description, '  ')}  ${name}: ${f.type}`).join('\n')}\n}`;
    case 'object': return `${head}type ${type.name} {\n${Object.entries(type.fields).map(([name, f]) => printField(name, f, spec)).join('\n')}\n}`;
  }
}

function printField(name: string, field: FieldSpec, spec: SchemaSpec): string {
  const args = Object.entries(field.args);
  const list = args.length ? `(${args.map(([n, a]) => printArg(n, a, spec)).join(', ')})` : '';
  const deprecated = field.deprecationReason ? ` @deprecated(reason: ${JSON.stringify(field.deprecationReason)})` : '';
  return `${description(field.description, '  ')}  ${name}${list}: ${field.type}${deprecated}`;
}

function printArg(name: string, arg: ArgSpec, spec: SchemaSpec): string {
  const fallback = arg.defaultValue === undefined ? '' : ` = ${literal(arg.defaultValue, arg.type, spec)}`;
  return `${name}: ${arg.type}${fallback}`;
}

/** A default value as a GraphQL literal; an enum's value by its name. */
function literal(value: unknown, typeRef: string, spec: SchemaSpec): string {
  const named = namedType(typeRef);
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, named, spec)).join(', ')}]`;
  if (value === null) return 'null';
  if (typeof value === 'object') {
    const fields = spec.types.get(named)?.fields ?? {};
    return `{${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}: ${literal(v, fields[k]?.type ?? '', spec)}`).join(', ')}}`;
  }
  const enumType = spec.types.get(named);
  if (enumType?.kind === 'enum') {
    const match = enumType.values?.find((v) => v.value === value);
    if (match) return match.name;
  }
  return JSON.stringify(value);
}

/** The named type of a reference: `[Article!]!` -> Article. */
export function namedType(ref: string): string {
  return ref.replace(/[[\]!]/g, '');
}

function description(text: string | undefined, indent: string): string {
  return text ? `${indent}${JSON.stringify(text)}\n` : '';
}
