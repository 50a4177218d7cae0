#!/usr/bin/env node
// The `strata` command of an app (and of this repository, the example app). Checks the Node line,
// reads the app's .env, then runs a command; the compiled ones run with plain node on dist/, built
// first when stale in a source checkout. Run through npx or node_modules/.bin it prints no npm
// banner, so a script can capture what a command prints (`SECRET=$(npx strata token create ...)`).
import './node-check.mjs';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtEntry, checkout, root } from './build-if-stale.mjs';
import { build } from './build.mjs';

const COMPILED = {
  start: 'core/cli/start.js',
  build: 'core/cli/build.js',
  token: 'core/cli/token.js',
  generate: 'core/cli/generate-cli.js',
  upload: 'plugins/upload/cli.js',
};
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const USAGE = `usage: strata <command> [arguments]

  new <folder>      make a new app in <folder> (then: cd <folder> && npm install && npm run develop)
  develop           start, and start again when config/, content-types/, plugins/, src/ or .env changes
  start             serve the app in this folder (APP_DIR overrides the folder)
  build             check config, plugins and content types without starting; type-check the app
  generate          write a content type or component (strata generate --help)
  token             create, list or revoke API tokens (strata token --help)
  upload            import files into the media library
  --version         print the framework's version
`;

const appDir = resolve(process.env.APP_DIR ?? process.cwd());
const sameFolder = (a, b) => { try { return realpathSync(a) === realpathSync(b); } catch { return false; } };
const command = process.argv[2];

if (command === '--version' || command === '-v') {
  process.stdout.write(`${pkg.version}\n`);
} else if (command === '--help' || command === '-h') {
  process.stdout.write(USAGE);
} else if (command === 'new') {
  await createNew(process.argv.slice(3));
} else if (command === 'develop') {
  loadEnvFile();
  develop(process.argv.slice(3));
} else if (Object.hasOwn(COMPILED, command ?? '')) {
  loadEnvFile();
  // In this repository `strata build` compiles the framework first; in an app it only checks
  if (command === 'build' && checkout && sameFolder(appDir, root)) {
    process.stderr.write('building (tsc)...\n');
    const status = build();
    if (status !== 0) process.exit(status);
  }
  // The command reads its own arguments from argv[2] on. start keeps argv whole: its cluster
  // workers re-run this file with the same arguments.
  if (command !== 'start') process.argv.splice(2, 1);
  await import(builtEntry(COMPILED[command]));
} else {
  process.stderr.write(USAGE);
  process.exit(2);
}

/** The app's .env, under what the environment already sets. */
function loadEnvFile() {
  const file = join(appDir, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

async function createNew(args) {
  const { createAppCommand } = await import('./create-app.mjs');
  process.exitCode = createAppCommand(args, {
    templateDir: join(root, 'core', 'cli', 'template'), version: pkg.version, engines: pkg.engines.node,
    usage: 'usage: strata new <folder> [--framework <npm spec of strata-cms>]\n',
  });
}

// Node's own watch mode restarts `strata start` on a change: a new process is the only way to
// read a changed config/*.ts again (ES modules cannot be unloaded). A start that fails (a schema
// error) waits for the next save. Node 22 stops on a watch path that does not exist: only
// existing ones are passed, so a folder made later is watched from the next `develop`.
function develop(args) {
  const watched = ['config', 'content-types', 'plugins', 'src', '.env'].map((p) => join(appDir, p));
  if (checkout && sameFolder(appDir, root)) watched.push(join(root, 'core'));
  const paths = watched.filter((p) => existsSync(p));
  const child = spawn(process.execPath, [
    ...paths.map((p) => `--watch-path=${p}`), '--watch-preserve-output',
    fileURLToPath(import.meta.url), 'start', ...args,
  ], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

