import type { Env } from '../core/index.js';

// First-party plugins by name ({ enabled, config }); custom plugins add `resolve: './path'`.
// None ship yet: i18n, draft-and-publish, users-permissions and graphql arrive as separate plugins.
export default (_env: Env) => ({});
