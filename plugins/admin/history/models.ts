// Where content history and the audit log are kept: two plugin models of the admin (no content-API
// route, GraphQL type or OpenAPI schema is made for them), written through the document service so
// that a version joins its write's transaction. Strapi's table names; their columns are this
// project's own (a database migrated from Strapi's paid plans keeps its rows, unread).

import type { ModelRegistry } from '../../../core/index.js';
import { PLUGIN_NAME } from '../models.js';

export const HISTORY_UID = 'admin::history-version';
export const AUDIT_UID = 'admin::audit-log';

export function addHistoryModels(registry: ModelRegistry): void {
  const fixed = { configurable: false } as const;
  registry.addContentType({
    kind: 'collectionType',
    collectionName: 'strapi_history_versions',
    info: { singularName: 'history-version', pluralName: 'history-versions', displayName: 'History version' },
    options: { draftAndPublish: false },
    attributes: {
      contentType: { type: 'string', required: true, ...fixed },
      relatedDocumentId: { type: 'string', required: true, ...fixed },
      locale: { type: 'string', ...fixed },
      /** The version the write changed: draft or published (null: a type without drafts). */
      status: { type: 'string', ...fixed },
      /** The write: create, update, publish, unpublish, discard, delete, restore. */
      action: { type: 'string', required: true, ...fixed },
      /** The state before the write (null for a create), private attributes left out. */
      data: { type: 'json', ...fixed },
      /** The attributes when it was recorded, so a later schema's changes can be told apart. */
      schema: { type: 'json', ...fixed },
      actorKind: { type: 'string', required: true, ...fixed },
      actorId: { type: 'string', ...fixed },
      actorName: { type: 'string', ...fixed },
      /** The administrator, when one wrote (Strapi's created_by_id). */
      createdById: { type: 'integer', ...fixed },
    },
  }, {
    owner: PLUGIN_NAME, uid: HISTORY_UID, indexes: [['contentType', 'relatedDocumentId', 'locale', 'id'], ['createdAt']],
    // A document's versions follow its type's renames, and what they hold its attributes' (and its
    // components'): a restore writes back only the attributes the type still has. The schema's
    // outlines keep the uids they named then (they say what the attribute was)
    storedNames: [
      { attribute: 'contentType', holds: 'uid' },
      { attribute: 'data', holds: 'document', of: 'contentType' },
      { attribute: 'schema', holds: 'keys', of: 'contentType' },
    ],
  });
  registry.addContentType({
    kind: 'collectionType',
    collectionName: 'strapi_audit_logs',
    info: { singularName: 'audit-log', pluralName: 'audit-logs', displayName: 'Audit log' },
    options: { draftAndPublish: false },
    attributes: {
      action: { type: 'string', required: true, ...fixed },
      date: { type: 'datetime', required: true, ...fixed },
      payload: { type: 'json', ...fixed },
      /** The administrator who acted (kept as a number: the log outlives a deleted account). */
      userId: { type: 'integer', ...fixed },
      userName: { type: 'string', ...fixed },
      userEmail: { type: 'string', ...fixed },
      /** Who else acted (an API token, an end user, the system) when no administrator did. */
      actorKind: { type: 'string', ...fixed },
      ip: { type: 'string', maxLength: 64, ...fixed },
    },
  }, { owner: PLUGIN_NAME, uid: AUDIT_UID, indexes: [['date'], ['action', 'date'], ['userId', 'date']] });
}
