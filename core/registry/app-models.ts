// The app's own models: schema files from its content-types folder and any given directly,
// validated together and added to the registry (owner 'app').

import { readSchemaDir, type SchemaFiles } from './load.js';
import type { ModelRegistry } from './model-registry.js';
import { validateSchemaFiles } from './validate.js';

export function addAppModels(registry: ModelRegistry, dir: string | undefined, extra: SchemaFiles | undefined): void {
  const fromDir = dir ? readSchemaDir(dir) : { contentTypes: [], components: [] };
  const given = extra ?? { contentTypes: [], components: [] };
  const { contentTypes, components } = validateSchemaFiles(
    [...fromDir.contentTypes, ...given.contentTypes],
    [...fromDir.components, ...given.components],
  );
  for (const c of components) registry.addComponent(c.uid, c.schema, { owner: 'app' });
  for (const c of contentTypes) registry.addContentType(c.schema, { owner: 'app' });
}
