// `npm start`: compiles with tsc when the compiled output is missing or older than any source
// file, then runs the compiled server with plain node (no dev-time transpiler).
import './node-check.mjs';
import { builtEntry } from './build-if-stale.mjs';

await import(builtEntry('core/cli/start.js'));
