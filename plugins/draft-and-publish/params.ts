// The parameters this plugin adds to document actions: `status` (which version a call reads or
// writes) on core's actions, `hasPublishedVersion` and `publicationFilter` on reads.

import type { ParamRegistry } from '../../core/index.js';
import { hasPublishedVersionOf, PLUGIN_NAME, PUBLICATION_FILTERS, publicationFilterOf, statusOf } from './status.js';

const CORE_ACTIONS = new Set(['find', 'findOne', 'create', 'update', 'delete']);
/** Strapi 5.54 gives its publication arguments to every read of a content type (a list, one
 *  document, a single type). */
const READS = new Set(['find', 'findOne']);

export function defineParams(params: ParamRegistry): void {
  params.define({
    name: 'status', owner: PLUGIN_NAME,
    description: 'Which version to read or write: published (the default for API callers) or draft',
    schema: { type: 'enum', values: ['draft', 'published'], typeName: 'PublicationStatus' },
    appliesTo: (_ct, action) => CORE_ACTIONS.has(action),
    relationRef: { identifies: false },
    parse: (raw) => statusOf({ status: raw, source: 'content-api' }),
  });
  params.define({
    name: 'hasPublishedVersion', owner: PLUGIN_NAME,
    description: 'With status=draft: only drafts that have (true) or lack (false) a published version',
    schema: { type: 'boolean' },
    appliesTo: (_ct, action) => READS.has(action),
    parse: (raw) => hasPublishedVersionOf({ hasPublishedVersion: raw }),
  });
  params.define({
    name: 'publicationFilter', owner: PLUGIN_NAME,
    description: 'Only versions whose document was never published, has a published version, or whose draft was (modified) or was not (unmodified) changed since it was published',
    schema: { type: 'enum', values: PUBLICATION_FILTERS, typeName: 'PublicationFilter' },
    appliesTo: (_ct, action) => READS.has(action),
    parse: (raw) => publicationFilterOf({ publicationFilter: raw }),
  });
}
