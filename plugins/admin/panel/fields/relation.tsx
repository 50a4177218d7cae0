// A relation field: the linked documents, in order, with a search to link more, "Load more",
// remove, and reordering by drag and drop or by keyboard (a handle: Space picks up, the arrows
// move, Space drops, Escape cancels; each step is read out). At the document's top level the
// links are loaded a page at a time into a RelationValue; the first change loads the rest, since
// what is saved (`set`) replaces every link. Inside components the server sends the links
// themselves ({id, documentId}): they are shown and changed as such, their labels looked up.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api.js';
import { isRelationValue, isToMany, type RelationItem, type RelationValue } from '../form.js';
import { pathOf } from '../layout.js';
import { href, onLinkClick } from '../router.js';
import { configurationOf, hasDrafts, isLocalized, type Attribute, type Schema } from '../schema.js';
import { Button, notify, StatusBadge } from '../ui.js';
import { FieldFrame } from './index.js';
import { RelationSearch, type Candidate } from './relation-search.js';
import { inputId, type FieldProps } from './types.js';

const PAGE = 10;
const SYSTEM_KEYS = new Set(['id', 'documentId', 'locale', 'status', 'publishedAt', 'createdAt', 'updatedAt', '__component', 'kind']);

type Raw = Record<string, unknown>;
interface Page { results: Raw[]; pagination: { total: number } }

/** A linked document's label: its main field, else its first text that is not a system key. */
export function labelOf(doc: Raw, mainField?: string): string {
  const main = mainField ? doc[mainField] : undefined;
  if ((typeof main === 'string' && main) || typeof main === 'number') return String(main);
  for (const [k, v] of Object.entries(doc)) if (!SYSTEM_KEYS.has(k) && typeof v === 'string' && v) return v;
  return String(doc.documentId ?? '');
}

const toItem = (r: Raw, mainField?: string): RelationItem => ({
  documentId: String(r.documentId), label: labelOf(r, mainField),
  ...(typeof r.id === 'number' ? { id: r.id } : {}),
  ...(typeof r.status === 'string' ? { status: r.status } : {}),
  ...(typeof r.locale === 'string' ? { locale: r.locale } : {}),
});

const loaded = (items: RelationItem[], total: number, dirty = false): RelationValue => ({ kind: 'relation', items, dirty, complete: items.length >= total, total });

/** The component an attribute belongs to: its attribute objects are the schema's own. */
function componentUidOf(schema: Schema, attr: Attribute): string | undefined {
  for (const [uid, c] of schema.components) if (Object.values(c.attributes).includes(attr)) return uid;
  return undefined;
}

/** Labels of links inside components, looked up once per document (the server sends ids only). */
const labels = new Map<string, RelationItem>();

function moved<T>(list: T[], from: number, to: number): T[] {
  const copy = list.slice();
  const [item] = copy.splice(from, 1);
  copy.splice(Math.max(0, Math.min(to, copy.length)), 0, item!);
  return copy;
}

