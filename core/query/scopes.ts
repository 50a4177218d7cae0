// Row scopes: the conditions plugins put on every table a query touches (a version, a locale).
// The planner applies them at every level; plugins build them in beforeQuery.

import type { ContentType, Model } from '../registry/types.js';
import type { FilterNode } from './ast.js';

/** How a query reached a content type below its root: through which attribute of which model.
 *  A `sibling` filter reaches the other versions of the row's own document as SIBLING_REACH. */
export interface ScopeReach { from: Model; attribute: string }

export const SIBLING_REACH = '$sibling';

/** Picks which rows (versions) of a content type a query may see; applied at every level.
 *  `reach` is undefined at the root. */
export type RowScope = (contentType: ContentType, reach?: ScopeReach) => FilterNode | undefined;
