// The test suite's own app config: test/fixture/config/, a copy of the example app's config/ as
// it ships. No test starts on the repository's config/ (the example app a user edits: enabling a
// plugin there must not break the framework's tests): kernels started here read no config folder
// at all, tests that need the example app's settings read this copy, and every app folder a CLI
// test starts a process in gets it (server-process.ts).

import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { createEnv, type KernelConfigInput, type PluginsConfig } from '../../core/index.js';
import { ROOT } from './kernel.js';

export const FIXTURE_CONFIG = join(ROOT, 'test', 'fixture', 'config');

type ConfigFile = (env: ReturnType<typeof createEnv>) => unknown;

/** One fixture config file's value, read with an empty environment (as `npm start` with none). */
export async function fixtureConfigFile(name: 'api' | 'plugins' | 'server' | 'database' | 'webhooks'): Promise<unknown> {
  const mod = await import(pathToFileURL(join(FIXTURE_CONFIG, `${name}.ts`)).href) as { default: ConfigFile };
  return mod.default(createEnv({}));
}

/** The fixture's api and plugins config, as the example app configures them. */
export async function fixtureConfig(): Promise<{ api: KernelConfigInput['api']; plugins: PluginsConfig }> {
  return { api: await fixtureConfigFile('api') as KernelConfigInput['api'], plugins: await fixtureConfigFile('plugins') as PluginsConfig };
}

/** Gives an app folder without a config/ the fixture's, so a CLI process started there does not
 *  fall back to the example app's. As JavaScript: a TypeScript config would have each process
 *  load tsx first, a few seconds per start across the CLI suites. */
export function withFixtureConfig(appDir: string): string {
  if (!existsSync(join(appDir, 'config'))) cpSync(compiledFixture(), join(appDir, 'config'), { recursive: true });
  return appDir;
}

let compiled: string | undefined;

/** The fixture config compiled to CommonJS once per test process (what a .js config may be). */
function compiledFixture(): string {
  if (compiled) return compiled;
  const dir = mkdtempSync(join(tmpdir(), 'strata-fixture-config-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  for (const name of readdirSync(FIXTURE_CONFIG).filter((f) => f.endsWith('.ts'))) {
    const { outputText } = ts.transpileModule(readFileSync(join(FIXTURE_CONFIG, name), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    });
    writeFileSync(join(dir, name.replace(/\.ts$/, '.js')), outputText);
  }
  return compiled = dir;
}
