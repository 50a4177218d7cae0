import type { Env } from '../core/index.js';

// First-party plugins by name ({ enabled, config }); custom plugins add `resolve: './path'`.
export default (env: Env) => ({
  'draft-and-publish': { enabled: env.bool('DRAFT_AND_PUBLISH', true) },
  i18n: {
    enabled: env.bool('I18N', true),
    config: {
      locales: env.array('LOCALES', ['en', 'fr']),
      defaultLocale: env('DEFAULT_LOCALE', 'en'),
    },
  },
});
