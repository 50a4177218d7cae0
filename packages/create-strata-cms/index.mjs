#!/usr/bin/env node
// `npm create strata-cms@latest <folder>`: copies the app template into a new folder and writes its
// package.json, which depends on strata-cms of this package's version. No dependencies of its own,
// so npm fetches one small tarball. From a checkout it reads the template where it is kept.
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
// In the checkout, the template where it is kept (npm pack leaves copies here, which go stale)
const packed = !existsSync(join(root, 'core', 'cli', 'template'));
const { createAppCommand } = await import(pathToFileURL(packed ? join(here, 'create-app.mjs') : join(root, 'scripts', 'create-app.mjs')).href);
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));

process.exitCode = createAppCommand(process.argv.slice(2), {
  templateDir: packed ? join(here, 'template') : join(root, 'core', 'cli', 'template'),
  version: pkg.version,
  engines: pkg.engines.node,
  usage: 'usage: npm create strata-cms@latest <folder> [-- --framework <npm spec of strata-cms>]\n',
});
