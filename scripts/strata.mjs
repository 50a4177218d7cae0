#!/usr/bin/env node
// The `strata` command of an app (and of this repository, the example app). Checks the Node line,
// reads the app's .env, then runs a command; the compiled ones run with plain node on dist/, built
// first when stale in a source checkout. Run through npx or node_modules/.bin it prints no npm
// banner, so a script can capture what a command prints (`SECRET=$(npx strata token create ...)`).
import './node-check.mjs';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, rmSync, watch, watchFile } from 'node:fs';
import { constants, tmpdir } from 'node:os';
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
  admin: 'plugins/admin/cli.js',
};
/** Subcommands a plugin provides (core never imports plugins): `generate openapi`. */
const PLUGIN_SUBCOMMANDS = { generate: { openapi: 'plugins/openapi/cli.js' } };
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const USAGE = `usage: strata <command> [arguments]

  new <folder>      make a new app in <folder> (then: cd <folder> && npm install && npm run develop)
  develop           start, and start again when config/, content-types/, plugins/, .env or a plugin changes
  start             serve the app in this folder (APP_DIR overrides the folder)
  build             type-check the app; check config, plugins and content types without starting
  generate          write a content type or component, or the OpenAPI document (strata generate --help)
  token             create, list, regenerate or revoke API tokens (strata token --help)
  upload            import files into the media library
  admin             create an administrator or reset one's password (strata admin --help)
  --version         print the framework's version
`;

const appDir = resolve(process.env.APP_DIR ?? process.cwd());
const sameFolder = (a, b) => { try { return realpathSync(a) === realpathSync(b); } catch { return false; } };
/** Run in this repository on the example app: `build` compiles and `develop` watches core/ too. */
const frameworkCheckout = checkout && sameFolder(appDir, root);
const command = process.argv[2];

if (command === '--version' || command === '-v') {
  process.stdout.write(`${pkg.version}\n`);
} else if (command === '--help' || command === '-h') {
  process.stdout.write(USAGE);
} else if (command === 'new') {
  await createNew(process.argv.slice(3));
} else if (command === 'develop') {
  // Not loaded here: each restarted `start` reads .env itself, so a changed or removed value is
  // seen (loadEnvFile never overwrites what the environment already holds)
  develop(process.argv.slice(3));
} else if (Object.hasOwn(COMPILED, command ?? '')) {
  loadEnvFile();
  // In this repository `strata build` compiles the framework first; in an app it only checks
  if (command === 'build' && frameworkCheckout) {
    process.stderr.write('building (tsc)...\n');
    const status = build();
    if (status !== 0) process.exit(status);
  }
  // The command reads its own arguments from argv[2] on. start keeps argv whole: its cluster
  // workers re-run this file with the same arguments.
  const sub = PLUGIN_SUBCOMMANDS[command]?.[process.argv[3] ?? ''];
  if (command !== 'start') process.argv.splice(2, sub ? 2 : 1);
  await import(builtEntry(sub ?? COMPILED[command]));
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
// error) waits for the next save. Only what the server reads is watched: config/, content-types/,
// plugins/ and .env, and the folder of each plugin given by path (`resolve`), which every start
// reports (core/cli/start.ts): a file the server never reads (generated client types under src/)
// restarts nothing. Node 22 stops on a watch path that does not exist, so only existing ones are
// passed; when one of them appears or goes (a first plugins/, a new .env), the watcher is started
// again with the new list.
function develop(args) {
  const names = ['config', 'content-types', 'plugins', '.env'];
  const framework = frameworkCheckout ? [join(root, 'core')] : [];
  const present = () => names.map((n) => join(appDir, n)).filter((p) => existsSync(p)).concat(framework);
  const report = join(tmpdir(), `strata-develop-${process.pid}.json`);
  let paths = [];
  let child;
  let respawn = false;
  let stopping = false;
  const shown = (p) => (p.startsWith(`${appDir}/`) ? p.slice(appDir.length + 1) : p);
  const run = () => {
    paths = present();
    process.stdout.write(`develop: starting again on a change in ${[...paths, ...pluginPaths].map(shown).join(', ')}\n`);
    child = spawn(process.execPath, [
      ...paths.map((p) => `--watch-path=${p}`), '--watch-preserve-output',
      fileURLToPath(import.meta.url), 'start', ...args,
    ], { stdio: 'inherit', env: { ...process.env, STRATA_DEVELOP_REPORT: report } });
    child.on('exit', (code, signal) => {
      if (respawn && !stopping) { respawn = false; run(); return; }
      rmSync(report, { force: true });
      // Stopped by the signal we forwarded: a clean stop. Killed by another: the shell's 128 + n.
      process.exit(code ?? (stopping ? 0 : 128 + (constants.signals[signal] ?? 0)));
    });
  };
  const restart = () => {
    if (respawn || stopping) return;
    respawn = true;
    child.kill('SIGTERM');
  };
  // Plugins given by path, as the latest start read them: watched here (Node's watcher takes its
  // list once), each change restarting the watcher and with it the server
  let pluginPaths = [];
  let pluginWatchers = [];
  watchFile(report, { interval: 250 }, () => {
    let listed;
    try { listed = JSON.parse(readFileSync(report, 'utf8')); } catch { return; }
    const outside = listed.filter((p) => existsSync(p) && !paths.some((w) => p === w || p.startsWith(`${w}/`)));
    if (outside.join('\n') === pluginPaths.join('\n')) return;
    for (const w of pluginWatchers) w.close();
    pluginPaths = outside;
    pluginWatchers = outside.map((p) => watch(p, { recursive: true }, restart));
    if (outside.length) process.stdout.write(`develop: and on a change in ${outside.map(shown).join(', ')} (plugins given by path)\n`);
  });
  run();
  watch(appDir, (_event, name) => {
    if (!names.includes(String(name)) || present().join('\n') === paths.join('\n')) return;
    restart();
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => { stopping = true; child.kill(signal); });
  }
}
