#!/usr/bin/env node
// `npx strata <start|token|generate|upload> [args]`, and behind `npm start` and `npm run token`: checks
// the Node line, builds dist/ when stale, then runs the compiled command with plain node. Called
// as `npx strata` it prints no npm banner, so a script can capture what a command prints
// (`SECRET=$(npx strata token create ...)`).
import './node-check.mjs';
import { builtEntry } from './build-if-stale.mjs';

const COMMANDS = {
  start: 'core/cli/start.js',
  token: 'core/cli/token.js',
  generate: 'core/cli/generate-cli.js',
  upload: 'plugins/upload/cli.js',
};

const command = process.argv[2];
if (!Object.hasOwn(COMMANDS, command ?? '')) {
  const usage = `usage: strata <${Object.keys(COMMANDS).join('|')}> [arguments]\n`;
  if (command === '--help' || command === '-h') { process.stdout.write(usage); process.exit(0); }
  process.stderr.write(usage);
  process.exit(2);
}
// The command reads its own arguments from argv[2] on. start keeps argv whole: its cluster
// workers re-run this file with the same arguments.
if (command !== 'start') process.argv.splice(2, 1);
await import(builtEntry(COMMANDS[command]));
