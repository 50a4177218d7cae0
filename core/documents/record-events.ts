// The end of a write's transaction: each of its events that has receivers is recorded in the
// outbox with the entry as it stands now, read in the same transaction.

import { entryShape } from '../events/entry.js';
import { carriesIdentityOnly, eventName } from '../events/names.js';
import type { Outbox, RecordedEvent } from '../events/outbox.js';
import type { DocumentApi } from './api.js';
import type { DocumentEvent } from './types.js';
import type { WriteContext } from './write-context.js';

/** True when something was recorded (the dispatcher has work once the transaction commits). */
export async function recordEvents(outbox: Outbox, wc: WriteContext, documents: (uid: string) => DocumentApi): Promise<boolean> {
  const recorded: RecordedEvent[] = [];
  for (const event of wc.events) {
    const name = eventName(event.action);
    const receivers = name ? outbox.receiversFor(name, event.uid) : [];
    if (!name || !receivers.length) continue;
    const model = wc.registry.contentType(event.uid);
    const entry = await entryOf(event, documents(event.uid), wc);
    const body = JSON.stringify({ event: name, createdAt: new Date(wc.now).toISOString(), model: model.singularName, uid: event.uid, entry });
    recorded.push({ name, uid: event.uid, documentId: event.documentId, body, receivers });
  }
  if (!recorded.length) return false;
  await outbox.record(wc.trx, wc.dialect, recorded);
  return true;
}

async function entryOf(event: DocumentEvent, api: DocumentApi, wc: WriteContext): Promise<Record<string, unknown>> {
  const locale = typeof event.params.locale === 'string' && event.params.locale !== '*' ? event.params.locale : undefined;
  if (carriesIdentityOnly(event.action)) return { documentId: event.documentId, ...(locale ? { locale } : {}) };
  const shape = entryShape(wc.registry.contentType(event.uid), wc.registry);
  const doc = await api.findOne({
    documentId: event.documentId, ...shape,
    ...(locale ? { locale } : {}),
    ...(event.action === 'publish' ? { status: 'published' } : {}),
  });
  return doc ?? { documentId: event.documentId, ...(locale ? { locale } : {}) };
}
