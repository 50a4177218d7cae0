// The normalized form of a write's `data`: what validation hands to the writers.

import type { ParamSchema } from '../params/types.js';

export interface RelationRef {
  documentId: string;
  position?: { before?: string; after?: string; start?: true; end?: true };
  /** Keys plugins declared for references (i18n's locale), by name: see ParamRegistry. */
  keys?: Record<string, unknown>;
}

/** A key that relation references may carry (a typed parameter with `relationRef`). */
export interface RelationRefKeyDef {
  name: string;
  schema: ParamSchema;
  identifies: boolean;
}

export type RelationOp =
  | { kind: 'set'; refs: RelationRef[] }
  | { kind: 'change'; connect: RelationRef[]; disconnect: RelationRef[] };

export interface ComponentValue { uid: string; id?: number; input: NormalizedInput }

export interface NormalizedInput {
  /** attribute name -> value in API form: strings; numbers (biginteger: a string of digits); booleans; date 'YYYY-MM-DD'; time 'HH:mm:ss.SSS'; datetime/timestamp an ISO string 'YYYY-MM-DDTHH:mm:ss.sssZ'; json/blocks any JSON value; null clears */
  scalars: Record<string, unknown>;
  relations: Record<string, RelationOp>;
  /** media attribute -> ordered file ids; [] or null clears */
  media: Record<string, number[]>;
  /** component (single: 0 or 1 item; repeatable: n items) and dynamic zone attributes -> items; [] clears */
  components: Record<string, ComponentValue[]>;
}
