import type { Env } from 'strata-cms';

// What each users-permissions role may do, synced to the database at every start: roles named
// here get exactly these actions (plus the plugin's defaults, such as users.me for authenticated).
// A content type's actions are api::<name>.<name>.find, findOne, create, update and delete; so,
// once content-types/recipe.json exists, anyone may read recipes with
//   public: ['api::recipe.recipe.find', 'api::recipe.recipe.findOne'],
// A start with an action that does not exist fails and names it.
export default (env: Env) => {
  const locales = env.bool('I18N', true) ? ['plugin::i18n.locales.listLocales'] : [];
  return {
    public: [...locales],
    authenticated: [...locales],
  };
};
