// `npm run token -- create|list|revoke`: like `npm start`, builds dist/ when stale, then runs the
// compiled command with plain node.
import './node-check.mjs';
import { builtEntry } from './build-if-stale.mjs';

await import(builtEntry('core/cli/token.js'));
