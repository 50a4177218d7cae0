// Core's operations for every content type: find, findOne, create, update, delete on a collection
// type; find, update, delete on a single type. They call the document service as the content API
// (private fields stay out, the caller's ability limits what queries reach).

import type { DocumentApi } from '../documents/api.js';
import { requireDocumentId } from '../documents/document-id.js';
import type { DocumentParams } from '../documents/types.js';
import type { ParamRegistry } from '../params/registry.js';
import type { ContentType } from '../registry/types.js';
import type { CoreContentAction } from './content-api.js';
import type { OperationRegistry } from './registry.js';
import type { OperationCall, OperationDefinition, OperationInput } from './types.js';

/** The actions of a content type's operations, by name (`<uid>.<action>`): core's five, and those
 *  plugins add by merging (draft-and-publish's publish), so code naming an action (GraphQL's
 *  shadowCRUD(uid).disableAction) does not compile with a misspelt one. */
export interface ContentActions {
  find: true;
  findOne: true;
  create: true;
  update: true;
  delete: true;
}

export type ContentAction = keyof ContentActions & string;

export interface ContentOperationDeps {
  documents(uid: string): DocumentApi;
  params: ParamRegistry;
}

/** Defines the operations of a content type the content API serves, for `actions` (by default
 *  all of its kind: find, findOne, create, update, delete; a single type's find, update, delete). */
export function defineContentOperations(operations: OperationRegistry, ct: ContentType, deps: ContentOperationDeps, actions?: readonly CoreContentAction[]): void {
  const docs = () => deps.documents(ct.uid);
  const define = (action: CoreContentAction, kind: 'read' | 'write', description: string, run: OperationDefinition['run']): void => {
    if (actions && !actions.includes(action)) return;
    operations.define({
      name: `${ct.uid}.${action}`, owner: 'core', contentType: ct.uid, kind, description,
      params: deps.params.namesFor(ct, action), run,
    });
  };
  const what = ct.info.displayName;
  if (ct.kind === 'collectionType') {
    define('find', 'read', `A page of ${what} documents`, (input, call) => docs().findPage(asContentApi(input, call)));
    define('findOne', 'read', `One ${what} document`, (input, call) => docs().findOne({ ...asContentApi(input, call), documentId: requireDocumentId(input) }));
    define('create', 'write', `Creates a ${what} document`, (input, call) => docs().create({ ...asContentApi(input, call), data: input.data }));
    define('update', 'write', `Updates a ${what} document`, (input, call) => docs().update({ ...asContentApi(input, call), documentId: requireDocumentId(input), data: input.data }));
    define('delete', 'write', `Deletes a ${what} document`, (input, call) => docs().delete({ ...asContentApi(input, call), documentId: requireDocumentId(input) }));
    return;
  }
  define('find', 'read', `The ${what} document`, (input, call) => docs().findFirst(asContentApi(input, call)));
  define('update', 'write', `Creates or updates the ${what} document`, async (input, call) => {
    // The single type's one document: update it if it exists (in any version), create it otherwise
    const documentId = await docs().firstDocumentId();
    const params = { ...asContentApi(input, call), data: input.data };
    return documentId ? docs().update({ ...params, documentId }) : docs().create(params);
  });
  define('delete', 'write', `Deletes the ${what} document`, async (input, call) => {
    const documentId = await docs().firstDocumentId();
    return documentId ? docs().delete({ ...asContentApi(input, call), documentId }) : null;
  });
}

/** The input's parameters as a content-API call of the document service, by this caller. */
export function asContentApi(input: OperationInput, call: OperationCall): DocumentParams {
  return { ...input.params, source: 'content-api', auth: call.auth };
}
