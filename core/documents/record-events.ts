// An event of a write, as the outbox records it when some receiver listens: its body, with the
// entry read at the moment of the event, in the write's transaction (a later change in the same
// transaction is its own event, with its own entry).

import { entryShape } from '../events/entry.js';
import { carriesIdentityOnly, entryKey, eventName } from '../events/names.js';
import type { Outbox, RecordedEvent } from '../events/outbox.js';
import type { DocumentApi } from './api.js';
import type { DocumentEvent } from './types.js';
import type { WriteContext } from './write-context.js';

/** Whether any receiver listens to this event (else nothing is read or recorded). */
export function hasReceivers(outbox: Outbox | undefined, event: DocumentEvent): boolean {
  const name = eventName(event.action, event.uid);
  return outbox !== undefined && name !== undefined && outbox.receiversFor(name, event.uid).length > 0;
}

export async function eventRecord(outbox: Outbox, wc: WriteContext, event: DocumentEvent, api: DocumentApi): Promise<RecordedEvent | undefined> {
  const name = eventName(event.action, event.uid);
  const receivers = name ? outbox.receiversFor(name, event.uid) : [];
  if (!name || !receivers.length) return undefined;
  const model = wc.registry.contentType(event.uid);
  const entry = await entryOf(event, api, wc);
  const createdAt = new Date().toISOString();
  // Strapi's media events hold the file alone: { event, createdAt, media }
  const body = JSON.stringify(entryKey(event.uid) === 'media'
    ? { event: name, createdAt, media: entry }
    : { event: name, createdAt, model: model.singularName, uid: event.uid, entry });
  return { name, uid: event.uid, documentId: event.documentId, body, receivers };
}

async function entryOf(event: DocumentEvent, api: DocumentApi, wc: WriteContext): Promise<Record<string, unknown>> {
  const locale = typeof event.params.locale === 'string' && event.params.locale !== '*' ? event.params.locale : undefined;
  if (carriesIdentityOnly(event.action, event.uid)) return { documentId: event.documentId, ...(locale ? { locale } : {}) };
  // Read before it went (keepsDeletedEntry)
  if (event.action === 'delete') return event.document ?? { documentId: event.documentId };
  const shape = entryShape(wc.registry.contentType(event.uid), wc.registry);
  const doc = await api.findOne({
    documentId: event.documentId, ...shape,
    ...(locale ? { locale } : {}),
    ...(event.action === 'publish' ? { status: 'published' } : {}),
  });
  return doc ?? { documentId: event.documentId, ...(locale ? { locale } : {}) };
}
