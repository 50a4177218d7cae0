#!/usr/bin/env node
// `npm test`: the whole suite; `npm test -- <files or globs> [mocha options]`: only those. The
// default spec lives here rather than in .mocharc.json, where mocha would add it to the files
// named on the command line and run everything anyway.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const SUITE = 'test/**/*.test.ts';
const args = process.argv.slice(2);
// A word that names a file, folder or glob (an option's value, such as --grep's, names none)
const named = args.some((a) => !a.startsWith('-') && (existsSync(a) || /[*?[]/.test(a)));
// A path-like word that names nothing is a typo, not an option's value: running the whole suite
// instead would take minutes to say so
const missing = args.find((a, i) => !a.startsWith('-') && !(args[i - 1] ?? '').startsWith('-') && !existsSync(a) && !/[*?[]/.test(a) && /\/|\.ts$/.test(a));
if (missing) {
  process.stderr.write(`npm test: no file or folder ${missing}\n`);
  process.exit(2);
}
const mocha = createRequire(import.meta.url).resolve('mocha/bin/mocha.js');
const run = spawnSync(process.execPath, [mocha, ...(named ? [] : [SUITE]), ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
