// Compiles when the compiled entry point is missing or older than any source file, so the npm
// scripts run plain node on dist/ (no dev-time transpiler) on a machine with only `npm install`.
// An installed package has no sources and no tsconfig.build.json: its dist/ is used as it is.
import { existsSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from './build.mjs';
import { newest } from './build-panel.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** A source checkout of the framework (this repository), rather than an installed package. */
export const checkout = existsSync(join(root, 'tsconfig.build.json'));
const sources = ['core', 'plugins', 'config'].map((d) => join(root, d));


function stale(entry) {
  const index = join(root, 'dist', 'index.d.ts');
  const panel = join(root, 'dist', 'admin-panel', 'main.js');
  if (!existsSync(entry) || !existsSync(index) || !existsSync(panel)) return true;
  const built = Math.min(statSync(entry).mtimeMs, statSync(index).mtimeMs, statSync(panel).mtimeMs);
  return Math.max(...sources.map((dir) => newest(dir, /\.(ts|tsx|css)$/)), statSync(join(root, 'tsconfig.build.json')).mtimeMs) > built;
}

/** Builds if needed (exits on a failed build) and returns the file URL of dist/<relative>. */
export function builtEntry(relative) {
  const entry = join(root, 'dist', relative);
  if (checkout && stale(entry)) {
    // stderr: stdout belongs to the command (a token's secret, say)
    process.stderr.write('building (tsc)...\n');
    const status = build();
    if (status !== 0) process.exit(status);
  }
  return new URL(`file://${entry}`).href;
}
