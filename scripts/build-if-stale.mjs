// Compiles with tsc when the compiled entry point is missing or older than any source file, so the
// npm scripts run plain node on dist/ (no dev-time transpiler) on a machine with only `npm install`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sources = ['core', 'plugins', 'config'].map((d) => join(root, d));

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let t = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p) : name.endsWith('.ts') ? s.mtimeMs : 0);
  }
  return t;
}

/** Builds if needed (exits on a failed build) and returns the file URL of dist/<relative>. */
export function builtEntry(relative) {
  const entry = join(root, 'dist', relative);
  const stale = !existsSync(entry) || Math.max(...sources.map(newest), statSync(join(root, 'tsconfig.build.json')).mtimeMs) > statSync(entry).mtimeMs;
  if (stale) {
    // stderr: stdout belongs to the command (a token's secret, say)
    process.stderr.write('building (tsc)...\n');
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: ['ignore', 2, 2] });
    if (tsc.status !== 0) process.exit(tsc.status ?? 1);
  }
  return new URL(`file://${entry}`).href;
}
