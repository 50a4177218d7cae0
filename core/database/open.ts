// Opens a kernel's database: connects, syncs the schema the registry implies, binds the models.
// On failure nothing stays open.

import type { Knex } from 'knex';
import type { DatabaseConfig } from '../config/types.js';
import type { Logger } from '../log/logger.js';
import type { ModelRegistry } from '../registry/model-registry.js';
import { createConnection, preparePg } from './connection.js';
import { buildModels, type ModelClass } from './models.js';
import { buildPhysicalSchema } from './physical.js';
import { syncSchema, type SyncReport } from './sync.js';

export interface OpenDatabase {
  knex: Knex;
  sync: SyncReport;
  models: Map<string, ModelClass>;
}

export async function openDatabase(config: DatabaseConfig, registry: ModelRegistry, appDir: string, logger: Logger): Promise<OpenDatabase> {
  if (config.client === 'postgres') await preparePg();
  const knex = createConnection(config, appDir);
  try {
    const sync = await syncSchema(knex, buildPhysicalSchema(registry), logger);
    return { knex, sync, models: buildModels(registry, knex) };
  } catch (err) {
    await knex.destroy();
    throw err;
  }
}
