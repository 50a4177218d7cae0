// After registerModels, checks what plugins added as well as the app's files: every relation
// target, inverse attribute and component exists. Names the model, attribute and its owner.

import { KernelError } from '../errors/index.js';
import type { ModelRegistry } from './model-registry.js';

export function checkRegistry(registry: ModelRegistry): void {
  const problems: string[] = [];
  for (const model of registry.models()) {
    for (const [name, attr] of Object.entries(model.attributes)) {
      const at = `${model.uid}.${name} (${registry.attributeOwner(model.uid, name)})`;
      if (attr.type === 'relation') {
        const target = registry.contentTypes().find((c) => c.uid === attr.target);
        if (!target) { problems.push(`${at}: relation target ${attr.target} is not a registered content type`); continue; }
        const other = attr.inversedBy ?? attr.mappedBy;
        if (other) {
          const back = target.attributes[other];
          if (back?.type !== 'relation' || back.target !== model.uid) {
            problems.push(`${at}: ${attr.inversedBy ? 'inversedBy' : 'mappedBy'} ${other} is not a relation back to ${model.uid} on ${target.uid}`);
          }
        }
      }
      if (attr.type === 'component' && !registry.has(attr.component)) {
        problems.push(`${at}: component ${attr.component} is not registered`);
      }
      if (attr.type === 'dynamiczone') {
        for (const uid of attr.components) if (!registry.has(uid)) problems.push(`${at}: component ${uid} is not registered`);
      }
    }
  }
  if (problems.length) throw new KernelError('SCHEMA_ERR_INVALID', problems.join('\n'));
}
