// The sync phase: the database, opened and synced, and the services over it (documents, API
// tokens).

import { ApiTokenService } from '../api-tokens/service.js';
import type { KernelConfig } from '../config/types.js';
import type { ModelClass } from '../database/models.js';
import { openDatabase } from '../database/open.js';
import type { DatabaseLocks } from '../database/locks.js';
import type { Rename } from '../database/renames.js';
import type { Maintenance } from '../database/statistics.js';
import type { SyncReport } from '../database/sync.js';
import type { DocumentActionDefinition } from '../documents/api.js';
import { DocumentService } from '../documents/service.js';
import type { Outbox } from '../events/outbox.js';
import type { Logger } from '../log/logger.js';
import type { ParamRegistry } from '../params/registry.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { Knex } from 'knex';
import type { KernelHooks } from './hooks.js';

export interface Opened {
  knex: Knex;
  locks: DatabaseLocks;
  maintenance: Maintenance;
  sync: SyncReport;
  models: Map<string, ModelClass>;
  documents: DocumentService;
  apiTokens: ApiTokenService;
}

export interface OpenDeps {
  config: KernelConfig;
  registry: ModelRegistry;
  params: ParamRegistry;
  hooks: KernelHooks;
  logger: Logger;
  appDir: string;
  salt: string;
  actions: ReadonlyMap<string, DocumentActionDefinition>;
  knownActions(): Set<string>;
  outbox: Outbox;
  /** The renames file's list, applied before the schema diff. */
  renames: readonly Rename[];
}

export async function open(deps: OpenDeps): Promise<Opened> {
  const { config, registry, logger } = deps;
  const { knex, sync, models, maintenance, insertReturning, locks, uniqueKeys } = await openDatabase(config.database, registry, deps.appDir, logger, deps.renames);
  const dialect = config.database.client;
  const documents = new DocumentService({
    knex, dialect, registry, hooks: deps.hooks, rest: config.api.rest, logger, actions: deps.actions, afterBulkWrite: (inserted) => maintenance.afterBulkWrite(inserted), insertReturning, uniqueKeys, outbox: deps.outbox,
    refKeys: deps.params.relationRefKeys().map((p) => ({ name: p.name, schema: p.schema, identifies: p.relationRef!.identifies })),
  });
  const apiTokens = new ApiTokenService({ knex, dialect, salt: deps.salt, registry, knownActions: deps.knownActions, logger });
  return { knex, locks, maintenance, sync, models, documents, apiTokens };
}