export function RelationField(p: FieldProps) {
  const { ctx, attribute: attr } = p;
  const root = !p.path.includes('.');
  const toMany = isToMany(attr);
  const target = ctx.schema.contentTypes.find((t) => t.uid === attr.target);
  const locale = ctx.locale && (!target || isLocalized(target)) ? { locale: ctx.locale } : {};
  const id = inputId(p.path);
  const [local, setLocal] = useState<RelationValue>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [said, say] = useState('');
  const [, relabel] = useState(0);
  const [grab, setGrab] = useState<{ from: number; at: number; order: RelationItem[] }>();
  const [over, setOver] = useState<number>();
  const dragged = useRef<string | undefined>(undefined);

  // The links as a list, whatever the server or the form holds
  const rawList: Raw[] = root ? [] : isRelationValue(p.value) ? p.value.items as unknown as Raw[] : Array.isArray(p.value) ? p.value as Raw[] : p.value && typeof p.value === 'object' && 'documentId' in p.value ? [p.value as Raw] : [];
  const value: RelationValue | undefined = root
    ? (isRelationValue(p.value) ? p.value : local)
    : loaded(rawList.map((r) => labels.get(`${String(attr.target)}:${String(r.documentId)}`) ?? toItem(r)), 0);
  const current = useRef(value);
  current.current = value;
  // Links the server counted on a document the panel cannot name: shown as unavailable, not replaced
  const unreachable = root && !ctx.documentId && !isRelationValue(p.value);

  const mainField = async (): Promise<string | undefined> => {
    try {
      if (root) return (await configurationOf(ctx.rootUid)).contentType.metadatas[p.name]?.edit.mainField;
      return target ? (await configurationOf(target.uid)).contentType.settings.mainField : undefined;
    } catch {
      return undefined;
    }
  };
  const linkedUrl = `/content-manager/relations/${ctx.uid}/${ctx.documentId ?? ''}/${p.name}`;
  const fetchPage = async (page: number, pageSize: number) => {
    const [answer, main] = await Promise.all([api.get<Page>(linkedUrl, { page, pageSize, ...(ctx.locale ? { locale: ctx.locale } : {}) }), mainField()]);
    return { items: answer.results.map((r) => toItem(r, main)), total: answer.pagination.total };
  };
  const publish = (next: RelationValue, silent: boolean) => {
    if (p.disabled) setLocal(next);
    else p.onChange(p.path, next, { silent });
  };

  // Top level: the first page of links, again whenever the form gets the server's value back
  const rawKey = isRelationValue(p.value) ? 'loaded' : p.value;
  useEffect(() => {
    if (!root || isRelationValue(p.value) || !ctx.documentId) return;
    let stop = false;
    setFailure(undefined);
    fetchPage(1, toMany ? PAGE : 1).then(
      ({ items, total }) => { if (!stop) publish(loaded(items, total), true); },
      (e: unknown) => { if (!stop) setFailure(e instanceof Error ? e.message : String(e)); },
    );
    return () => { stop = true; };
  }, [rawKey, ctx.documentId, ctx.locale, p.disabled]);

  // Inside components: the labels of links the server sent as ids
  const missing = root ? [] : rawList.map((r) => String(r.documentId)).filter((d) => !labels.has(`${String(attr.target)}:${d}`));
  useEffect(() => {
    if (!missing.length || !target || target.kind !== 'collectionType') return;
    const query = { pageSize: missing.length, filters: { documentId: { $in: missing } }, ...locale };
    Promise.all([api.get<{ results: Raw[] }>(`/content-manager/collection-types/${target.uid}`, query), mainField()]).then(([r, main]) => {
      for (const doc of r.results) labels.set(`${target.uid}:${String(doc.documentId)}`, toItem(doc, main));
      relabel((n) => n + 1);
    }, () => { /* ids stay the labels */ });
  }, [missing.join(',')]);

  /** Every link, loaded before the first change (a `set` of some would drop the others). */
  const complete = async (): Promise<RelationItem[] | undefined> => {
    const v = current.current;
    if (!v) return undefined;
    if (v.complete || !root) return v.items;
    setBusy(true);
    try {
      const all: RelationItem[] = [];
      for (let page = 1; ; page++) {
        const { items, total } = await fetchPage(page, 100);
        all.push(...items);
        if (!items.length || all.length >= total) return all;
      }
    } catch (e) {
      notify('error', `The linked entries could not be loaded: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  const change = async (fn: (items: RelationItem[]) => RelationItem[]) => {
    const all = await complete();
    if (!all) return;
    const items = fn(all);
    if (root) return p.onChange(p.path, loaded(items, items.length, true));
    const raw = items.map((i) => ({ ...(i.id !== undefined ? { id: i.id } : {}), documentId: i.documentId, ...(i.locale ? { locale: i.locale } : {}) }));
    p.onChange(p.path, toMany ? raw : (raw[0] ?? null));
  };

  const loadMore = async () => {
    const v = current.current;
    if (!v) return;
    setBusy(true);
    try {
      const { items, total } = await fetchPage(Math.floor(v.items.length / PAGE) + 1, PAGE);
      const known = new Set(v.items.map((i) => i.documentId));
      const next = [...v.items, ...items.filter((i) => !known.has(i.documentId))];
      publish({ ...v, items: next, total, complete: next.length >= total || !items.length }, true);
      say(`${next.length} of ${total} linked entries shown`);
    } catch (e) {
      notify('error', e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const search = async (q: string, signal: AbortSignal): Promise<Candidate[]> => {
    const v = current.current;
    const ids = v?.items.map((i) => i.documentId) ?? [];
    const source = root ? ctx.uid : componentUidOf(ctx.schema, attr);
    if (!source) return [];
    // With every link known the form's own list is left out (so one removed can be picked
    // again); otherwise the server leaves out those saved
    const known = !v || (v.complete && ids.length <= 50);
    const query = { _q: q, pageSize: 10, ...(root && ctx.documentId && !known ? { id: ctx.documentId } : {}), ...(ctx.locale ? { locale: ctx.locale } : {}), idsToOmit: ids.slice(0, 50) };
    const [answer, main] = await Promise.all([api.get<Page>(`/content-manager/relations/${source}/${p.name}`, query, signal), mainField()]);
    const taken = new Set(ids);
    return answer.results.map((r) => toItem(r, main)).filter((c) => !taken.has(c.documentId));
  };
  const pick = (c: Candidate) => {
    if (!root) labels.set(`${String(attr.target)}:${c.documentId}`, c);
    void change((items) => (toMany ? [...items, c] : [c]));
    say(`${c.label} ${toMany ? 'added' : 'linked'}`);
  };
  const remove = (item: RelationItem) => {
    void change((items) => items.filter((i) => i.documentId !== item.documentId));
    say(`${item.label} removed`);
    requestAnimationFrame(() => document.getElementById(id)?.focus());
  };

  // Keyboard reordering: the order is previewed while an item is held, saved when it is dropped
  const focusHandle = (documentId: string) => requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-field="${p.path}"] [data-handle="${documentId}"]`)?.focus());
  const onHandleKey = async (e: KeyboardEvent, i: number, item: RelationItem) => {
    const n = grab?.order.length ?? value?.total ?? 0;
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (!grab) {
        const all = await complete();
        if (!all) return;
        setGrab({ from: i, at: i, order: all });
        say(`${item.label} picked up, position ${i + 1} of ${all.length}. Use the up and down arrows to move it, Space to drop it, Escape to cancel.`);
      } else {
        const order = grab.order;
        setGrab(undefined);
        await change(() => order);
        say(`${item.label} dropped at position ${grab.at + 1} of ${order.length}`);
        focusHandle(item.documentId);
      }
    } else if (grab && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      const to = grab.at + (e.key === 'ArrowUp' ? -1 : 1);
      if (to < 0 || to >= grab.order.length) return say(`${item.label} is already ${to < 0 ? 'first' : 'last'}`);
      setGrab({ ...grab, at: to, order: moved(grab.order, grab.at, to) });
      say(`${item.label} moved to position ${to + 1} of ${n}`);
      focusHandle(item.documentId);
    } else if (grab && e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setGrab(undefined);
      say(`Reordering cancelled: ${item.label} is back at position ${grab.from + 1}`);
      focusHandle(item.documentId);
    }
  };
  const onHandleBlur = () => {
    // Focus that leaves the list (not a handle moved with its item) cancels the move
    setTimeout(() => {
      if (!document.activeElement?.closest(`[data-field="${p.path}"] .relation-list`)) setGrab(undefined);
    }, 0);
  };

  const drop = (to: number) => {
    const moving = dragged.current;
    dragged.current = undefined;
    setOver(undefined);
    if (!moving) return;
    void change((items) => {
      const from = items.findIndex((i) => i.documentId === moving);
      return from < 0 ? items : moved(items, from, to);
    });
  };

  const showStatus = !!target && hasDrafts(target);
  const linkOf = (item: RelationItem) => {
    if (!target) return undefined;
    const query = item.locale ? { locale: item.locale } : undefined;
    return href(target.kind === 'singleType' ? pathOf(target) : `${pathOf(target)}/${item.documentId}`, query);
  };
  const canEdit = !p.disabled && !unreachable && !!value;
  const items = grab?.order ?? value?.items ?? [];
  const error = p.errors.get(p.path);
  const row = (item: RelationItem, i: number) => {
    const link = linkOf(item);
    return (
      <li key={item.documentId} class={`relation-item${grab?.at === i ? ' grabbed' : ''}${over === i ? ' drop-target' : ''}`}
        draggable={canEdit && toMany}
        onDragStart={(e) => { dragged.current = item.documentId; e.dataTransfer?.setData('application/x-strata-relation', item.documentId); if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move'; void complete(); }}
        onDragOver={(e) => { if (dragged.current) { e.preventDefault(); setOver(i); } }}
        onDragLeave={() => setOver((o) => (o === i ? undefined : o))}
        onDrop={(e) => { e.preventDefault(); drop(i); }}
        onDragEnd={() => { dragged.current = undefined; setOver(undefined); }}>
        {canEdit && toMany ? (
          <button type="button" class="handle" data-handle={item.documentId} aria-label={`Reorder ${item.label}`} aria-pressed={grab?.at === i}
            aria-describedby={`${id}-howto`} onKeyDown={(e) => void onHandleKey(e, i, item)} onBlur={onHandleBlur}>⠿</button>
        ) : null}
        <span class="relation-label">{link ? <a href={link} onClick={onLinkClick}>{item.label}</a> : item.label}</span>
        {showStatus ? <StatusBadge status={item.status} /> : null}
        {canEdit ? (toMany
          ? <button type="button" class="icon" aria-label={`Remove ${item.label}`} onClick={() => remove(item)}>×</button>
          : <button type="button" class="link danger" onClick={() => remove(item)}>Remove</button>) : null}
      </li>
    );
  };

  return (
    <FieldFrame path={p.path} label={p.label} required={attr.required} error={error} group>
      {failure ? <p class="field-error" role="alert">The linked entries could not be loaded: {failure}</p> : null}
      {!value && !failure ? <p class="muted">{unreachable ? 'The linked entries cannot be loaded here.' : 'Loading…'}</p> : null}
      {items.length ? (
        <ol class={`relation-list${toMany ? '' : ' relation-one'}`} aria-label={`${p.label}: linked entries`} aria-busy={busy || undefined}>
          {items.map(row)}
        </ol>
      ) : value && !toMany ? null : value ? <p class="muted">No linked entries.</p> : null}
      {toMany && value && !value.complete && !grab ? (
        <Button onClick={() => void loadMore()} busy={busy}>Load more ({value.items.length} of {value.total} shown)</Button>
      ) : null}
      {canEdit ? (
        <RelationSearch id={id} labelledBy={`${id}-label`} errorId={error ? `${id}-error` : undefined} search={search} onPick={pick} disabled={busy}
          showStatus={showStatus} placeholder={toMany ? 'Search to add an entry…' : value?.items.length ? 'Search to replace the entry…' : 'Search to link an entry…'} />
      ) : null}
      {canEdit && toMany ? <p class="sr-only" id={`${id}-howto`}>Press Space to pick the entry up, the up and down arrows to move it, Space to drop it, Escape to cancel.</p> : null}
      <p class="sr-only" aria-live="assertive">{said}</p>
    </FieldFrame>
  );
}
