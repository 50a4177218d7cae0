// Import direction: plugins import only core/index.ts; core never imports plugins or config; a
// plugin never imports another plugin; core's layers (docs/design.md) import only downwards; and no
// file takes part in an import cycle.

import { expect } from 'chai';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import ts from 'typescript';
import { ROOT } from './helpers/kernel.js';

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** What a source file imports, every form: import and export ... from, a bare import, import
 *  type, import() and require() of a literal (TypeScript's own scanner, so no form is missed). */
export function specifiers(src: string): string[] {
  return ts.preProcessFile(src, true, true).importedFiles.map((f) => f.fileName);
}

/** Relative imports of a file (type-only ones too), as paths from the root ending in .ts. */
function imports(file: string): string[] {
  return specifiers(readFileSync(file, 'utf8'))
    .filter((s) => s.startsWith('.'))
    .map((s) => relative(ROOT, resolve(dirname(file), s)).replace(/\.js$/, '.ts'));
}

/** The layer order of docs/design.md, lowest first: each line one layer, several folders a line. */
function layers(): Map<string, number> {
  const doc = readFileSync(join(ROOT, 'docs', 'design.md'), 'utf8');
  const block = /```text layers\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/design.md has no ```text layers block');
  const lines = block.trim().split('\n').reverse();
  return new Map(lines.flatMap((line, rank) => line.trim().split(/\s+/).map((name) => [name, rank] as [string, number])));
}

/** core/<folder>/..., or core/index.ts itself. */
function layerOf(path: string): string {
  return path.split('/')[1]!;
}

/** Strongly connected components with more than one file (Tarjan): the import cycles. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next); low.set(v, next); next++;
    stack.push(v); onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); component.push(w); } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('architecture', () => {
  const sources = [...files(join(ROOT, 'core')), ...files(join(ROOT, 'plugins'))].map((f) => relative(ROOT, f));

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
        const ok = target === 'core/index.ts' || target.startsWith(`${own}/`);
        expect(ok, `${relative(ROOT, file)} imports ${target}`).to.equal(true);
      }
    }
  });

  it('core imports only downwards, in the layer order of docs/design.md', () => {
    const order = layers();
    const upward: string[] = [];
    for (const file of sources.filter((f) => f.startsWith('core/'))) {
      const from = layerOf(file);
      expect(order.has(from), `${file}: its folder ${from} is not in the layers of docs/design.md`).to.equal(true);
      for (const target of imports(join(ROOT, file)).filter((t) => t.startsWith('core/'))) {
        const to = layerOf(target);
        if (to === from) continue;
        if (!(order.get(to)! < order.get(from)!)) upward.push(`${file} (${from}) imports ${target} (${to})`);
      }
    }
    expect(upward, upward.join('\n')).to.deep.equal([]);
  });

  it('no file takes part in an import cycle', () => {
    const graph = new Map(sources.map((f) => [f, imports(join(ROOT, f)).filter((t) => sources.includes(t))]));
    const found = cycles(graph);
    expect(found.map((c) => c.join(' -> ')), 'import cycles').to.deep.equal([]);
  });

  it('reads every form of import, and none in comments or strings', () => {
    const src = [
      "import a from './a.js';", "import type { B } from './b.js';", "import './c.js';", "import\n  './d.js';",
      "export * from './e.js';", "export { f } from './f.js';", "export type { G } from './g.js';",
      "const h = await import('./h.js');", "const i = require('./i.js');",
      "// import './comment.js';", "const s = \"import './string.js'\";", 'const t = `import \'./template.js\'`;',
    ].join('\n');
    expect(specifiers(src)).to.deep.equal(['./a.js', './b.js', './c.js', './d.js', './e.js', './f.js', './g.js', './h.js', './i.js']);
  });

  it('finds cycles and only cycles', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']], ['e', ['e']], ['f', []]]);
    expect(cycles(graph)).to.deep.equal([['a', 'b', 'c'], ['e']]);
  });
});
