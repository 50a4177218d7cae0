// The outbox's tables. An event row holds the body every receiver gets, exactly as recorded in the
// write's transaction; a delivery row is one receiver's copy of it, and is the delivery log.

import { DELIVERIES_TABLE, EVENTS_TABLE, indexName, WEBHOOKS_TABLE } from './naming.js';
import type { TableDef } from './physical.js';

export function outboxTables(): TableDef[] {
  return [
    {
      name: WEBHOOKS_TABLE,
      describes: 'webhooks',
      columns: [
        { name: 'id', type: 'increments', nullable: false },
        { name: 'name', type: 'string', nullable: false },
        { name: 'url', type: 'text', nullable: false },
        { name: 'events', type: 'text', nullable: false },
        { name: 'headers', type: 'text', nullable: false },
        // Signs the bodies: it must be read back, so it is stored as given and never answered
        { name: 'secret', type: 'text', nullable: true },
        { name: 'enabled', type: 'boolean', nullable: false },
        { name: 'created_at', type: 'biginteger', nullable: false },
        { name: 'updated_at', type: 'biginteger', nullable: false },
      ],
      indexes: [{ name: indexName(WEBHOOKS_TABLE, ['name'], 'uq'), columns: ['name'], unique: true, expected: [1] }],
    },
    {
      name: EVENTS_TABLE,
      describes: 'recorded document events',
      columns: [
        { name: 'id', type: 'increments', nullable: false },
        { name: 'name', type: 'string', nullable: false },
        { name: 'uid', type: 'string', nullable: false },
        { name: 'document_id', type: 'string', nullable: false },
        { name: 'body', type: 'text', nullable: false },
        { name: 'created_at', type: 'biginteger', nullable: false },
      ],
      indexes: [{ name: indexName(EVENTS_TABLE, ['created_at'], 'idx'), columns: ['created_at'], unique: false, expected: [1] }],
    },
    {
      name: DELIVERIES_TABLE,
      describes: 'webhook deliveries',
      columns: [
        { name: 'id', type: 'increments', nullable: false },
        // What the receiver sees in X-Strata-Delivery: the same on every try
        { name: 'delivery_id', type: 'string', nullable: false },
        { name: 'event_id', type: 'integer', nullable: false, references: EVENTS_TABLE },
        { name: 'receiver', type: 'string', nullable: false },
        // uid and documentId: a receiver gets one document's events in commit order
        { name: 'document_key', type: 'string', nullable: false },
        { name: 'status', type: 'string', nullable: false },
        { name: 'attempts', type: 'integer', nullable: false },
        { name: 'next_at', type: 'biginteger', nullable: false },
        { name: 'lease_until', type: 'biginteger', nullable: true },
        // Who holds the lease: only the holder may write how the delivery went
        { name: 'lease_id', type: 'string', nullable: true },
        { name: 'last_status', type: 'integer', nullable: true },
        { name: 'last_error', type: 'text', nullable: true },
        { name: 'updated_at', type: 'biginteger', nullable: false },
      ],
      indexes: [
        { name: indexName(DELIVERIES_TABLE, ['delivery_id'], 'uq'), columns: ['delivery_id'], unique: true, expected: [1] },
        { name: indexName(DELIVERIES_TABLE, ['receiver', 'status', 'next_at'], 'idx'), columns: ['receiver', 'status', 'next_at'], unique: false, expected: [100, 100, 1] },
        { name: indexName(DELIVERIES_TABLE, ['receiver', 'document_key', 'event_id'], 'idx'), columns: ['receiver', 'document_key', 'event_id'], unique: false, expected: [100, 2, 1] },
        { name: indexName(DELIVERIES_TABLE, ['event_id'], 'idx'), columns: ['event_id'], unique: false, expected: [1] },
        { name: indexName(DELIVERIES_TABLE, ['updated_at'], 'idx'), columns: ['updated_at'], unique: false, expected: [1] },
      ],
    },
  ];
}
