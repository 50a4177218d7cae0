import type { PluginsConfigFile } from 'strata-cms';
import permissions from './permissions.js';

// First-party plugins by name ({ enabled, config }); custom plugins add `resolve: './path'`.
export default ((env) => ({
  'draft-and-publish': { enabled: env.bool('DRAFT_AND_PUBLISH', true) },
  i18n: {
    enabled: env.bool('I18N', true),
    config: {
      locales: env.array('LOCALES', ['en', 'fr']),
      defaultLocale: env('DEFAULT_LOCALE', 'en'),
    },
  },
  graphql: {
    enabled: env.bool('GRAPHQL', true),
    config: { endpoint: '/graphql', depthLimit: env.int('GRAPHQL_DEPTH_LIMIT', 10), amountLimit: env.int('GRAPHQL_AMOUNT_LIMIT', 100) },
  },
  // The OpenAPI document at /api/openapi.json and its reference page at /api/docs, in development
  // (docs/openapi.md)
  openapi: { enabled: env.bool('OPENAPI', true) },
  // Media library: files under public/uploads, served at /uploads (docs/upload.md)
  upload: {
    enabled: env.bool('UPLOAD', true),
    config: {
      sizeLimit: env.int('UPLOAD_SIZE_LIMIT', 200 * 1024 * 1024),
      requestSizeLimit: env.int('UPLOAD_REQUEST_SIZE_LIMIT', 500 * 1024 * 1024),
    },
  },
  // The admin panel at /admin and its API (docs/admin.md): administrators, their roles and
  // sessions, the content manager. ADMIN=false turns both off
  admin: {
    enabled: env.bool('ADMIN', true),
    config: {
      // Required in production; in development one is generated into .tmp/admin-jwt-secret
      auth: { secret: env('ADMIN_JWT_SECRET') },
      url: env('ADMIN_URL', 'http://localhost:1337/admin'),
    },
  },
  'users-permissions': {
    enabled: env.bool('USERS_PERMISSIONS', true),
    config: {
      // Required in production; in development one is generated into .tmp/jwt-secret.
      jwt: { secret: env('JWT_SECRET'), expiresIn: env('JWT_EXPIRES_IN', '30d') },
      permissions: permissions(env),
      resetPasswordUrl: env('RESET_PASSWORD_URL', 'http://localhost:3000/reset-password'),
      serverUrl: env('PUBLIC_URL', 'http://localhost:1337'),
    },
  },
})) satisfies PluginsConfigFile;
