// `npm run generate -- openapi [--output <file>]` (the launcher, scripts/strata.mjs, runs this
// file for `generate openapi`): writes the app's OpenAPI document (the one GET /api/openapi.json
// serves) to a file or to stdout. Loads the app as far as `strata build` does (config, plugins,
// content types, routes) and opens no database: the document depends on those, never on data.

import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { appDir, configDir, createConsoleLogger, createKernel, KernelError } from '../../core/index.js';

export const OPENAPI_USAGE = `usage: npm run generate -- openapi [--admin] [--output <file>]

Writes the OpenAPI 3.1 document of the app in APP_DIR or the working directory (its config/ and
content-types/) to <file>, or to stdout: the content API's, or with --admin the admin API's. The
openapi plugin must be enabled in config/plugins.ts; the document is written whether or not the
app serves it.`;

/** Runs the command; returns the exit code. */
async function generateOpenApi(argv: string[]): Promise<number> {
  let output: string | undefined;
  let admin = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--admin') {
      admin = true;
    } else if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${OPENAPI_USAGE}\n`);
      return 0;
    }
    if (arg === '--output' || arg === '-o') {
      output = argv[++i];
      if (!output || output.startsWith('-')) return usage(`${arg} needs a file name`);
    } else if (arg.startsWith('--output=')) {
      output = arg.slice('--output='.length);
      if (!output) return usage('--output needs a file name');
    } else {
      return usage(`unknown argument ${arg}`);
    }
  }
  const kernel = await createKernel({ appDir, configDir, logger: createConsoleLogger('warn') });
  try {
    // What `strata build` runs: config, plugins, content types and routes, no database
    await kernel.check();
    const openapi = kernel.services.find('openapi');
    if (!openapi) {
      process.stderr.write('error: the openapi plugin is not enabled in config/plugins.ts\n');
      return 1;
    }
    const document = admin ? openapi.adminDocument() : openapi.document();
    if (!document) {
      process.stderr.write('error: the app has no admin API (the admin plugin is not enabled in config/plugins.ts)\n');
      return 1;
    }
    const text = `${JSON.stringify(document, null, 2)}\n`;
    if (output) {
      writeFileSync(resolve(output), text);
      process.stdout.write(`${output}\n`);
    } else {
      process.stdout.write(text);
    }
    return 0;
  } catch (err) {
    if (!(err instanceof KernelError)) throw err;
    process.stderr.write(`failed [${err.code}]: ${err.message}\n`);
    return 1;
  } finally {
    await kernel.destroy();
  }
}

function usage(problem: string): number {
  process.stderr.write(`error: ${problem}\n\n${OPENAPI_USAGE}\n`);
  return 1;
}

process.exitCode = await generateOpenApi(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  return 1;
});
