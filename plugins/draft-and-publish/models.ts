// Every content type gets publishedAt: null on drafts, the publication time on published versions,
// and always set on content types without draft-and-publish.

import type { ModelRegistry } from '../../core/index.js';
import { hasDraftAndPublish, PLUGIN_NAME } from './status.js';

export function addPublishedAt(registry: ModelRegistry): void {
  for (const ct of registry.contentTypes()) {
    if ('publishedAt' in ct.attributes) continue;
    // Only a draft-and-publish type's reads filter on it (drafts or published versions)
    const scope = hasDraftAndPublish(ct) ? { scope: 'presence' as const } : {};
    registry.addAttribute(ct.uid, 'publishedAt', { type: 'datetime', writable: false, ...scope }, { owner: PLUGIN_NAME });
  }
}

/** A draft-and-publish type a plugin added after this plugin's tap ran (it registered later):
 *  tapped again at MODEL_STAGE.ATTRIBUTES, after every plugin's own types. Only those: the
 *  first-party plugins' types that came later (users, files) stay as they were. */
export function addLatePublishedAt(registry: ModelRegistry): void {
  for (const ct of registry.contentTypes()) {
    if (hasDraftAndPublish(ct) && !('publishedAt' in ct.attributes)) {
      registry.addAttribute(ct.uid, 'publishedAt', { type: 'datetime', writable: false, scope: 'presence' }, { owner: PLUGIN_NAME });
    }
  }
}
