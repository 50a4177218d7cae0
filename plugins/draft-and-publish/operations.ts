// publish, unpublish and discard-draft as operations of every draft-and-publish content type the
// content API serves (api:: types and plugins' served ones), and readDraft among the permission
// actions reads may check.

import { asContentApi, type Doc, type DocumentParams, type OperationRegistry, type PluginApi } from '../../core/index.js';
import { DRAFT_READ_GRANTED, DRAFT_READ_REFUSED, hasDraftAndPublish, PLUGIN_NAME } from './status.js';

export const ACTIONS = [
  { path: 'publish', action: 'publish', what: 'Publishes the draft' },
  { path: 'unpublish', action: 'unpublish', what: 'Removes the published version' },
  { path: 'discard-draft', action: 'discardDraft', what: 'Resets the draft to the published version' },
] as const;

declare module '../../core/index.js' {
  interface ContentActions { publish: true; unpublish: true; discardDraft: true }
  interface DocumentEventActions { publish: true; unpublish: true; discardDraft: true }
  /** Strapi 5's verbs of the document service (also `action('publish', params)`), on every
   *  content type with draftAndPublish; on another they throw, naming it. */
  interface DocumentApi {
    /** Copies the draft (of `locale`, or the default one) to the published version; null when
     *  there is no draft. Answers with the published version. */
    publish(params: DocumentParams & { documentId: string }): Promise<Doc | null>;
    /** Removes the published version; null when there is none. */
    unpublish(params: DocumentParams & { documentId: string }): Promise<{ documentId: string } | null>;
    /** Resets the draft to the published version; null when the document does not exist, a 400
     *  when it was never published. Answers with the draft. */
    discardDraft(params: DocumentParams & { documentId: string }): Promise<Doc | null>;
  }
}

export function defineOperations(api: PluginApi, operations: OperationRegistry): void {
  for (const ct of api.contentApi.types()) {
    // Any read can reach drafts with status=draft, through populate if not at its root. The
    // document service checks readDraft for every caller (query.ts); the read operations check it
    // first too, before the query is compiled, so a caller without it hears 403, not what is
    // wrong with the rest of the query
    for (const read of ['find', 'findOne']) {
      const name = `${ct.uid}.${read}`;
      if (!operations.has(name)) continue;
      operations.update(name, (op) => ({
        ...op,
        extraActions: [...op.extraActions ?? [], `${ct.uid}.readDraft`],
        run: async (input, call) => {
          if (input.params?.status !== 'draft') return op.run(input, call);
          await api.authorize(call.auth, `${ct.uid}.readDraft`, { uid: ct.uid }, DRAFT_READ_REFUSED);
          // Checked: the document service need not ask again for this call
          return op.run({ ...input, params: { ...input.params, state: { [DRAFT_READ_GRANTED]: true } } }, call);
        },
      }));
    }
    // A type served read-only (a plugin's, served without update) is not published through it
    if (!hasDraftAndPublish(ct) || !operations.has(`${ct.uid}.update`)) continue;
    for (const { action, what } of ACTIONS) {
      operations.define({
        name: `${ct.uid}.${action}`, owner: PLUGIN_NAME, contentType: ct.uid, kind: 'write',
        description: `${what} of a ${ct.info.displayName} document`,
        params: api.params.namesFor(ct, action),
        run: async (input, call) => {
          const docs = api.documents(ct.uid);
          const documentId = ct.kind === 'singleType' ? await docs.firstDocumentId() : input.documentId;
          return documentId ? docs.action(action, { ...asContentApi(input, call), documentId }) : null;
        },
      });
    }
  }
}
