// Refuses to run on a Node.js line outside package.json's engines (the maintained lines), with a
// message that names them, instead of letting the SQLite driver's native code crash later.
import { SUPPORTED_NODE, satisfies } from './node-range.mjs';

if (!satisfies(process.versions.node)) {
  process.stderr.write(`Strata needs a maintained Node.js line (${SUPPORTED_NODE}); this is Node ${process.versions.node}.\n`
    + 'See README.md, "Node.js".\n');
  process.exit(1);
}
