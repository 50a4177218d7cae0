// Core's own taps: API-token authentication (before any plugin's strategy), the ability verdict
// (after every plugin's authorize tap), the permission check on every relation a content-API query
// reaches, and no private field in what a content-API call answers.

import type { ApiTokenService } from '../api-tokens/service.js';
import { apiTokenStrategy } from '../api-tokens/strategy.js';
import { abilityVerdict, ABILITY_STAGE } from '../auth/verdict.js';
import { enforceAccessLimits, stripLimitedFields, type AccessLimitDeps } from '../documents/access-limits.js';
import { enforceQueryPermissions } from '../documents/query-permissions.js';
import { sanitizePrivateFields } from '../documents/sanitize.js';
import type { KernelHooks } from './hooks.js';
import { AUTH_STAGE, QUERY_STAGE } from './stages.js';

export function tapCore(hooks: KernelHooks, limits: AccessLimitDeps, apiTokens: () => ApiTokenService): void {
  const { registry } = limits;
  hooks.authenticate.tapPromise({ name: 'core', stage: AUTH_STAGE.API_TOKEN }, apiTokenStrategy(apiTokens));
  hooks.authorize.tap({ name: 'core', stage: ABILITY_STAGE }, abilityVerdict);
  hooks.beforeQuery.tap({ name: 'core', stage: QUERY_STAGE.SECURITY }, enforceQueryPermissions(registry));
  hooks.beforeQuery.tap({ name: 'core', stage: QUERY_STAGE.SECURITY }, enforceAccessLimits(limits));
  hooks.afterQuery.tap({ name: 'core', stage: QUERY_STAGE.SANITIZE }, stripLimitedFields);
  hooks.afterQuery.tap({ name: 'core', stage: QUERY_STAGE.SANITIZE }, sanitizePrivateFields(registry));
}
