// How the admin plugin defines its operations: in the admin realm, each given what its routes
// pass it. Three inputs serve every operation: a body (sign-in flows), an id and a body (users,
// roles) with the query's parameters, and the content manager's request (its uid and query).

import type { Body, OperationCall, OperationDefinition, OperationInput } from '../../core/index.js';
import { PLUGIN_NAME } from './models.js';

export type Kind = 'read' | 'write';
type Run<I> = (input: I, call: OperationCall) => Promise<unknown>;

/** What a content-manager route hands its operation: the content type, and the query string as parsed. */
export interface CmInput { uid: string; query: Record<string, unknown>; documentId?: string; field?: string; data?: unknown }

export interface RecordInput { id?: string; body: Body; query: Record<string, unknown> }

function define<I>(name: string, kind: Kind, description: string, from: (input: OperationInput) => I, run: Run<I>, extra: Partial<OperationDefinition> = {}): OperationDefinition {
  return { name, owner: PLUGIN_NAME, kind, params: [], realm: 'admin', description, ...extra, run: (input, call) => run(from(input), call) };
}

/** An operation on a record (an administrator, a role, a token): its id, the body and the query. */
export function recordOperation(name: string, kind: Kind, description: string, run: Run<RecordInput>, extra?: Partial<OperationDefinition>): OperationDefinition {
  return define(name, kind, description, (input) => ({
    ...(input.id !== undefined ? { id: input.id } : {}), body: (input.body ?? {}) as Body, query: input.params ?? {},
  }), run, extra);
}

/** A content-manager operation: the route hands it the content type's uid and the query. */
export function contentManagerOperation(name: string, kind: Kind, description: string, run: Run<CmInput>): OperationDefinition {
  return define(name, kind, description, (input) => input.body as CmInput, run);
}
