// How deeply a write's `data` may nest, checked before validation and without recursion. Outside
// json and blocks values the nesting follows the model (components, dynamic-zone entries, relation
// references) and stays shallow; inside them authors may nest their own structures, up to a larger
// limit. Beyond either, a 400 that names the limit and where it was passed.

import { ValidationError } from '../errors/application.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { Model } from '../registry/types.js';

export interface DepthLimits {
  /** api.rest.maxBodyDepth: levels outside json and blocks values (`data` itself is level 1). */
  body: number;
  /** api.rest.maxJsonDepth: levels inside a json or blocks value (the value itself is level 1). */
  json: number;
}

interface Node {
  value: unknown;
  path: readonly string[];
  /** Outside json values: the level of this node and the model its keys name, if known. */
  level: number;
  model: Model | undefined;
  /** Inside a json value: the level there (0 outside). */
  jsonLevel: number;
}

const JSON_TYPES = new Set(['json', 'blocks']);

export function checkInputDepth(data: unknown, model: Model, registry: ModelRegistry, limits: DepthLimits): void {
  const stack: Node[] = [{ value: data, path: [], level: 1, model, jsonLevel: 0 }];
  while (stack.length) {
    const node = stack.pop()!;
    const { value, path } = node;
    if (value === null || typeof value !== 'object') continue;
    if (node.jsonLevel > 0) {
      if (node.jsonLevel > limits.json) throw tooDeep('maxJsonDepth', limits.json, path, 'inside a json value');
      for (const [key, child] of entries(value)) stack.push({ ...node, value: child, path: [...path, key], jsonLevel: node.jsonLevel + 1 });
      continue;
    }
    if (node.level > limits.body) throw tooDeep('maxBodyDepth', limits.body, path, 'outside json values');
    for (const [key, child] of entries(value)) {
      const next = { value: child, path: [...path, key], level: node.level + 1, jsonLevel: 0 };
      if (Array.isArray(value)) {
        // a repeatable component's or a dynamic zone's items keep (or name) their model
        stack.push({ ...next, model: itemModel(child, node.model, registry) });
        continue;
      }
      const attr = node.model && Object.hasOwn(node.model.attributes, key) ? node.model.attributes[key] : undefined;
      if (attr && JSON_TYPES.has(attr.type)) stack.push({ ...next, model: undefined, jsonLevel: 1 });
      else if (attr?.type === 'component' && registry.has(attr.component)) stack.push({ ...next, model: registry.get(attr.component) });
      else if (attr?.type === 'dynamiczone') stack.push({ ...next, model: undefined });
      else stack.push({ ...next, model: undefined });
    }
  }
}

function entries(value: object): Array<[string, unknown]> {
  return Array.isArray(value) ? value.map((item: unknown, i) => [String(i), item]) : Object.entries(value);
}

/** A list item's model: a dynamic-zone entry names its component; a repeatable component's item
 *  has the list's. */
function itemModel(item: unknown, listModel: Model | undefined, registry: ModelRegistry): Model | undefined {
  const named = (item as { __component?: unknown } | null)?.__component;
  if (typeof named === 'string') return registry.has(named) ? registry.get(named) : undefined;
  return listModel;
}

function tooDeep(key: string, limit: number, path: readonly string[], where: string): ValidationError {
  const at = path.length ? ` at ${path.join('.')}` : '';
  return new ValidationError(`data is nested too deeply${at}: at most ${limit} levels are allowed ${where}`, { key, limit, path: [...path] });
}
