// The registry of typed parameters. Plugins declare theirs while they register; it is frozen when
// registration ends, so the operations, routes and schemas built after that see the same list.

import { KernelError, ValidationError } from '../errors/index.js';
import type { ContentType } from '../registry/types.js';
import type { ParamDefinition, ParamUse } from './types.js';

export class ParamRegistry {
  readonly #params = new Map<string, ParamDefinition>();
  #frozen = false;

  define(param: ParamDefinition): void {
    if (this.#frozen) throw new KernelError('KERNEL_ERR_LATE_MUTATION', `${param.owner} defined parameter ${param.name} after plugins registered`);
    const existing = this.#params.get(param.name);
    if (existing) {
      throw new KernelError('PLUGIN_ERR_DUPLICATE', `parameter ${param.name}: defined by ${param.owner}, already defined by ${existing.owner}`);
    }
    this.#params.set(param.name, param);
  }

  get(name: string): ParamDefinition | undefined {
    return this.#params.get(name);
  }

  all(): ParamDefinition[] {
    return [...this.#params.values()];
  }

  /** The parameters that apply to an action of a content type, in declaration order: what a
   *  typed surface offers as its arguments. */
  forAction(contentType: ContentType, action: string): ParamDefinition[] {
    return this.all().filter((p) => p.appliesTo(contentType, action));
  }

  /** The names an action of a content type accepts: those of forAction, and those it accepts and
   *  ignores (ignoredOn), so a strict surface does not refuse them. */
  namesFor(contentType: ContentType, action: string): string[] {
    return this.all().filter((p) => p.appliesTo(contentType, action) || p.ignoredOn?.(contentType, action)).map((p) => p.name);
  }

  /** Keys that relation references may carry beyond documentId and position. */
  relationRefKeys(): ParamDefinition[] {
    return this.all().filter((p) => p.relationRef);
  }

  /** Checks a raw value against its declaration (the owner's parse, else the schema). */
  parse(name: string, raw: unknown, use: ParamUse): unknown {
    const param = this.#params.get(name);
    if (!param) throw new KernelError('KERNEL_ERR_STATE', `no parameter ${name}`);
    if (param.parse) return param.parse(raw, use);
    return bySchema(param, raw);
  }

  freeze(): void {
    this.#frozen = true;
  }
}

function bySchema(param: ParamDefinition, raw: unknown): unknown {
  const { schema, name } = param;
  const bad = (expected: string) => new ValidationError(`Invalid ${name} parameter: expected ${expected}`, {
    key: name, path: name, source: 'query', param: name, value: raw,
  });
  switch (schema.type) {
    case 'enum':
      if (typeof raw === 'string' && schema.values.includes(raw)) return raw;
      throw bad(schema.values.map((v) => JSON.stringify(v)).join(' or '));
    case 'string':
      if (typeof raw === 'string') return raw;
      throw bad('a string');
    case 'boolean':
      if (raw === true || raw === 'true') return true;
      if (raw === false || raw === 'false') return false;
      throw bad('true or false');
    case 'integer': {
      const n = typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
      if (typeof n === 'number' && Number.isSafeInteger(n) && n >= (schema.minimum ?? -Infinity)) return n;
      throw bad(schema.minimum === undefined ? 'an integer' : `an integer of at least ${schema.minimum}`);
    }
    case 'query':
      return raw; // compiled by the query engine against the content type
  }
}
