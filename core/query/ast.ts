// The typed query that REST, GraphQL and programmatic callers all compile to. Everything in it
// has been validated against the registry: attribute names exist and may be read by the caller.

export const SCALAR_OPERATORS = [
  '$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn',
  '$contains', '$notContains', '$containsi', '$notContainsi', '$null', '$notNull', '$between',
  '$startsWith', '$startsWithi', '$endsWith', '$endsWithi',
] as const;
export type ScalarOperator = (typeof SCALAR_OPERATORS)[number];
export const LOGICAL_OPERATORS = ['$and', '$or', '$not'] as const;

export type FilterNode =
  | { kind: 'and'; children: FilterNode[] }
  | { kind: 'or'; children: FilterNode[] }
  | { kind: 'not'; child: FilterNode }
  /** A scalar attribute (or id/documentId) of the current model compared with a value. */
  | { kind: 'compare'; field: string; operator: ScalarOperator; value: unknown }
  /** A condition on the rows reached through a relation, component or dynamic zone (a dynamic
   *  zone's: on its components of one type, `component`). */
  | { kind: 'nested'; field: string; child: FilterNode; component?: string }
  /** A blocks attribute holds a top-level block that contains `block` (JSON containment: each of
   *  its keys, at any depth, with the same string or number). App code only. */
  | { kind: 'contains-block'; field: string; block: BlockPattern }
  /** Whether another row (version) of the same document matches: "has a published version". */
  | { kind: 'sibling'; exists: boolean; child: FilterNode }
  /** This row's `field` compared with that of the row it was reached from: in a row scope, the
   *  row a relation started at (a related document shown in its parent's locale); in a `sibling`
   *  condition, the row it is a sibling of (a draft written after its published version). */
  | { kind: 'correlated'; field: string; operator?: CorrelatedOperator };

/** What a `contains-block` condition looks for: keys and values of a block, nested objects allowed. */
export interface BlockPattern { [key: string]: string | number | BlockPattern }

/** How a `correlated` condition compares (equality by default). */
export type CorrelatedOperator = '$eq' | '$lt' | '$lte' | '$gt' | '$gte';
export const CORRELATED_SQL: Readonly<Record<CorrelatedOperator, string>> = { $eq: '=', $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' };

export interface SortNode {
  /** Attribute path: ['title'], or ['category', 'name'] through a to-one relation. */
  path: string[];
  order: 'asc' | 'desc';
}

export interface PopulateNode {
  fields?: string[];
  filters?: FilterNode;
  sort?: SortNode[];
  populate?: PopulateMap;
  /** Replace a to-many relation's value with { count }. */
  count?: boolean;
  /** A to-many relation's page, per parent: skip `start` related documents, return `limit`. */
  page?: { start: number; limit: number };
  /** Per-component options for a dynamic zone; components not named return nothing. */
  on?: Record<string, PopulateNode>;
  /** The attribute this entry loads when its key is another name: a typed surface loads one
   *  attribute with several sets of options (GraphQL aliases), each under its own key. */
  attribute?: string;
}
export type PopulateMap = Record<string, PopulateNode>;

/** The attribute a populate entry loads (its key, unless the entry names another). */
export const attributeOf = (key: string, node: PopulateNode): string => node.attribute ?? key;

/** Marks a raw populate entry (a plain object) whose key is not an attribute's name: the value
 *  names the attribute it loads. A symbol, so no query string can carry it: only code (a typed
 *  surface) asks for such keys, and the answer holds the entry under its key. */
export const POPULATE_ATTRIBUTE: unique symbol = Symbol.for('strata.populate.attribute');

/** `countLimit`: count no further than this many rows (api.rest.countLimit). */
export type Pagination =
  | { mode: 'page'; page: number; pageSize: number; withCount: boolean; countLimit?: number }
  | { mode: 'offset'; start: number; limit: number; withCount: boolean; countLimit?: number };

export interface QueryAst {
  filters?: FilterNode;
  sort: SortNode[];
  /** undefined: every readable scalar field. */
  fields?: string[];
  populate: PopulateMap;
  pagination?: Pagination;
  /** The _q full-text search term. */
  search?: string;
  /** The attributes _q searches when the caller may read only some (AccessLimits.fields). */
  searchFields?: string[];
}

export const and = (...children: Array<FilterNode | undefined>): FilterNode | undefined => {
  const defined = children.filter((c): c is FilterNode => c !== undefined);
  if (defined.length === 0) return undefined;
  if (defined.length === 1) return defined[0];
  return { kind: 'and', children: defined };
};

/** The pagination meta of a page of results (Strapi's meta.pagination). */
export interface PageInfo {
  page?: number;
  pageSize?: number;
  pageCount?: number;
  start?: number;
  limit?: number;
  total?: number;
  /** Set when counting stopped at api.rest.countLimit: `total` is that limit, and at least as
   *  many documents match. */
  totalCapped?: true;
}
