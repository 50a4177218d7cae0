// The table API tokens live in, registered as a core-owned content type so that schema sync creates
// it on every dialect. Its uid is admin:: (not api::), so core builds no REST routes for it, and no
// permission names it: it is not reachable through the content API.

import type { ModelRegistry } from '../registry/model-registry.js';
import { API_TOKEN_TYPES } from './types.js';

export const API_TOKEN_UID = 'admin::api-token';
export const API_TOKEN_TABLE = 'strapi_api_tokens';

export function addApiTokenModel(registry: ModelRegistry): void {
  registry.addContentType({
    kind: 'collectionType',
    collectionName: API_TOKEN_TABLE,
    info: { singularName: 'api-token', pluralName: 'api-tokens', displayName: 'API Token' },
    options: { draftAndPublish: false },
    attributes: {
      name: { type: 'string', unique: true, required: true },
      description: { type: 'text' },
      type: { type: 'enumeration', enum: [...API_TOKEN_TYPES], required: true },
      // unique gives the column an index: every authenticated request looks a token up by it
      accessKey: { type: 'string', unique: true, private: true, required: true },
      lifespan: { type: 'integer' },
      expiresAt: { type: 'datetime' },
      lastUsedAt: { type: 'datetime' },
      permissions: { type: 'json' },
    },
    // A custom token's actions follow the builder's rename of their type
  }, { owner: 'core', uid: API_TOKEN_UID, storedNames: [{ attribute: 'permissions', holds: 'actions' }] });
}
