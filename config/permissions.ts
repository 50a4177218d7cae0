import type { Env } from 'strata-cms';

// What each users-permissions role may do, synced to the database at every start: roles named
// here get exactly these actions (plus the plugin's defaults, such as users.me for authenticated).
// Roles not named keep what the REST role endpoints gave them.
const READ = ['api::article.article', 'api::category.category', 'api::author.author']
  .flatMap((uid) => [`${uid}.find`, `${uid}.findOne`])
  .concat('api::global.global.find');

export default (env: Env) => {
  // Only actions that exist: the locales route is there when i18n is enabled
  const read = env.bool('I18N', true) ? [...READ, 'plugin::i18n.locales.listLocales'] : READ;
  // Signed-in users may add files to the media library and attach them to articles they may update
  const upload = env.bool('UPLOAD', true)
    ? ['plugin::upload.content-api.upload', 'plugin::upload.content-api.find', 'plugin::upload.content-api.findOne']
    : [];
  return {
    public: read,
    authenticated: [
      ...read,
      'api::article.article.create',
      'api::article.article.update',
      ...upload,
    ],
  };
};
