#!/usr/bin/env node
// `npm run build`: compiles core/, plugins/ and the example app's config/ into dist/ with their
// declarations, bundles the admin panel (scripts/build-panel.mjs), then writes the package's entry points. dist/index.d.ts also imports each plugin's
// declarations: their `declare module` additions (services, schema scopes) are in an app's program
// only if something imports them. `--clean` empties dist/ first (prepack: nothing stale is packed).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPanel } from './build-panel.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs tsc on tsconfig.build.json and writes dist/index.{js,d.ts}; returns tsc's exit status. */
export function build({ clean = false } = {}) {
  const dist = join(root, 'dist');
  if (clean) rmSync(dist, { recursive: true, force: true });
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: ['ignore', 2, 2] });
  if (tsc.status !== 0) return tsc.status ?? 1;
  const panel = buildPanel();
  if (panel !== 0) return panel;
  const plugins = readdirSync(join(dist, 'plugins'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dist, 'plugins', d.name, 'index.d.ts')))
    .map((d) => d.name)
    .sort();
  const header = '// Written by scripts/build.mjs: the package entry point is core\'s public API.\n';
  writeFileSync(join(dist, 'index.js'), `${header}export * from './core/index.js';\n`);
  writeFileSync(join(dist, 'index.d.ts'), `${header}export * from './core/index.js';\n${plugins.map((p) => `import './plugins/${p}/index.js';\n`).join('')}`);
  return 0;
}

if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  process.exit(build({ clean: process.argv.includes('--clean') }));
}
