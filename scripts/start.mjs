// `npm start`: compiles with tsc when the compiled output is missing or older than any source
// file, then runs the compiled server with plain node (no dev-time transpiler).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist', 'core', 'cli', 'start.js');
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

const stale = !existsSync(entry) || Math.max(...sources.map(newest), statSync(join(root, 'tsconfig.build.json')).mtimeMs) > statSync(entry).mtimeMs;
if (stale) {
  process.stdout.write('building (tsc)...\n');
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
}
await import(new URL(`file://${entry}`).href);
