// Import direction: plugins import only core/index.ts; core never imports plugins or config;
// a plugin never imports another plugin.

import { expect } from 'chai';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { ROOT } from './helpers/kernel.js';

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

function imports(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  return [...src.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)]
    .map((m) => m[1] ?? m[2] ?? '')
    .filter((s) => s.startsWith('.'))
    .map((s) => relative(ROOT, resolve(dirname(file), s)));
}

describe('architecture', () => {
  it('core never imports plugins or config', () => {
    for (const file of files(join(ROOT, 'core'))) {
      for (const target of imports(file)) {
        expect(target, `${relative(ROOT, file)} imports ${target}`).to.not.match(/^(plugins|config)\//);
      }
    }
  });

  it('plugins import only core/index.ts and their own files', () => {
    for (const file of files(join(ROOT, 'plugins'))) {
      const own = relative(ROOT, file).split('/').slice(0, 2).join('/');
      for (const target of imports(file)) {
        const ok = target === 'core/index.js' || target.startsWith(`${own}/`);
        expect(ok, `${relative(ROOT, file)} imports ${target}`).to.equal(true);
      }
    }
  });

  it('the error classes import nothing else from core', () => {
    for (const file of files(join(ROOT, 'core', 'errors'))) {
      for (const target of imports(file)) expect(target.startsWith('core/errors/'), `${file} imports ${target}`).to.equal(true);
    }
  });
});
