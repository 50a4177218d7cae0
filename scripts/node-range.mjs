// The Node.js lines Strata supports, read from package.json's engines (the one place they are
// written), and a check of a version against them.
import { readFileSync } from 'node:fs';

export const SUPPORTED_NODE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;

/** Whether `version` (x.y.z) satisfies `range`, written as alternatives of `^X.Y.Z` and `>=X.Y.Z`. */
export function satisfies(version, range = SUPPORTED_NODE) {
  const [major, minor, patch] = version.split('.').map(Number);
  const at = (v) => v.split('.').map(Number);
  const atLeast = ([a, b, c]) => (major !== a ? major > a : minor !== b ? minor > b : patch >= c);
  return range.split('||').map((s) => s.trim()).some((alt) => {
    if (alt.startsWith('^')) { const v = at(alt.slice(1)); return major === v[0] && atLeast(v); }
    if (alt.startsWith('>=')) return atLeast(at(alt.slice(2)));
    throw new Error(`package.json engines.node: cannot read "${alt}"`);
  });
}
