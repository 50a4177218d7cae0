// A collection type's documents: a page at a time, with search, sort, filters, the status and
// locale, all kept in the URL (a reload or a shared link shows the same rows); the columns the
// editor chose; actions on selected rows and on each row. Each row opens its edit view.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api } from './api.js';
import { BulkBar, ConfirmAction, ConfirmBulk, type BulkKind, type Selected } from './bulk-actions.js';
import { filterFields, fromTree, parseBrackets, toTree, withFilters, type FilterState } from './filters.js';
import { cellText, columnChoices, ColumnPicker, populateFor, useColumns } from './list-columns.js';
import { FilterBuilder, FilterChips } from './list-filters.js';
import { pathOf } from './layout.js';
import { RowMenu, type MenuItem } from './row-menu.js';
import { here, href, navigate, onLinkClick } from './router.js';
import { can, configurationOf, fieldsFor, hasDrafts, isLocalized, localesFor, type Configuration, type Schema } from './schema.js';
import { useStore } from './store.js';
import { Button, ErrorBox, notify, Spinner, StatusBadge } from './ui.js';

export type Row = Record<string, unknown> & { documentId: string; status?: string; locale?: string };
interface Page { results: Row[]; pagination: { page: number; pageSize: number; pageCount: number; total: number } }
type Open = { kind: 'filters' } | { kind: 'bulk'; action: BulkKind; rows: Selected[] } | { kind: 'delete'; row: Selected };

const PAGE_SIZES = [10, 20, 50, 100];

