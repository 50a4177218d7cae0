// The content-type builder's API, Strapi 5's paths: GET /content-type-builder/schema, POST
// /content-type-builder/update-schema and GET /content-type-builder/update-schema-status, admin
// routes under plugin::content-type-builder.read as in Strapi. An update writes the schema files
// through the generator's code and records renames in renames.json; `strata develop` starts the
// server again on them, and that start's schema sync applies the renames before its diff. Writing
// is refused unless the server runs under develop (server.autoReload) outside production: a
// production server's files are the deployed ones, and no restart would load a change.

import {
  appendRenames, ConflictError, isKernelError, PolicyError, ValidationError, writeSchemaChanges,
  type OperationDefinition, type PluginApi, type RequestContext, type RouteTable,
} from '../../../core/index.js';
import { PLUGIN_NAME } from '../models.js';
import { planUpdate } from './plan.js';
import { readUpdateSchema } from './request.js';
import { schemaView } from './schema-view.js';

export const CTB = {
  read: 'plugin::content-type-builder.read',
  /** Named apart from the permission it needs (read, as in Strapi: ALIASES). */
  updateSchema: 'plugin::content-type-builder.update-schema',
  status: 'plugin::content-type-builder.update-schema-status',
} as const;

/** Strapi's words when autoReload is off. */
export const NOT_DEVELOPMENT = 'Content-Type Builder modifications are disabled in production mode. Schema changes can only be made when running with autoReload enabled (strapi develop).';

export function contentTypeBuilderOperations(api: PluginApi): OperationDefinition[] {
  // Set by a write and never cleared: the process that wrote is about to be replaced (develop
  // restarts on the files), and a second write before that would be planned against files the
  // running server has not loaded
  let updating = false;
  const writes = () => api.config.server.environment !== 'production' && api.config.server.autoReload === true && !!api.contentTypesDir;
  const op = (name: string, kind: 'read' | 'write', description: string, run: OperationDefinition['run']): OperationDefinition =>
    ({ name, owner: PLUGIN_NAME, kind, params: [], realm: 'admin', description, run });
  return [
    op(CTB.read, 'read', 'The content types and components, as the content-type builder edits them', async () =>
      schemaView(api.contentTypesDir, api.registry)),
    // canUpdate (ours): whether this server writes at all, so a panel shows itself read-only
    // rather than find out by a refused write
    op(CTB.status, 'read', 'Whether a schema update waits for the restart that loads it, and whether this server writes', async () => ({ isUpdating: updating, canUpdate: writes() })),
    op(CTB.updateSchema, 'write', 'Creates, changes, renames and deletes content types, components and attributes in the schema files', async (input) => {
      const dir = api.contentTypesDir;
      if (!writes() || !dir) throw new PolicyError(NOT_DEVELOPMENT);
      if (updating) throw new ConflictError('Schema update is already in progress.');
      const request = readUpdateSchema(input.body);
      const plan = await planUpdate(request, { dir, rowsHolding: (uid, attribute) => api.rowsHolding(uid, attribute), stores: api.registry.contentTypes() });
      try {
        // Files first, validated together before any is written; then the renames, which the
        // restart applies before it creates what the new files describe
        writeSchemaChanges(dir, plan.changes);
      } catch (err) {
        if (isKernelError(err) && err.code === 'SCHEMA_ERR_INVALID') throw new ValidationError(err.message);
        throw err;
      }
      appendRenames(dir, plan.renames);
      updating = plan.changes.write.size > 0 || plan.changes.remove.size > 0;
      api.logger.info(`content-type builder: wrote ${plan.changes.write.size} and removed ${plan.changes.remove.size} schema file(s)` +
        `${plan.renames.length ? `, recorded ${plan.renames.length} rename(s)` : ''}; develop starts the server again on them`);
      return {
        contentTypes: plan.touched.contentTypes,
        components: plan.touched.components,
        renames: plan.renames.map(({ id, kind, model, from, to }) => ({ id, kind, ...(model ? { model } : {}), from, to })),
        losses: plan.losses,
      };
    }),
  ];
}

const data = (ctx: RequestContext, output: unknown) => { ctx.body = { data: output }; };

export function addContentTypeBuilderRoutes(routes: RouteTable): void {
  const tags = ['Admin: content-type builder'];
  routes.addOperation({ method: 'GET', path: '/content-type-builder/schema', operation: CTB.read, respond: data, doc: { summary: 'Every content type and component, as the builder edits them', tags } });
  routes.addOperation({
    method: 'POST', path: '/content-type-builder/update-schema', operation: CTB.updateSchema, scope: [CTB.read],
    input: (ctx) => ({ body: (ctx.request as { body?: unknown }).body }), respond: data,
    doc: { summary: 'Write schema changes (development only; renames keep data)', tags, errors: [400, 403, 409] },
  });
  routes.addOperation({ method: 'GET', path: '/content-type-builder/update-schema-status', operation: CTB.status, scope: [CTB.read], respond: data, doc: { summary: 'Whether an update waits for the restart', tags } });
}
