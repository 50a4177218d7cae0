// fast-check generators for write bodies: `{ data }` objects shaped by the example schemas (every
// attribute kind, relation inputs in each form, components and dynamic-zone entries), mixed with
// wrong types and unknown keys, and bytes that are not the JSON they claim to be.

import fc from 'fast-check';
import { anyValue, scalarValue, WEIRD_NAMES } from './arbitraries.js';
import { model, type FuzzAttribute } from './schema.js';

type Arb<T> = fc.Arbitrary<T>;

/** Document ids the generators may reference; filled from the running app before a campaign. */
export interface KnownIds { [uid: string]: string[] }

const garbageId = fc.constantFrom('', 'x', 'nope', '0', '-1', '1', 'a'.repeat(300), '../etc', '%00', "'; --", '__proto__');

function documentId(target: string, known: KnownIds): Arb<unknown> {
  const ids = known[target] ?? [];
  return ids.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: garbageId }, { weight: 1, arbitrary: scalarValue })
    : fc.oneof(garbageId, scalarValue);
}

/** Every relation input form of Strapi v5, with positions, and some that are not. */
function relationInput(attr: FuzzAttribute, known: KnownIds): Arb<unknown> {
  const id = documentId(attr.target ?? '', known);
  const ref = fc.oneof(
    { weight: 3, arbitrary: id },
    { weight: 1, arbitrary: fc.record({ documentId: id }, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.record({ documentId: id, locale: fc.constantFrom('en', 'fr', 'xx', ''), status: fc.constantFrom('draft', 'published', 'x') }, { requiredKeys: ['documentId'] }) },
    { weight: 1, arbitrary: fc.record({
      documentId: id,
      position: fc.oneof(
        fc.record({ before: id }, { requiredKeys: [] }), fc.record({ after: id }, { requiredKeys: [] }),
        fc.record({ start: fc.boolean() }), fc.record({ end: fc.constantFrom(true, 'yes', 1) }), anyValue(1),
      ),
    }) },
  );
  const refs = fc.array(ref, { maxLength: 4 });
  return fc.oneof(
    { weight: 3, arbitrary: ref },
    { weight: 2, arbitrary: refs },
    { weight: 3, arbitrary: fc.record({ connect: fc.oneof(refs, ref), disconnect: fc.oneof(refs, ref), set: fc.oneof(refs, ref) }, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: anyValue(2) },
  );
}

const text = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom('', ' ', 'a\u0000b', "'; --", 'x'.repeat(5000)));

/**
 * 'valid' values satisfy the schema (so the write reaches the database and answers 2xx);
 * 'chaos' values are of the type most of the time and anything at all otherwise.
 */
type Mode = 'valid' | 'chaos';

const word = fc.stringMatching(/^[A-Za-z0-9 ]{1,20}$/);
/** Text no other generated value repeats, for unique attributes. */
const distinct = fc.uuid().map((u) => u.slice(0, 18));

function validValue(attr: FuzzAttribute, known: KnownIds, depth: number): Arb<unknown> {
  switch (attr.type) {
    case 'string': case 'text': case 'richtext':
      if (attr.regex?.startsWith('^https?://')) return word.map((w) => `https://example.com/${encodeURIComponent(w)}`);
      return (attr.unique ? distinct : word).map((w) => (attr.maxLength ? w.slice(0, attr.maxLength) : w));
    case 'uid': return fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,15}$/).chain((w) => distinct.map((d) => `${w}-${d}`));
    case 'email': return distinct.map((d) => `${d}@example.com`);
    case 'password': return fc.string({ minLength: 8, maxLength: 30 });
    case 'enumeration': return fc.constantFrom(...(attr.enum ?? ['x']));
    case 'integer': return fc.integer({ min: 0, max: 100_000 });
    case 'biginteger': return fc.bigInt({ min: -(2n ** 62n), max: 2n ** 62n }).map(String);
    case 'float': return fc.double({ min: 0, max: 5, noNaN: true });
    case 'decimal': return fc.double({ min: -1e6, max: 1e6, noNaN: true });
    case 'boolean': return fc.boolean();
    case 'date': return fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'datetime': case 'timestamp': return fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'time': return fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00.000`);
    case 'json': return anyValue(2);
    case 'blocks': return word.map((t) => [{ type: 'paragraph', children: [{ type: 'text', text: t }] }]);
    case 'media': return fc.constant(attr.multiple ? [] : null);
    case 'relation': {
      const ids = known[attr.target ?? ''] ?? [];
      if (!ids.length) return fc.constant(null);
      const id = fc.constantFrom(...ids);
      const many = attr.relation === 'manyToMany' || attr.relation === 'oneToMany';
      return many
        ? fc.oneof(fc.uniqueArray(id, { maxLength: 2 }), fc.record({ connect: fc.uniqueArray(id, { maxLength: 2 }) }), fc.record({ set: fc.uniqueArray(id, { maxLength: 2 }) }))
        : fc.oneof(id, fc.record({ connect: id.map((d) => [d]) }), fc.constant(null));
    }
    case 'component': {
      const one = attributesOf(attr.target ?? '', known, depth - 1, 'valid');
      return attr.repeatable ? fc.array(one, { maxLength: 2 }) : one;
    }
    case 'dynamiczone': {
      const components = (attr.components ?? []).filter((c) => c !== 'shared.media');
      if (!components.length) return fc.constant([]);
      return fc.array(fc.constantFrom(...components).chain((uid) =>
        attributesOf(uid, known, depth - 1, 'valid').map((data) => ({ __component: uid, ...data }))), { maxLength: 2 });
    }
    default:
      return fc.constant(null);
  }
}

/** A value of the attribute's type, most of the time. */
function chaosValue(attr: FuzzAttribute, known: KnownIds, depth: number): Arb<unknown> {
  const junk = anyValue(2);
  const mostly = (valid: Arb<unknown>) => fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: junk });
  switch (attr.type) {
    case 'string': case 'text': case 'richtext': case 'uid':
      return mostly(text);
    case 'email':
      return mostly(fc.oneof(fc.emailAddress(), text));
    case 'password':
      return mostly(fc.string({ minLength: 0, maxLength: 80 }));
    case 'enumeration':
      return mostly(fc.constantFrom(...(attr.enum ?? []), 'nope', ''));
    case 'integer': case 'biginteger':
      return mostly(fc.oneof(fc.integer(), fc.constantFrom('9007199254740993', '-9223372036854775809', 2 ** 53 + 2, 1.5, '12')));
    case 'float': case 'decimal':
      return mostly(fc.oneof(fc.double(), fc.constantFrom('4.5', 1e308, -0, 5e-324)));
    case 'boolean':
      return mostly(fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1, 'yes')));
    case 'date': case 'datetime': case 'timestamp': case 'time':
      return mostly(fc.oneof(
        fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? 'Invalid Date' : d.toISOString())),
        fc.constantFrom('2024-02-29', '2023-02-29', '12:30', '25:00', '0000-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z', 'now'),
      ));
    case 'json':
      return anyValue(3);
    case 'blocks':
      return mostly(fc.array(fc.record({
        type: fc.constantFrom('paragraph', 'heading', 'list', 'quote', 'code', 'image', 'link', 'nope'),
        level: fc.integer({ min: -1, max: 7 }),
        children: fc.array(fc.record({ type: fc.constantFrom('text', 'link', 'list-item'), text, bold: fc.boolean() }, { requiredKeys: [] }), { maxLength: 3 }),
      }, { requiredKeys: ['type'] }), { maxLength: 3 }));
    case 'media':
      return mostly(attr.multiple
        ? fc.array(fc.oneof(fc.integer({ min: -1, max: 5 }), garbageId), { maxLength: 3 })
        : fc.oneof(fc.integer({ min: -1, max: 5 }), fc.constant(null), garbageId));
    case 'relation':
      return relationInput(attr, known);
    case 'component': {
      const one = attributesOf(attr.target ?? '', known, depth - 1, 'chaos');
      return mostly(attr.repeatable ? fc.array(one, { maxLength: 3 }) : fc.oneof(one, fc.constant(null)));
    }
    case 'dynamiczone': {
      const entry = fc.constantFrom(...(attr.components ?? []), 'shared.nope', '', '__proto__').chain((uid) =>
        (uid.includes('.') && uid !== 'shared.nope' ? attributesOf(uid, known, depth - 1, 'chaos') : fc.constant({}))
          .map((data) => ({ __component: uid, ...data })));
      return mostly(fc.array(fc.oneof({ weight: 5, arbitrary: entry }, { weight: 1, arbitrary: anyValue(1) }), { maxLength: 3 }));
    }
    default:
      return junk;
  }
}

/** An object whose keys may include '__proto__' as an own key, as JSON.parse would make it. */
function ownObject(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/** Some of a model's attributes with values (in 'valid' mode every required one), and in 'chaos'
 *  mode now and then a key that is not one. */
function attributesOf(uid: string, known: KnownIds, depth: number, mode: Mode): Arb<Record<string, unknown>> {
  if (depth < 0) return fc.constant({});
  const attributes = Object.entries(model(uid).attributes);
  const valueOf = (attr: FuzzAttribute) => (mode === 'valid' ? validValue(attr, known, depth) : chaosValue(attr, known, depth));
  const required = mode === 'valid' ? attributes.filter(([, a]) => a.required) : [];
  const optional = mode === 'valid' ? attributes.filter(([name, a]) => !a.required && name !== 'createdAt' && name !== 'updatedAt') : attributes;
  const picked = fc.subarray(optional, { maxLength: Math.min(8, optional.length) }).map((some) => [...required, ...some]);
  const entries = picked.chain((list) => fc.tuple(...list.map(([name, attr]) => valueOf(attr).map((v) => [name, v] as const))));
  if (mode === 'valid') return entries.map(ownObject);
  const strangers = fc.array(fc.tuple(
    fc.constantFrom(...WEIRD_NAMES, 'id', 'documentId', 'publishedAt', 'locale', 'createdBy', 'localizations'),
    anyValue(1),
  ), { maxLength: 2 });
  return fc.tuple(entries, fc.oneof({ weight: 4, arbitrary: fc.constant([] as Array<[string, unknown]>) }, { weight: 1, arbitrary: strangers }))
    .map(([own, extra]) => ownObject([...own, ...extra]));
}

/** The `data` of a create or update of `uid`. */
export function writeData(uid: string, known: KnownIds): Arb<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: attributesOf(uid, known, 2, 'valid') },
    { weight: 5, arbitrary: attributesOf(uid, known, 2, 'chaos') },
    { weight: 1, arbitrary: anyValue(2) },
  );
}

/** A JSON body around `data`, sometimes with the envelope wrong. */
export function writeBody(uid: string, known: KnownIds): Arb<unknown> {
  const data = writeData(uid, known);
  return fc.oneof(
    { weight: 12, arbitrary: data.map((d) => ({ data: d })) },
    { weight: 1, arbitrary: data },
    { weight: 1, arbitrary: fc.tuple(data, anyValue(1)).map(([d, x]) => ({ data: d, meta: x, [typeof x === 'string' ? x.slice(0, 10) : 'extra']: 1 })) },
    { weight: 1, arbitrary: fc.constantFrom(null, [], 'data', 0, true, { data: null }, { data: [] }, { data: 'x' }, { Data: {} }) },
  );
}

const nested = fc.tuple(fc.integer({ min: 20, max: 200 }), fc.constantFrom('[', '{"a":'), fc.boolean()).map(([n, open, close]) => {
  const closing = open === '[' ? ']' : '}';
  return `{"data":{"title":${open.repeat(n)}1${close ? closing.repeat(n) : ''}}}`;
});

/** Bytes that are not a well-formed JSON document (or are one of an odd kind). */
export const malformedJson: Arb<string> = fc.oneof(
  fc.constantFrom('', ' ', '{', '}', '{"data":', '{"data":{', '{"data":{"title":"x"}', 'null', 'undefined', 'NaN',
    '{"data":{"title":"x"}}garbage', '{"data":{"title":"x",}}', "{'data':{}}", '{"data":{"title":"\\ud800"}}',
    '{"data":{"title":"\\u0000"}}', '{"__proto__":{"admin":true},"data":{}}', '{"data":{"constructor":{"prototype":{}}}}',
    '\ufeff{"data":{}}', '{"data":{"title":1e999}}', '[{"data":{}}]', '"\\"', '{"data":{"title":"x"}}\n{"data":{}}',
    '{"a":'.repeat(60)),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  nested,
);