export function ListView({ uid, schema: s }: { uid: string; schema: Schema }) {
  const ct = s.contentTypes.find((t) => t.uid === uid);
  const { query } = useStore(here);
  const [config, setConfig] = useState<Configuration>();
  const [mainFields, setMainFields] = useState<Map<string, string>>();
  const [page, setPage] = useState<Page>();
  const [error, setError] = useState<unknown>();
  // A refused page (a filter from a stale link, say) keeps the toolbar, so the filter can be removed
  const [listError, setListError] = useState<unknown>();
  const [reload, setReload] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<Open>();
  useEffect(() => { configurationOf(uid).then((c) => setConfig(c.contentType), setError); }, [uid]);
  useEffect(() => {
    // Relations are shown and filtered by their target's main field
    const targets = [...new Set(Object.values(ct?.attributes ?? {}).flatMap((a) => (a.type === 'relation' && a.target ? [a.target] : [])))];
    Promise.all(targets.map((t) => configurationOf(t).then((c) => [t, c.contentType.settings.mainField] as const, () => undefined)))
      .then((found) => setMainFields(new Map(found.filter((x) => x !== undefined))), setError);
  }, [uid]);

  const readable = fieldsFor(s, 'read', uid);
  const choices = ct ? columnChoices(ct, readable) : [];
  const [columns, setColumns] = useColumns(uid, config?.layouts.list ?? [], choices);

  const locales = ct && isLocalized(ct) ? localesFor(s, 'read', uid) : [];
  const locale = query.get('locale') ?? locales.find((l) => l.isDefault)?.code ?? locales[0]?.code;
  const sort = query.get('sort') ?? (config ? `${config.settings.defaultSortBy}:${config.settings.defaultSortOrder}` : '');
  const pageSize = Number(query.get('pageSize')) || config?.settings.pageSize || 10;
  const pageNumber = Number(query.get('page')) || 1;
  const search = query.get('_q') ?? '';
  // What is typed stays through re-renders (a page arriving) until Enter or leaving the field
  const [typed, setTyped] = useState(search);
  useEffect(() => setTyped(search), [search]);
  const status = query.get('status') ?? '';
  const filterTree = useMemo(() => parseBrackets(query), [query]);
  const filterKey = JSON.stringify(filterTree ?? null);
  const populate = ct && mainFields ? populateFor(columns, ct, mainFields) : undefined;
  const populateKey = JSON.stringify(populate ?? null);
  // Only the attributes the cells show: without `fields` every row carries all its text (a long
  // body made a page of 50 four times heavier); ids, status and authors come anyway
  const shownFields = [...new Set([config?.settings.mainField ?? '', ...columns])]
    .filter((c) => ct?.attributes[c] && ct.attributes[c].type !== 'relation' && ct.attributes[c].type !== 'media');
  const fieldsKey = shownFields.join(',');

  useEffect(() => {
    if (!config || !mainFields) return;
    const controller = new AbortController();
    const params: Record<string, unknown> = { page: pageNumber, pageSize, sort, _q: search, locale, status, filters: filterTree, populate, fields: shownFields };
    api.get<Page>(`/content-manager/collection-types/${uid}`, params, controller.signal).then((p) => { setPage(p); setListError(undefined); setSelected((old) => (old.size ? new Set() : old)); }, (e: unknown) => {
      if (!controller.signal.aborted) setListError(e);
    });
    return () => controller.abort();
  }, [config, mainFields, uid, pageNumber, pageSize, sort, search, locale, status, filterKey, populateKey, fieldsKey, reload]);

  if (!ct) return <main class="content" id="main"><h1>Unknown content type</h1></main>;
  if (error) return <main class="content" id="main"><ErrorBox error={error} /></main>;
  if (!config || !mainFields) return <main class="content" id="main"><Spinner /></main>;

  const go = (next: URLSearchParams) => navigate(href(pathOf(ct), next), { replace: true });
  const setQuery = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(query);
    for (const [k, v] of Object.entries(changes)) if (v === undefined || v === '') next.delete(k); else next.set(k, v);
    if (!('page' in changes)) next.delete('page');
    go(next);
  };
  const applyFilters = (state: FilterState) => { setOpen(undefined); go(withFilters(query, toTree(state))); };
  const [sortField, sortOrder] = sort.split(':');
  const toggleSort = (field: string) => setQuery({ sort: `${field}:${sortField === field && sortOrder === 'ASC' ? 'DESC' : 'ASC'}` });
  const label = (name: string) => config.metadatas[name]?.list.label ?? name;
  const fields = filterFields(s, ct, readable, mainFields, label);
  const filterState = fromTree(filterTree);
  const drafts = hasDrafts(ct);
  const localeQuery = locale ? { locale } : undefined;
  const editHref = (row: { documentId: string }) => href(`${pathOf(ct)}/${row.documentId}`, localeQuery);
  const titleOf = (row: Row) => cellText(row[config.settings.mainField], ct.attributes[config.settings.mainField], mainFields) || row.documentId;
  const bulk: BulkKind[] = [...(drafts && can(s, 'publish', uid, locale) ? ['publish', 'unpublish'] as const : []), ...(can(s, 'delete', uid, locale) ? ['delete'] as const : [])];
  const rows = page?.results ?? [];
  const picked = rows.filter((r) => selected.has(r.documentId)).map((r): Selected => ({ documentId: r.documentId, title: titleOf(r), status: r.status }));
  const allPicked = rows.length > 0 && picked.length === rows.length;
  const pick = (id: string, on: boolean) => setSelected((old) => { const next = new Set(old); if (on) next.add(id); else next.delete(id); return next; });
  const done = (text: string) => { setOpen(undefined); setSelected(new Set()); notify('success', text); setReload((n) => n + 1); };

  const duplicate = async (row: Row) => {
    try {
      const made = await api.post<{ data: Row }>(`/content-manager/collection-types/${uid}/clone/${row.documentId}`, {}, localeQuery);
      navigate(editHref(made.data));
    } catch (e) {
      notify('error', e instanceof Error ? e.message : String(e));
    }
  };
  const menuFor = (row: Row): MenuItem[] => {
    const one: Selected = { documentId: row.documentId, title: titleOf(row), status: row.status };
    return [
      ...(can(s, 'update', uid, locale) ? [{ label: 'Edit', onSelect: () => navigate(editHref(row)) }] : []),
      ...(can(s, 'create', uid, locale) ? [{ label: 'Duplicate', onSelect: () => void duplicate(row) }] : []),
      ...(can(s, 'delete', uid, locale) ? [{ label: 'Delete', danger: true, onSelect: () => setOpen({ kind: 'delete', row: one }) }] : []),
    ];
  };
  const filtered = Boolean(search || status || filterTree);
  const span = columns.length + (bulk.length ? 1 : 0) + (drafts ? 1 : 0) + 1;

  return (
    <main class="content" id="main">
      <header class="page-head">
        <div>
          <h1>{ct.info.displayName}</h1>
          <p class="muted" role="status" aria-live="polite">{page ? `${page.pagination.total} ${page.pagination.total === 1 ? 'entry' : 'entries'} found` : '…'}</p>
        </div>
        {can(s, 'create', uid, locale) ? <a class="btn btn-primary" href={href(`${pathOf(ct)}/create`, localeQuery)} onClick={onLinkClick}>Create new entry</a> : null}
      </header>
      <div class="toolbar" role="search">
        <label class="sr-only" for="list-search">Search</label>
        <input id="list-search" type="search" placeholder="Search" value={typed} onInput={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') setQuery({ _q: e.currentTarget.value }); }}
          onBlur={(e) => { if (e.currentTarget.value !== search) setQuery({ _q: e.currentTarget.value }); }} />
        {fields.length ? <Button onClick={() => setOpen({ kind: 'filters' })}>Filters{filterState?.groups.length ? ` (${filterState.groups.reduce((n, g) => n + g.conditions.length, 0)})` : ''}</Button> : null}
        {drafts ? (
          <label>Status{' '}
            <select value={status} onChange={(e) => setQuery({ status: e.currentTarget.value })}>
              <option value="">Any</option><option value="draft">Draft</option><option value="modified">Modified</option><option value="published">Published</option>
            </select>
          </label>
        ) : null}
        {locales.length ? (
          <label>Locale{' '}
            <select value={locale} onChange={(e) => setQuery({ locale: e.currentTarget.value })}>
              {locales.map((l) => <option key={l.code} value={l.code}>{l.name || l.code}</option>)}
            </select>
          </label>
        ) : null}
        <ColumnPicker choices={choices} shown={columns} label={label} onChange={setColumns} />
      </div>
      <FilterChips state={filterState} fields={fields} onChange={applyFilters} />
      {picked.length ? <BulkBar count={picked.length} allowed={bulk} onAction={(action) => setOpen({ kind: 'bulk', action, rows: picked })} onClear={() => setSelected(new Set())} /> : null}
      {listError ? <ErrorBox error={listError} /> : !page ? <Spinner /> : (
        <table class="list">
          <caption class="sr-only">{ct.info.displayName} entries</caption>
          <thead>
            <tr>
              {bulk.length ? (
                <th scope="col" class="select">
                  <input type="checkbox" aria-label="Select all entries on this page" checked={allPicked} indeterminate={picked.length > 0 && !allPicked}
                    disabled={!rows.length} onChange={(e) => setSelected(new Set(e.currentTarget.checked ? rows.map((r) => r.documentId) : []))} />
                </th>
              ) : null}
              {columns.map((c) => {
                const sortable = config.metadatas[c]?.list.sortable;
                const current = sortField === c ? (sortOrder === 'ASC' ? 'ascending' : 'descending') : undefined;
                return (
                  <th key={c} scope="col" aria-sort={current}>
                    {sortable ? <button type="button" class="link sort" onClick={() => toggleSort(c)}>{label(c)}{current ? (current === 'ascending' ? ' ▲' : ' ▼') : ''}</button> : label(c)}
                  </th>
                );
              })}
              {drafts ? <th scope="col">Status</th> : null}
              <th scope="col"><span class="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? <tr><td colSpan={span} class="empty">No entries{filtered ? ' match' : ' yet'}.</td></tr> : null}
            {rows.map((row) => {
              const title = titleOf(row);
              return (
                <tr key={row.documentId} class={selected.has(row.documentId) ? 'picked' : undefined}>
                  {bulk.length ? (
                    <td class="select">
                      <input type="checkbox" aria-label={`Select ${title}`} checked={selected.has(row.documentId)} onChange={(e) => pick(row.documentId, e.currentTarget.checked)} />
                    </td>
                  ) : null}
                  {columns.map((c, i) => {
                    const text = cellText(row[c], ct.attributes[c], mainFields);
                    return <td key={c}>{i === 0 ? <a href={editHref(row)} onClick={onLinkClick}>{text || <em>(untitled)</em>}</a> : text}</td>;
                  })}
                  {drafts ? <td><StatusBadge status={row.status} /></td> : null}
                  <td class="row-actions"><RowMenu label={`Actions for ${title}`} items={menuFor(row)} /></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {page ? (
        <nav class="pager" aria-label="Pages">
          <label>Entries per page{' '}
            <select value={String(pageSize)} onChange={(e) => setQuery({ pageSize: e.currentTarget.value })}>
              {PAGE_SIZES.map((n) => <option key={n} value={String(n)}>{n}</option>)}
            </select>
          </label>
          <Button disabled={pageNumber <= 1} onClick={() => setQuery({ page: String(pageNumber - 1) })}>Previous</Button>
          <span>Page {page.pagination.page} of {Math.max(1, page.pagination.pageCount)}</span>
          <Button disabled={pageNumber >= page.pagination.pageCount} onClick={() => setQuery({ page: String(pageNumber + 1) })}>Next</Button>
        </nav>
      ) : null}
      {open?.kind === 'filters' ? <FilterBuilder fields={fields} initial={filterState ?? { combinator: '$and', groups: [] }} onApply={applyFilters} onClose={() => setOpen(undefined)} /> : null}
      {open?.kind === 'bulk' ? (
        <ConfirmBulk kind={open.action} rows={open.rows} uid={uid} locale={locale} onClose={() => setOpen(undefined)}
          onDone={(n) => done(`${n} ${n === 1 ? 'entry' : 'entries'} ${open.action === 'delete' ? 'deleted' : `${open.action}ed`}`)} />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmAction title={`Delete ${open.row.title}?`} confirm="Delete" danger onClose={() => setOpen(undefined)}
          run={async () => { await api.del(`/content-manager/collection-types/${uid}/${open.row.documentId}`, localeQuery); done(`${open.row.title} deleted`); }}>
          <p>“{open.row.title}”{locale ? ` (locale ${locale})` : ''} will be deleted. This cannot be undone.</p>
        </ConfirmAction>
      ) : null}
    </main>
  );
}
