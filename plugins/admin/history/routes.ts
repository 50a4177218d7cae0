// The routes of history and the audit log: Strapi 5's /content-manager/history-versions (each
// operation checks the permission of the content type it names) and Strapi EE's /admin/audit-logs
// (admin::audit-logs.read), with the operation that reads the log.

import {
  NotFoundError, ValidationError, type OperationDefinition, type RequestContext, type RouteTable,
} from '../../../core/index.js';
import type { AdminContext } from '../context.js';
import { recordOperation } from '../operation.js';
import { pageOf } from '../page-query.js';
import { auditAnswer } from './audit-log.js';
import { AUDIT_UID } from './models.js';
import { HISTORY } from './versions.js';

export const AUDIT_LOGS = { find: 'admin::audit-logs.read', findOne: 'admin::audit-logs.read-one' } as const;

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
/** What a log may be sorted by. */
const SORTABLE = new Set(['date', 'action', 'id']);

/** Strapi EE's filters (action, date, user.id) as the log's own attributes. */
function filtersOf(raw: unknown): Raw | undefined {
  if (raw === undefined) return undefined;
  if (!isObject(raw)) throw ValidationError.fromFields([{ path: ['filters'], message: 'filters must be an object', name: 'ValidationError' }]);
  const out: Raw = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'action' || key === 'date') out[key] = value;
    else if (key === 'user' && isObject(value) && Object.keys(value).every((k) => k === 'id')) out.userId = value.id;
    else throw ValidationError.fromFields([{ path: ['filters', key], message: 'The audit log is filtered by action, date and user.id', name: 'ValidationError' }]);
  }
  return out;
}

function sortOf(raw: unknown): string {
  if (raw === undefined) return 'date:desc';
  const parts = typeof raw === 'string' ? raw.split(':') : [];
  const [field, order = 'asc'] = parts;
  if (parts.length > 2 || !field || !SORTABLE.has(field) || !/^(asc|desc)$/i.test(order)) {
    throw ValidationError.fromFields([{ path: ['sort'], message: 'sort must be date, action or id, :asc or :desc', name: 'ValidationError' }]);
  }
  return `${field}:${order.toLowerCase()}`;
}

export function auditOperationsList(admin: AdminContext): OperationDefinition[] {
  const docs = () => admin.api.documents(AUDIT_UID);
  return [
    recordOperation(AUDIT_LOGS.find, 'read', 'A page of the audit log, newest first', async ({ body: query }) => {
      const { page, pageSize } = pageOf(query);
      const filters = filtersOf(query.filters);
      const { results, pagination } = await docs().findPage({ ...(filters ? { filters } : {}), sort: [sortOf(query.sort), 'id:desc'], pagination: { page, pageSize } });
      return { results: results.map(auditAnswer), pagination };
    }),
    recordOperation(AUDIT_LOGS.findOne, 'read', 'One entry of the audit log', async ({ id }) => {
      const n = Number(id);
      const [entry] = Number.isSafeInteger(n) && n > 0 ? await docs().findMany({ filters: { id: { $eq: n } }, pagination: { limit: 1, withCount: false } }) : [];
      if (!entry) throw new NotFoundError('Not Found');
      return auditAnswer(entry);
    }),
  ];
}

const bodyOf = (ctx: RequestContext) => (ctx.request as { body?: unknown }).body;

export function addHistoryRoutes(routes: RouteTable): void {
  const tags = ['Admin: history'];
  routes.addOperation({
    method: 'GET', path: '/content-manager/history-versions', operation: HISTORY.find, scope: false,
    query: ['contentType', 'documentId', 'locale', 'page', 'pageSize'],
    input: (ctx) => ({ body: ctx.state.query ?? {} }),
    respond: (ctx, output) => { ctx.body = output; },
    doc: { summary: 'A document\'s versions in one locale, newest first (the state before each write)', tags, errors: [404] },
  });
  routes.addOperation({
    method: 'PUT', path: '/content-manager/history-versions/:id/restore', operation: HISTORY.restore, scope: false,
    input: (ctx) => ({ id: String((ctx.params as Record<string, string>).id ?? ''), body: bodyOf(ctx) ?? {} }),
    respond: (ctx, output) => { ctx.body = output; },
    doc: { summary: 'Write a version back into the draft; links to what no longer exists are reported in meta.missingRelations', tags, errors: [404] },
  });
  const audit = ['Admin: audit log'];
  routes.addOperation({
    method: 'GET', path: '/admin/audit-logs', operation: AUDIT_LOGS.find, query: ['page', 'pageSize', 'sort', 'filters'],
    input: (ctx) => ({ body: ctx.state.query ?? {} }),
    respond: (ctx, output) => { ctx.body = output; },
    doc: { summary: 'A page of the audit log: filters[action], filters[date], filters[user][id]; sort=date:desc', tags: audit },
  });
  routes.addOperation({
    method: 'GET', path: '/admin/audit-logs/:id', operation: AUDIT_LOGS.findOne, scope: [AUDIT_LOGS.find],
    input: (ctx) => ({ id: String((ctx.params as Record<string, string>).id ?? '') }),
    respond: (ctx, output) => { ctx.body = { data: output }; },
    doc: { summary: 'One entry of the audit log', tags: audit, errors: [404] },
  });
}
