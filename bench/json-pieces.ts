// `npx tsx bench/json-pieces.ts`: JSON.stringify against jsonResponseBody (core/rest/json-response.ts)
// on pages of documents whose JSON is just under and just over 128 KiB, each then encoded as the
// socket would (UTF-8 bytes). Before V8 14 (Node 22 and 24), a value whose JSON passes 128 KiB
// serializes about fifteen times slower than the same value in pieces.

import { jsonResponseBody } from '../core/rest/json-response.js';

function page(documents: number): { data: unknown[]; meta: unknown } {
  const data = Array.from({ length: documents }, (_, i) => ({
    id: i, documentId: `doc${i.toString(36).padStart(20, '0')}`, name: `Restaurant ${i}`,
    description: 'A quiet room with a long menu and a short wine list. '.repeat(8),
    openingHours: { mon: '12:00-14:00', tue: '12:00-14:00', sat: '19:00-23:00' },
    chefs: [{ id: i * 2, fullName: 'Ana Lopez', bio: 'Trained in Lyon. '.repeat(6) }, { id: i * 2 + 1, fullName: 'Marc Petit', bio: null }],
    publishedAt: '2026-11-29T12:00:00.000Z', locale: 'en',
  }));
  return { data, meta: { pagination: { page: 1, pageSize: documents, pageCount: 1, total: documents } } };
}

function timeMs(f: () => unknown, runs = 300): number {
  for (let i = 0; i < 50; i++) f();
  const start = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) f();
  return Number(process.hrtime.bigint() - start) / runs / 1e6;
}

console.log(`Node ${process.version} (V8 ${process.versions.v8})`);
console.log('documents | JSON kB | JSON.stringify + bytes ms | jsonResponseBody + bytes ms');
for (const documents of [80, 100, 110, 120, 140, 200]) {
  const value = page(documents);
  const kb = Buffer.byteLength(JSON.stringify(value)) / 1024;
  const whole = timeMs(() => Buffer.from(JSON.stringify(value)));
  const pieces = timeMs(() => { const body = jsonResponseBody(value); return typeof body === 'string' ? Buffer.from(body) : body; });
  console.log(`${String(documents).padStart(9)} | ${kb.toFixed(0).padStart(7)} | ${whole.toFixed(3).padStart(25)} | ${pieces.toFixed(3).padStart(27)}`);
}
