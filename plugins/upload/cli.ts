// `npm run upload -- <files or folders...>`: imports files into the app's media library (seeding a
// site), under the same rules as an upload through the API. Loads the kernel the way `npm start`
// does, without listening. A file that is refused is reported and skipped; the exit code is 1 if
// any was.

import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { appDir, configDir, createConsoleLogger, createKernel, isApplicationError, KernelError } from '../../core/index.js';
import { ProgressBar } from './progress.js';

const USAGE = `usage: npm run upload -- [--alt <text>] [--caption <text>] <file or folder>...

Imports the files (folders: every file in them, recursively) into the media library of the app
in APP_DIR or the working directory, as POST /api/upload would: types read from the bytes,
sizes and formats made, the allow-list and size limit of config/plugins.ts applied.
  --alt <text>      alternativeText for every file
  --caption <text>  caption for every file`;

interface Args { paths: string[]; alternativeText?: string; caption?: string }

function parseArgs(argv: string[]): Args | 'help' {
  const args: Args = { paths: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') return 'help';
    if (a === '--alt' || a === '--caption') {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${a} needs a value`);
      if (a === '--alt') args.alternativeText = value;
      else args.caption = value;
    } else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else args.paths.push(resolve(a));
  }
  if (!args.paths.length) throw new Error('no files given');
  return args;
}

async function filesUnder(path: string): Promise<string[]> {
  const info = await stat(path);
  if (info.isFile()) return [path];
  if (!info.isDirectory()) return [];
  const out: string[] = [];
  for (const entry of (await readdir(path)).sort()) {
    if (!entry.startsWith('.')) out.push(...await filesUnder(join(path, entry)));
  }
  return out;
}

async function main(argv: string[]): Promise<number> {
  let args: Args | 'help';
  try {
    args = parseArgs(argv);
  } catch (err) {
    process.stderr.write(`error: ${(err as Error).message}\n\n${USAGE}\n`);
    return 1;
  }
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const files: Array<{ path: string; size: number }> = [];
  for (const p of args.paths) {
    try {
      for (const f of await filesUnder(p)) files.push({ path: f, size: (await stat(f)).size });
    } catch {
      process.stderr.write(`error: cannot read ${p}\n`);
      return 1;
    }
  }
  const kernel = await createKernel({ appDir, configDir, logger: createConsoleLogger('warn') });
  let failed = 0;
  try {
    await kernel.load();
    const upload = kernel.services.find('upload');
    if (!upload) {
      process.stderr.write('error: the upload plugin is not enabled in config/plugins.ts\n');
      return 1;
    }
    const bar = new ProgressBar(process.stderr, files.length, files.reduce((n, f) => n + f.size, 0));
    const info = { ...(args.alternativeText ? { alternativeText: args.alternativeText } : {}), ...(args.caption ? { caption: args.caption } : {}) };
    for (const file of files) {
      bar.start(file.path);
      try {
        const stored = await upload.importFile(file.path, info);
        bar.done(file.size, `${file.path} -> ${String(stored.url)} (id ${String(stored.id)})`);
      } catch (err) {
        if (!isApplicationError(err)) throw err;
        failed += 1;
        bar.done(file.size, `${file.path}: refused: ${err.message}`);
      }
    }
    bar.finish(`${files.length - failed} of ${files.length} file(s) imported`);
    return failed ? 1 : 0;
  } catch (err) {
    if (err instanceof KernelError) process.stderr.write(`failed [${err.code}]: ${err.message}\n`);
    else throw err;
    return 1;
  } finally {
    await kernel.destroy();
  }
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exitCode = 1;
});
