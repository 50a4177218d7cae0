// Reads content-types/<singularName>.json and content-types/components/<category>/<name>.json.

import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { KernelError } from '../errors/index.js';
import { componentUid } from './uid.js';
import type { RawComponentFile, RawContentTypeFile } from './validate.js';

/** The renames file beside the schemas (database/renames.ts names it too; the registry sits below). */
export const RENAMES_FILE = 'renames.json';

export interface SchemaFiles { contentTypes: RawContentTypeFile[]; components: RawComponentFile[] }

export function readSchemaDir(dir: string): SchemaFiles {
  const out: SchemaFiles = { contentTypes: [], components: [] };
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir).sort()) {
    const full = join(dir, entry);
    // renames.json lists renames for schema sync (database/renames.ts), not a content type
    if (entry.endsWith('.json') && entry !== RENAMES_FILE && statSync(full).isFile()) {
      out.contentTypes.push({ file: full, schema: readJson(full, dir) });
    }
  }
  const componentsDir = join(dir, 'components');
  if (!existsSync(componentsDir)) return out;
  for (const category of readdirSync(componentsDir).sort()) {
    const categoryDir = join(componentsDir, category);
    if (!statSync(categoryDir).isDirectory()) continue;
    for (const entry of readdirSync(categoryDir).sort()) {
      if (!entry.endsWith('.json')) continue;
      const full = join(categoryDir, entry);
      out.components.push({
        file: full,
        uid: componentUid(category, entry.slice(0, -'.json'.length)),
        schema: readJson(full, dir),
      });
    }
  }
  return out;
}

function readJson(file: string, root: string): unknown {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const name = relative(root, file) || file;
    throw new KernelError('SCHEMA_ERR_LOAD', `${name}: not valid JSON (${(err as Error).message})`);
  }
}
