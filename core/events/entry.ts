// What a webhook's `entry` holds: the version the event concerns, read in the write's transaction
// as Strapi's events read it (components and dynamic zones at every depth, media, and to-one
// relations as their ids), without private or password attributes at any depth. To-many relations
// are left out: one side of them can hold any number of documents (a category's articles), and
// every event of that document would carry them all.

import { isToMany } from '../query/compile-common.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import { isScalar, type Model } from '../registry/types.js';

interface Shape { fields: string[]; populate?: Record<string, unknown> }

/** Deeper than any component nesting the registry allows; a guard, not a limit users meet. */
const MAX_DEPTH = 12;

const visible = (model: Model) => Object.entries(model.attributes)
  .filter(([, a]) => a.type !== 'password' && a.private !== true);

export function entryShape(model: Model, registry: ModelRegistry, depth = 0): Shape {
  const fields = visible(model).filter(([, a]) => isScalar(a)).map(([name]) => name);
  if (depth >= MAX_DEPTH) return { fields };
  const populate: Record<string, unknown> = {};
  for (const [name, attr] of visible(model)) {
    if (attr.type === 'component') populate[name] = entryShape(registry.component(attr.component), registry, depth + 1);
    else if (attr.type === 'dynamiczone') {
      populate[name] = { on: Object.fromEntries(attr.components.map((uid) => [uid, entryShape(registry.component(uid), registry, depth + 1)])) };
    } else if (attr.type === 'relation' && !isToMany(attr)) populate[name] = { fields: ['documentId'] };
    else if (attr.type === 'media') populate[name] = true;
  }
  return Object.keys(populate).length ? { fields, populate } : { fields };
}
