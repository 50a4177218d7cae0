// After registerModels, checks what plugins added as well as the app's files: every relation
// target, inverse attribute and component exists, and a type's storedNames fit its attributes.
// Names the model, attribute and its owner.

import { KernelError } from '../errors/index.js';
import type { ModelRegistry } from './model-registry.js';
import type { ContentType } from './types.js';

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
  for (const ct of registry.contentTypes()) problems.push(...storedNameProblems(ct));
  if (problems.length) throw new KernelError('SCHEMA_ERR_INVALID', problems.join('\n'));
}

const STRING_TYPES = new Set(['string', 'text', 'uid', 'enumeration', 'email']);

/** A type's storedNames must name its own attributes, of a type that can hold what they say:
 *  a rename would otherwise write moves that rewrite nothing, or the wrong column. */
function storedNameProblems(ct: ContentType): string[] {
  const problems: string[] = [];
  for (const [i, decl] of (ct.storedNames ?? []).entries()) {
    const at = `${ct.uid} (${ct.owner}): storedNames[${i}]`;
    const attr = ct.attributes[decl.attribute];
    if (!attr) { problems.push(`${at}: no attribute ${decl.attribute}`); continue; }
    const json = attr.type === 'json';
    const fits = decl.holds === 'uid' ? STRING_TYPES.has(attr.type) : decl.holds === 'actions' ? json || STRING_TYPES.has(attr.type) : json;
    if (!fits) problems.push(`${at}: ${decl.attribute} is of type ${attr.type}, which cannot hold ${decl.holds}`);
    if ('of' in decl && !(ct.storedNames ?? []).some((d) => d.holds === 'uid' && d.attribute === decl.of)) {
      problems.push(`${at}: of names ${decl.of}, which is not declared to hold a uid`);
    }
  }
  return problems;
}
