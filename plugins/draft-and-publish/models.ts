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
