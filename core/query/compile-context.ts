// What the query compiler reads (the raw parameters) and what it compiles against: shared by the
// compile-* modules, so none of them needs compile.ts.

import type { ModelRegistry } from '../registry/model-registry.js';
import type { BreadthLimits } from './breadth-limits.js';
import type { DepthLimits } from './limits.js';

export interface RawQuery {
  filters?: unknown;
  sort?: unknown;
  fields?: unknown;
  populate?: unknown;
  pagination?: unknown;
  page?: unknown;
  pageSize?: unknown;
  start?: unknown;
  limit?: unknown;
  _q?: unknown;
}

export interface CompileContext {
  registry: ModelRegistry;
  source: 'content-api' | 'internal';
  rest: { defaultLimit: number; maxLimit: number; withCount: boolean; countLimit?: number | null } & DepthLimits & BreadthLimits;
  /** false for findOne, count and single types: pagination input is ignored. */
  paginate: boolean;
}
