// Typed clients, with tools nobody here wrote: openapi-typescript turns the served document into
// types, and the front-end script of examples/openapi-client (openapi-fetch, qs) compiles against
// them, fails to compile with a misspelt attribute, and runs against the example app.

import { expect } from 'chai';
import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { tokenClient } from '../../helpers/api-tokens.js';
import { ROOT } from '../../helpers/kernel.js';
import { useExampleApp } from './helpers.js';

const EXAMPLE = join(ROOT, 'examples/openapi-client');
const bin = (pkg: string, file: string) => join(ROOT, 'node_modules', pkg, file);

/** tsc over the given files with the project's options; its output and exit status. */
function typecheck(dir: string, files: string[]): { status: number | null; output: string } {
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    extends: join(ROOT, 'tsconfig.json'), compilerOptions: { noEmit: true, types: ['node'] }, include: files,
  }));
  const tsc = spawnSync(process.execPath, [bin('typescript', 'bin/tsc'), '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
  return { status: tsc.status, output: `${tsc.stdout}${tsc.stderr}` };
}

describe('OpenAPI: a typed client (openapi-typescript, openapi-fetch)', function () {
  this.timeout(120_000);
  const get = useExampleApp();
  let dir = '';
  before(() => {
    // Inside the repository, so the scripts resolve openapi-fetch and qs from its node_modules
    mkdirSync(join(ROOT, '.tmp'), { recursive: true });
    dir = mkdtempSync(join(ROOT, '.tmp', 'openapi-client-'));
    copyFileSync(join(EXAMPLE, 'client.ts'), join(dir, 'client.ts'));
  });
  after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

  it('generates the checked-in types from the served document (regenerate: npx openapi-typescript docs/openapi.json -o examples/openapi-client/api.d.ts)', async () => {
    writeFileSync(join(dir, 'openapi.json'), await (await fetch(`${get().url}/api/openapi.json`)).text());
    const run = spawnSync(process.execPath, [bin('openapi-typescript', 'bin/cli.js'), join(dir, 'openapi.json'), '-o', join(dir, 'api.d.ts')], { encoding: 'utf8' });
    expect(run.status, run.stderr).to.equal(0);
    expect(readFileSync(join(dir, 'api.d.ts'), 'utf8')).to.equal(readFileSync(join(EXAMPLE, 'api.d.ts'), 'utf8'));
  });

  // The compiler does not depend on the database: once, on the default (SQLite) run
  const compiles = (process.env.DATABASE_CLIENT ?? 'sqlite') === 'sqlite' ? it : it.skip;

  compiles('compiles the front-end script against them', () => {
    const { status, output } = typecheck(dir, ['client.ts', 'api.d.ts']);
    expect(output).to.equal('');
    expect(status).to.equal(0);
  });

  compiles('refuses to compile a misspelt attribute in its filters, and in a dynamic zone entry', () => {
    const source = readFileSync(join(EXAMPLE, 'client.ts'), 'utf8');
    const cases = [
      { from: 'filters: { title:', to: 'filters: { titel:' },
      { from: "__component: 'shared.quote', title:", to: "__component: 'shared.quote', titel:" },
    ];
    for (const { from, to } of cases) {
      expect(source, from).to.contain(from);
      writeFileSync(join(dir, 'misspelt.ts'), source.replace(from, to));
      const { status, output } = typecheck(dir, ['misspelt.ts', 'api.d.ts']);
      expect(status, to).to.equal(2);
      expect(output, to).to.match(/error TS2561: Object literal may only specify known properties, but 'titel' does not exist/);
    }
  });

  it('runs against the app: creates with relations, lists with filters and populate, reads an error', async () => {
    const secret = await tokenClient(get()).secret({ type: 'full-access' });
    // Not spawnSync: the kernel answering it runs in this process
    const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(dir, 'client.ts')], {
      cwd: ROOT, encoding: 'utf8', env: { ...process.env, API_URL: get().url, API_TOKEN: secret },
    });
    expect(JSON.parse(run.stdout)).to.deep.equal({
      titles: ['Green tea'], category: 'Tea', authors: ['Ada'], total: 1, error: { status: 404, name: 'NotFoundError' },
    });
  });
});
