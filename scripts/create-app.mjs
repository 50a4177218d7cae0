// Makes a new app folder from the template: `strata new <folder>` and `npm create strata-cms`.
// Plain JavaScript with no dependencies, so the create package is a copy of this file and the
// template, installed in about a second.
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

// npm pack leaves out .gitignore and .npmrc wherever they are: the template keeps them undotted
const DOTFILES = { gitignore: '.gitignore', npmrc: '.npmrc', 'env.example': '.env.example' };

/** An npm package name from a folder name: lowercase, URL-safe, at most 214 characters. */
export function packageName(folder) {
  const trim = (name) => name.replace(/^[._-]+|[._-]+$/g, '');
  const name = trim(trim(basename(folder).toLowerCase().replace(/[^a-z0-9._-]+/g, '-')).slice(0, 214));
  return name || 'strata-app';
}

/** The app's package.json: generated rather than copied, so no tool mistakes the template for a package. */
export function appPackage({ name, frameworkSpec, engines }) {
  return {
    name,
    version: '0.1.0',
    private: true,
    type: 'module',
    engines: { node: engines },
    scripts: {
      develop: 'strata develop',
      start: 'strata start',
      build: 'strata build',
      generate: 'strata generate',
      token: 'strata token',
      upload: 'strata upload',
      typecheck: 'tsc -p tsconfig.json',
    },
    dependencies: { 'strata-cms': frameworkSpec },
    devDependencies: { '@types/node': '^22.20.5', typescript: '6.0.3' },
    // npm 11 runs install scripts of these packages only (read from the app's own package.json):
    // esbuild's fetches its binary for tsx; better-sqlite3 ships prebuilt ones; @scarf/scarf
    // (swagger-ui-dist's install-time analytics) never runs
    allowScripts: { '@scarf/scarf': false, 'better-sqlite3': false, esbuild: true },
    // ... nor reports, under an npm that runs every install script (scarf's own switch, read from
    // the app's package.json)
    scarfSettings: { enabled: false },
  };
}

/**
 * Copies templateDir into target (which must not exist or be empty) and writes package.json.
 * Returns the app's folder. The template holds its own config: a new app's is never the example
 * app's (whatever a user changed there).
 */
export function createApp({ target, templateDir, frameworkSpec, engines }) {
  const dir = resolve(target);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(`${dir} is not empty: name a new folder`);
  }
  mkdirSync(dir, { recursive: true });
  cpSync(templateDir, dir, { recursive: true });
  for (const [from, to] of Object.entries(DOTFILES)) {
    if (existsSync(join(dir, from))) renameSync(join(dir, from), join(dir, to));
  }
  const pkg = appPackage({ name: packageName(dir), frameworkSpec, engines });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  return dir;
}

/** A path as one shell word (quoted when it holds anything beyond letters, digits and ./_-). */
function shellWord(path) {
  return /^[\w./-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}

/** A local tarball or folder named relative to where the command ran, as npm reads it from the
 *  app's package.json (relative to the app): absolute. A registry spec is kept as it is. */
export function frameworkDependency(spec, cwd = process.cwd()) {
  const path = spec.startsWith('file:') ? spec.slice(5) : /^(\.{1,2}\/|\/)/.test(spec) || spec.endsWith('.tgz') ? spec : undefined;
  return path === undefined ? spec : `file:${resolve(cwd, path)}`;
}

/** What to type next, printed by both commands. */
export function nextSteps(dir, cwd = process.cwd()) {
  const rel = dir.startsWith(`${cwd}/`) ? dir.slice(cwd.length + 1) : dir;
  return `Created ${dir}\n\nNext:\n  cd ${shellWord(rel)}\n  npm install\n  npm run develop\n\n`
    + 'Then add a content type: npm run generate -- content-type recipe title:string\n'
    + 'The app\'s README.md says where each file goes.\n';
}

/** The command line of both commands: `<folder> [--framework <npm spec>]`; returns the exit code. */
export function createAppCommand(args, { templateDir, version, engines, usage }) {
  if (args.includes('--help') || args.includes('-h')) { process.stdout.write(usage); return 0; }
  const at = args.indexOf('--framework');
  // A tarball or a folder in place of the registry's version (testing a build before publishing)
  const frameworkSpec = at >= 0 ? args[at + 1] && frameworkDependency(args[at + 1]) : `^${version}`;
  const folders = args.filter((_, i) => at < 0 || (i !== at && i !== at + 1));
  if (folders.length !== 1 || !frameworkSpec || folders[0].startsWith('-')) { process.stderr.write(usage); return 2; }
  try {
    process.stdout.write(nextSteps(createApp({ target: folders[0], templateDir, frameworkSpec, engines })));
    return 0;
  } catch (err) {
    process.stderr.write(`error: ${err.message}\n`);
    return 1;
  }
}
