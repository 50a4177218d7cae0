// Imports a module of the app (config/<name>.ts, a custom plugin). Compiled start-up runs plain
// JavaScript, so an app's own TypeScript, which no build of ours compiled, goes through tsx's
// loader, registered once on first need; under a TypeScript loader already (tests, tsx) nothing
// is registered.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const typescriptLoaded = import.meta.url.endsWith('.ts');
let loader: Promise<void> | undefined;

export async function importAppModule(file: string): Promise<{ default?: unknown }> {
  if (file.endsWith('.ts') && !typescriptLoaded) {
    // A file outside a "type": "module" package may load as CommonJS (Node 22 does), and then its
    // own imports go through require, which the ESM hook does not see: the CommonJS hook too. Not
    // in a module app: there it would hand graphql-jit a second copy of graphql.
    loader ??= moduleApp(file)
      ? import('tsx/esm/api').then((esm) => { esm.register(); })
      : Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')]).then(([esm, cjs]) => { esm.register(); cjs.register(); });
    await loader;
  }
  const mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
  // tsx compiles TypeScript outside a "type": "module" package to CommonJS: its exports object,
  // marked __esModule, arrives as the default export
  const inner = mod.default as { __esModule?: unknown; default?: unknown } | undefined;
  return typeof inner === 'object' && inner !== null && inner.__esModule === true ? inner : mod;
}

/** Whether the package.json nearest to file says "type": "module". */
function moduleApp(file: string): boolean {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try { return (JSON.parse(readFileSync(pkg, 'utf8')) as { type?: unknown }).type === 'module'; } catch { return false; }
    }
    if (dirname(dir) === dir) return false;
  }
}
