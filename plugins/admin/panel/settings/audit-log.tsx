// Settings > Audit log: who did what and when, newest first, filtered by action, date range and
// administrator, a page at a time; a row opens the entry's payload. The filters are in the URL.
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { here, navigate } from '../router.js';
import { displayName, type Schema } from '../schema.js';
import { useStore } from '../store.js';
import { Button, Dialog, ErrorBox, Spinner } from '../ui.js';
import { allows, PageHead, useLoad, when } from './common.js';

interface Who { id: number; displayName?: string; email?: string; firstname?: string | null; lastname?: string | null; username?: string | null }
interface Entry { id: number; action: string; date: string; payload: unknown; user: Who | null; ip?: string | null }
interface Page { results: Entry[]; pagination: { page: number; pageSize: number; pageCount: number; total: number } }

/** What the server records (plugins/admin/history/audit-operations.ts and the recorder). */
const ACTIONS = ['admin.auth.success', 'admin.auth.failure', 'admin.logout', 'api-token.create', 'api-token.update', 'api-token.regenerate', 'api-token.delete',
  'role.create', 'role.update', 'role.delete', 'user.create', 'user.update', 'user.delete', 'webhook.create', 'webhook.update', 'webhook.delete',
  'locale.create', 'locale.update', 'locale.delete', 'end-user-role.create', 'end-user-role.update', 'end-user-role.delete', 'end-user-settings.update', 'end-user-email-templates.update',
  'entry.publish', 'entry.unpublish', 'entry.delete', 'content-type.update'];
const SIZES = ['10', '20', '50', '100'];
const KEYS = ['action', 'from', 'to', 'user', 'page', 'pageSize'] as const;

const who = (u: Who | null) => (u ? u.displayName || displayName(u) || u.email || `#${u.id}` : 'Nobody signed in');
/** A date input's day, as the start or the end of that day in the browser's time zone. */
const dayBound = (day: string, end: boolean) => (day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : '');

export function AuditLog({ schema: s }: { schema: Schema }) {
  const { query } = useStore(here);
  const q = Object.fromEntries(KEYS.map((k) => [k, query.get(k) ?? ''])) as Record<(typeof KEYS)[number], string>;
  const page = Math.max(1, Number(q.page) || 1);
  const pageSize = SIZES.includes(q.pageSize) ? q.pageSize : '20';
  const set = (change: Partial<typeof q>) => {
    const next = { ...q, page: '', ...change };
    const params = new URLSearchParams(Object.entries(next).filter(([, v]) => v) as Array<[string, string]>);
    const qs = params.toString();
    navigate(`/settings/audit-logs${qs ? `?${qs}` : ''}`, { replace: true });
  };
  const list = useLoad(() => api.get<Page>('/admin/audit-logs', {
    page, pageSize, sort: 'date:desc',
    filters: { action: { $eq: q.action || undefined }, date: { $gte: dayBound(q.from, false) || undefined, $lte: dayBound(q.to, true) || undefined }, user: { id: { $eq: q.user || undefined } } },
  }), [page, pageSize, q.action, q.from, q.to, q.user]);
  const admins = useLoad(() => (allows(s, 'admin::users.read')
    ? api.get<{ data: { results: Who[] } }>('/admin/users', { pageSize: 100 }).then((r) => r.data.results)
    : Promise.resolve([] as Who[])));
  const [opened, setOpened] = useState<number>();
  const data = list.data;
  return (
    <>
      <PageHead title="Audit log" intro="What administrators did, newest first." />
      <form class="toolbar" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <label>Action <select value={q.action} onChange={(e) => set({ action: e.currentTarget.value })}>
          <option value="">All actions</option>{ACTIONS.map((a) => <option key={a} value={a}>{a}</option>)}
        </select></label>
        <label>From <input type="date" value={q.from} onChange={(e) => set({ from: e.currentTarget.value })} /></label>
        <label>To <input type="date" value={q.to} onChange={(e) => set({ to: e.currentTarget.value })} /></label>
        {admins.data?.length ? (
          <label>Administrator <select value={q.user} onChange={(e) => set({ user: e.currentTarget.value })}>
            <option value="">Anyone</option>{admins.data.map((u) => <option key={u.id} value={String(u.id)}>{who(u)}</option>)}
          </select></label>
        ) : null}
        {q.action || q.from || q.to || q.user ? <Button variant="ghost" onClick={() => set({ action: '', from: '', to: '', user: '' })}>Clear the filters</Button> : null}
      </form>
      {list.error ? <ErrorBox error={list.error} /> : null}
      {!data && !list.error ? <Spinner /> : null}
      {data ? (
        <table class="list">
          <caption class="sr-only">Audit log entries</caption>
          <thead><tr><th scope="col">Action</th><th scope="col">Who</th><th scope="col">When</th><th scope="col">Address</th><th scope="col"><span class="sr-only">Details</span></th></tr></thead>
          <tbody>
            {data.results.length ? data.results.map((e) => (
              <tr key={e.id}>
                <td>{e.action}</td><td>{who(e.user)}</td><td>{when(e.date)}</td><td>{e.ip ?? ''}</td>
                <td class="cell-actions"><Button variant="ghost" aria-label={`Details of ${e.action} on ${when(e.date)}`} onClick={() => setOpened(e.id)}>Details</Button></td>
              </tr>
            )) : <tr><td colSpan={5} class="empty">No entries match.</td></tr>}
          </tbody>
        </table>
      ) : null}
      {data ? (
        <nav class="pager" aria-label="Pages">
          <span>{data.pagination.total} entries</span>
          <label>Entries per page <select value={pageSize} onChange={(e) => set({ pageSize: e.currentTarget.value })}>{SIZES.map((n) => <option key={n} value={n}>{n}</option>)}</select></label>
          <Button disabled={page <= 1} onClick={() => set({ page: String(page - 1) })}>Previous</Button>
          <span>Page {data.pagination.page} of {Math.max(1, data.pagination.pageCount)}</span>
          <Button disabled={page >= data.pagination.pageCount} onClick={() => set({ page: String(page + 1) })}>Next</Button>
        </nav>
      ) : null}
      {opened !== undefined ? <Details id={opened} onClose={() => setOpened(undefined)} /> : null}
    </>
  );
}

function Details({ id, onClose }: { id: number; onClose: () => void }) {
  const { data, error } = useLoad(() => api.get<{ data: Entry }>(`/admin/audit-logs/${id}`).then((r) => r.data), [id]);
  return (
    <Dialog title="Audit log entry" wide onClose={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      {error ? <ErrorBox error={error} /> : null}
      {!data && !error ? <Spinner /> : null}
      {data ? (
        <>
          <dl class="info">
            <dt>Action</dt><dd>{data.action}</dd>
            <dt>Who</dt><dd>{who(data.user)}{data.user?.email ? ` (${data.user.email})` : ''}</dd>
            <dt>When</dt><dd>{when(data.date)}</dd>
            <dt>Address</dt><dd>{data.ip ?? '—'}</dd>
          </dl>
          <h3>Payload</h3>
          <pre class="payload" tabIndex={0} aria-label="Payload">{JSON.stringify(data.payload, null, 2)}</pre>
        </>
      ) : null}
    </Dialog>
  );
}
