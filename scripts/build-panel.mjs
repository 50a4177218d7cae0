// The admin panel's browser bundle: plugins/admin/panel/ (Preact, TSX) bundled by esbuild into
// dist/admin-panel/main.js and main.css, minified, for browsers of the last few years. Called by
// `npm run build` (and so by prepack and by the npm scripts when the sources are newer); never at
// run time: the server only reads the files. esbuild does not type-check: `npm run typecheck`
// runs tsc on the panel's own tsconfig.
import { existsSync, mkdirSync, readdirSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PANEL_SOURCES = join(root, 'plugins', 'admin', 'panel');
export const PANEL_OUT = join(root, 'dist', 'admin-panel');

/** Bundles the panel; returns 0, or 1 after printing esbuild's errors. */
export function buildPanel() {
  // Loaded here: an installed package (no devDependencies) never builds the panel
  const esbuild = createRequire(import.meta.url)('esbuild');
  mkdirSync(PANEL_OUT, { recursive: true });
  try {
    const result = esbuild.buildSync({
      entryPoints: { main: join(PANEL_SOURCES, 'main.tsx') },
      outdir: PANEL_OUT,
      bundle: true,
      minify: true,
      format: 'esm',
      target: ['chrome111', 'firefox114', 'safari16.4'],
      jsx: 'automatic',
      jsxImportSource: 'preact',
      legalComments: 'none',
      logLevel: 'warning',
      write: false,
    });
    if (result.errors.length) return 1;
    // Each file replaced at once (a rename), so a server or test reading it meanwhile never sees
    // half a bundle
    for (const file of result.outputFiles) {
      const temporary = `${file.path}.${process.pid}.tmp`;
      writeFileSync(temporary, file.contents);
      renameSync(temporary, file.path);
    }
    return 0;
  } catch {
    // esbuild printed the errors
    return 1;
  }
}

/** The latest change under `dir` to a file whose name matches `pattern` (ms; 0 for none). */
export function newest(dir, pattern) {
  if (!existsSync(dir)) return 0;
  let t = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p, pattern) : pattern.test(name) ? s.mtimeMs : 0);
  }
  return t;
}

/** Whether the bundle is missing or older than a panel source. */
export function panelStale() {
  const bundle = join(PANEL_OUT, 'main.js');
  return !existsSync(bundle) || newest(PANEL_SOURCES, /\.(ts|tsx|css|json)$/) > statSync(bundle).mtimeMs;
}

// `node scripts/build-panel.mjs [--if-stale]`
if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  process.exit(process.argv.includes('--if-stale') && !panelStale() ? 0 : buildPanel());
}
