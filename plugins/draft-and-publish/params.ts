// The parameters this plugin adds to document actions: `status` (which version a call reads or
// writes) on core's actions, `hasPublishedVersion` on collection lists.

import type { ParamRegistry } from '../../core/index.js';
import { hasPublishedVersionOf, PLUGIN_NAME, statusOf } from './status.js';

const CORE_ACTIONS = new Set(['find', 'findOne', 'create', 'update', 'delete']);

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
    appliesTo: (ct, action) => action === 'find' && ct.kind === 'collectionType',
    parse: (raw) => hasPublishedVersionOf({ hasPublishedVersion: raw }),
  });
}
