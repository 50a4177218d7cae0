// prepack: copies the shared creator and the app template (its config included) from the
// framework's checkout, so the published package holds them and the repository keeps one copy
// (scripts/, core/cli/template/).
import { cpSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
rmSync(join(here, 'template'), { recursive: true, force: true });
cpSync(join(root, 'core', 'cli', 'template'), join(here, 'template'), { recursive: true });
cpSync(join(root, 'scripts', 'create-app.mjs'), join(here, 'create-app.mjs'));

