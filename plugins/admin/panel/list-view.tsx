// A collection type's documents: a page at a time, with search, sort, the status and locale,
// all kept in the URL. Each row opens the document's edit view.
import { useEffect, useState } from 'preact/hooks';
import { api } from './api.js';
import { pathOf } from './layout.js';
import { here, href, navigate, onLinkClick } from './router.js';
import { can, configurationOf, hasDrafts, isLocalized, localesFor, type Configuration, type Schema } from './schema.js';
import { useStore } from './store.js';
import { Button, ErrorBox, Spinner, StatusBadge } from './ui.js';

export type Row = Record<string, unknown> & { documentId: string; status?: string; locale?: string };
interface Page { results: Row[]; pagination: { page: number; pageSize: number; pageCount: number; total: number } }

const PAGE_SIZES = [10, 20, 50, 100];

export function ListView({ uid, schema: s }: { uid: string; schema: Schema }) {
  const ct = s.contentTypes.find((t) => t.uid === uid);
  const { query } = useStore(here);
  const [config, setConfig] = useState<Configuration>();
  const [page, setPage] = useState<Page>();
  const [error, setError] = useState<unknown>();
  useEffect(() => { configurationOf(uid).then((c) => setConfig(c.contentType), setError); }, [uid]);

  const locales = ct && isLocalized(ct) ? localesFor(s, 'read', uid) : [];
  const locale = query.get('locale') ?? locales.find((l) => l.isDefault)?.code ?? locales[0]?.code;
  const sort = query.get('sort') ?? (config ? `${config.settings.defaultSortBy}:${config.settings.defaultSortOrder}` : '');
  const pageSize = Number(query.get('pageSize')) || config?.settings.pageSize || 10;
  const pageNumber = Number(query.get('page')) || 1;
  const search = query.get('_q') ?? '';
  const status = query.get('status') ?? '';

  useEffect(() => {
    if (!config) return;
    const controller = new AbortController();
    const params: Record<string, unknown> = { page: pageNumber, pageSize, sort, _q: search, locale, status };
    api.get<Page>(`/content-manager/collection-types/${uid}`, params, controller.signal).then(setPage, (e: unknown) => {
      if (!controller.signal.aborted) setError(e);
    });
    return () => controller.abort();
  }, [config, uid, pageNumber, pageSize, sort, search, locale, status]);

  if (!ct) return <main class="content" id="main"><h1>Unknown content type</h1></main>;
  if (error) return <main class="content" id="main"><ErrorBox error={error} /></main>;
  if (!config) return <main class="content" id="main"><Spinner /></main>;

  const setQuery = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(query);
    for (const [k, v] of Object.entries(changes)) if (v === undefined || v === '') next.delete(k); else next.set(k, v);
    if (!('page' in changes)) next.delete('page');
    navigate(href(pathOf(ct), next), { replace: true });
  };
  const columns = config.layouts.list.filter((c) => c !== 'id');
  const [sortField, sortOrder] = sort.split(':');
  const toggleSort = (field: string) => setQuery({ sort: `${field}:${sortField === field && sortOrder === 'ASC' ? 'DESC' : 'ASC'}` });
  const label = (name: string) => config.metadatas[name]?.list.label ?? name;
  const canCreate = can(s, 'create', uid, locale);
  const editHref = (row: Row) => href(`${pathOf(ct)}/${row.documentId}`, locale ? { locale } : undefined);

  return (
    <main class="content" id="main">
      <header class="page-head">
        <div>
          <h1>{ct.info.displayName}</h1>
          <p class="muted">{page ? `${page.pagination.total} ${page.pagination.total === 1 ? 'entry' : 'entries'} found` : '…'}</p>
        </div>
        {canCreate ? <a class="btn btn-primary" href={href(`${pathOf(ct)}/create`, locale ? { locale } : undefined)} onClick={onLinkClick}>Create new entry</a> : null}
      </header>
      <div class="toolbar" role="search">
        <label class="sr-only" for="list-search">Search</label>
        <input id="list-search" type="search" placeholder="Search" value={search}
          onKeyDown={(e) => { if (e.key === 'Enter') setQuery({ _q: e.currentTarget.value }); }}
          onBlur={(e) => { if (e.currentTarget.value !== search) setQuery({ _q: e.currentTarget.value }); }} />
        {hasDrafts(ct) ? (
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
      </div>
      {!page ? <Spinner /> : (
        <table class="list">
          <thead>
            <tr>
              {columns.map((c) => {
                const sortable = config.metadatas[c]?.list.sortable;
                const current = sortField === c ? (sortOrder === 'ASC' ? 'ascending' : 'descending') : undefined;
                return (
                  <th key={c} scope="col" aria-sort={current}>
                    {sortable ? <button type="button" class="link sort" onClick={() => toggleSort(c)}>{label(c)}{current ? (current === 'ascending' ? ' ▲' : ' ▼') : ''}</button> : label(c)}
                  </th>
                );
              })}
              {hasDrafts(ct) ? <th scope="col">Status</th> : null}
            </tr>
          </thead>
          <tbody>
            {page.results.length === 0 ? <tr><td colSpan={columns.length + 1} class="empty">No entries{search || status ? ' match' : ' yet'}.</td></tr> : null}
            {page.results.map((row) => (
              <tr key={row.documentId}>
                {columns.map((c, i) => (
                  <td key={c}>{i === 0 ? <a href={editHref(row)} onClick={onLinkClick}>{cell(row[c]) || <em>(untitled)</em>}</a> : cell(row[c])}</td>
                ))}
                {hasDrafts(ct) ? <td><StatusBadge status={row.status} /></td> : null}
              </tr>
            ))}
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
    </main>
  );
}

/** A cell's text: relations as their count, objects summarised, long text cut. */
export function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('count' in (value as object)) return String((value as { count: number }).count);
    if (Array.isArray(value)) return String(value.length);
    return '…';
  }
  const text = String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
