// How deeply a write's `data` may nest, checked before validation and without recursion. Outside
// json and blocks values the nesting follows the model (components, dynamic-zone entries, relation
// references) and stays shallow; inside them authors may nest their own structures, up to a larger
// limit. Beyond either, a 400 that names the limit and where it was passed.

import { ValidationError } from '../errors/application.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { Model } from '../registry/types.js';
import { materialize, type PathLink } from './input-scalars.js';

export interface DepthLimits {
  /** api.rest.maxBodyDepth: levels outside json and blocks values (`data` itself is level 1). */
  body: number;
  /** api.rest.maxJsonDepth: levels inside a json or blocks value (the value itself is level 1). */
  json: number;
}

/** An object or array still to look into. */
interface Node {
  value: object;
  link: PathLink | undefined;
  /** Outside json values: this node's level and the model its keys name, if known. */
  level: number;
  model: Model | undefined;
  /** Inside a json value: the level there (0 outside). */
  jsonLevel: number;
}

const JSON_TYPES = new Set(['json', 'blocks']);

export function checkInputDepth(data: object, model: Model, registry: ModelRegistry, limits: DepthLimits): void {
  const stack: Node[] = [{ value: data, link: undefined, level: 1, model, jsonLevel: 0 }];
  while (stack.length) {
    const node = stack.pop()!;
    const inJson = node.jsonLevel > 0;
    if (inJson && node.jsonLevel > limits.json) throw tooDeep('maxJsonDepth', limits.json, node.link, 'inside a json value');
    if (!inJson && node.level > limits.body) throw tooDeep('maxBodyDepth', limits.body, node.link, 'outside json values');
    const list = Array.isArray(node.value);
    for (const [key, child] of Object.entries(node.value)) {
      if (child === null || typeof child !== 'object') continue;
      const next = { value: child as object, link: { key, parent: node.link }, level: node.level + 1 };
      if (inJson) {
        stack.push({ ...next, model: undefined, jsonLevel: node.jsonLevel + 1 });
      } else if (list) {
        // a repeatable component's or a dynamic zone's items keep (or name) their model
        stack.push({ ...next, model: itemModel(child, node.model, registry), jsonLevel: 0 });
      } else {
        const attr = node.model && Object.hasOwn(node.model.attributes, key) ? node.model.attributes[key] : undefined;
        const json = attr !== undefined && JSON_TYPES.has(attr.type);
        const component = attr?.type === 'component' && registry.has(attr.component) ? registry.get(attr.component) : undefined;
        stack.push({ ...next, model: component, jsonLevel: json ? 1 : 0 });
      }
    }
  }
}

/** A list item's model: a dynamic-zone entry names its component; a repeatable component's item
 *  has the list's. */
function itemModel(item: object, listModel: Model | undefined, registry: ModelRegistry): Model | undefined {
  const named = (item as { __component?: unknown }).__component;
  if (typeof named === 'string') return registry.has(named) ? registry.get(named) : undefined;
  return listModel;
}

function tooDeep(key: string, limit: number, link: PathLink | undefined, where: string): ValidationError {
  const path = materialize([], link);
  const at = path.length ? ` at ${path.join('.')}` : '';
  return new ValidationError(`data is nested too deeply${at}: at most ${limit} levels are allowed ${where}`, { key, limit, path });
}
