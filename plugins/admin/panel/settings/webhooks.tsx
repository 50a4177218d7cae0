// Settings > Webhooks: the list (on/off at a click), create and edit (name, URL, headers, the events
// matrix), send a test request, delete, and the delivery log. Those of config/webhooks.ts are
// listed read-only.
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import type { Schema } from '../schema.js';
import { Button, Dialog, ErrorBox, notify, Spinner } from '../ui.js';
import { allows, Confirm, message, PageHead, useAction, useLoad, when } from './common.js';

interface Webhook { id: number | null; name: string; url: string; events: string[]; headers: Record<string, string>; isEnabled: boolean; source?: 'config' | 'api' }
interface Delivery { deliveryId: string; webhook: string; event: string; uid: string; status: string; attempts: number; lastStatus: number | null; lastError: string | null; updatedAt: string }

const AT = '/admin/webhooks';
const VERBS = ['create', 'update', 'delete', 'publish', 'unpublish', 'draft-discard'];
const GROUPS: Array<[string, string, string[]]> = [['entry', 'Entry', VERBS], ['media', 'Media', ['create', 'update', 'delete']]];

export function Webhooks({ schema: s }: { schema: Schema }) {
  const { data, error, reload } = useLoad(() => api.get<{ data: Webhook[] }>(AT).then((r) => r.data));
  const [open, setOpen] = useState<{ kind: 'form'; hook?: Webhook } | { kind: 'delete'; hook: Webhook }>();
  const [tested, setTested] = useState<string>();
  const [logTick, setLogTick] = useState(0);
  const may = (verb: string) => allows(s, `admin::webhooks.${verb}`);
  const toggle = async (hook: Webhook) => {
    try {
      await api.put(`${AT}/${hook.id}`, { isEnabled: !hook.isEnabled });
      notify('success', `${hook.name} ${hook.isEnabled ? 'disabled' : 'enabled'}`);
      reload();
    } catch (e) {
      notify('error', message(e));
    }
  };
  const test = async (hook: Webhook) => {
    setTested(`Sending a test to ${hook.name}…`);
    try {
      const r = await api.post<{ data: { statusCode: number; message?: string } }>(`${AT}/${hook.id}/trigger`);
      const ok = r.data.statusCode >= 200 && r.data.statusCode < 300;
      setTested(`Test sent to ${hook.name}: ${ok ? `answered ${r.data.statusCode}` : `failed (${r.data.message ?? r.data.statusCode})`}`);
    } catch (e) {
      setTested(`Test to ${hook.name} not sent: ${message(e)}`);
    }
    setLogTick((t) => t + 1);
  };
  const close = () => setOpen(undefined);
  return (
    <>
      <PageHead title="Webhooks" intro="Addresses told of changes to entries and media.">
        {may('create') ? <Button variant="primary" onClick={() => setOpen({ kind: 'form' })}>Create new webhook</Button> : null}
      </PageHead>
      <p role="status" class="test-result">{tested ?? ''}</p>
      {error ? <ErrorBox error={error} /> : null}
      {!data && !error ? <Spinner /> : null}
      {data ? (
        <table class="list">
          <caption class="sr-only">Webhooks</caption>
          <thead><tr><th scope="col">Name</th><th scope="col">URL</th><th scope="col">Events</th><th scope="col">Enabled</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {data.length ? data.map((w) => {
              const stored = w.id !== null && w.source !== 'config';
              return (
                <tr key={w.name}>
                  <th scope="row">{w.name}{stored ? null : <span class="hint block">config/webhooks.ts</span>}</th>
                  <td class="wrap">{w.url}</td>
                  <td>{w.events.join(', ')}</td>
                  <td>
                    <label class="check"><input type="checkbox" role="switch" checked={w.isEnabled} disabled={!stored || !may('update')} onChange={() => void toggle(w)} />
                      <span class="sr-only">Enabled: {w.name}</span><span aria-hidden="true">{w.isEnabled ? 'On' : 'Off'}</span></label>
                  </td>
                  <td class="cell-actions">
                    {stored && may('update') ? <Button variant="ghost" aria-label={`Edit ${w.name}`} onClick={() => setOpen({ kind: 'form', hook: w })}>Edit</Button> : null}
                    {stored && may('update') ? <Button variant="ghost" aria-label={`Send a test to ${w.name}`} onClick={() => void test(w)}>Send a test</Button> : null}
                    {stored && may('delete') ? <Button variant="ghost" class="danger" aria-label={`Delete ${w.name}`} onClick={() => setOpen({ kind: 'delete', hook: w })}>Delete</Button> : null}
                  </td>
                </tr>
              );
            }) : <tr><td colSpan={5} class="empty">No webhooks yet.</td></tr>}
          </tbody>
        </table>
      ) : null}
      <Deliveries hooks={data ?? []} tick={logTick} />
      {open?.kind === 'form' ? <WebhookForm hook={open.hook} onClose={close} onSaved={() => { close(); reload(); }} /> : null}
      {open?.kind === 'delete' ? (
        <Confirm title="Delete the webhook" confirm="Delete" onClose={close} onConfirm={async () => { await api.del(`${AT}/${open.hook.id}`); reload(); }}>
          <p>"{open.hook.name}" will no longer be sent anything.</p>
        </Confirm>
      ) : null}
    </>
  );
}

function Deliveries({ hooks, tick }: { hooks: Webhook[]; tick: number }) {
  const [webhook, setWebhook] = useState('');
  const [status, setStatus] = useState('');
  const [manual, setManual] = useState(0);
  const { data, error } = useLoad(() => api.get<{ data: Delivery[] }>(`${AT}/deliveries`, { webhook, status, limit: 50 }).then((r) => r.data), [webhook, status, tick, manual]);
  return (
    <section class="section" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Delivery log</h2>
      <p class="hint">Deliveries of events, newest first (test requests are answered above, not logged).</p>
      <div class="toolbar">
        <label>Webhook <select value={webhook} onChange={(e) => setWebhook(e.currentTarget.value)}>
          <option value="">All</option>{hooks.map((h) => <option key={h.name} value={h.name}>{h.name}</option>)}
        </select></label>
        <label>Status <select value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
          {['', 'pending', 'delivered', 'failed'].map((v) => <option key={v} value={v}>{v || 'All'}</option>)}
        </select></label>
        <Button onClick={() => setManual((n) => n + 1)}>Refresh the log</Button>
      </div>
      {error ? <ErrorBox error={error} /> : null}
      {data ? (
        <table class="list">
          <caption class="sr-only">Deliveries</caption>
          <thead><tr><th scope="col">Webhook</th><th scope="col">Event</th><th scope="col">Content type</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last answer</th><th scope="col">Updated</th></tr></thead>
          <tbody>
            {data.length ? data.map((d) => (
              <tr key={d.deliveryId}>
                <td>{d.webhook}</td><td>{d.event}</td><td>{d.uid}</td><td><span class={`badge badge-${d.status}`}>{d.status}</span></td><td>{d.attempts}</td>
                <td>{d.lastStatus ?? ''}{d.lastError ? <span class="hint block">{d.lastError}</span> : null}</td><td>{when(d.updatedAt)}</td>
              </tr>
            )) : <tr><td colSpan={7} class="empty">No deliveries.</td></tr>}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

function WebhookForm({ hook, onClose, onSaved }: { hook?: Webhook; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState(hook?.name ?? '');
  const [url, setUrl] = useState(hook?.url ?? '');
  const [headers, setHeaders] = useState<Array<[string, string]>>(Object.entries(hook?.headers ?? {}));
  const [events, setEvents] = useState(new Set(hook?.events ?? []));
  const { busy, error, run } = useAction();
  const setHeader = (i: number, at: 0 | 1, v: string) => setHeaders((list) => list.map((h, j) => (j === i ? (at === 0 ? [v, h[1]] : [h[0], v]) : h)));
  const toggle = (event: string, on: boolean) => setEvents((prev) => { const next = new Set(prev); if (on) next.add(event); else next.delete(event); return next; });
  const submit = async (e: Event) => {
    e.preventDefault();
    const body = { url, events: [...events], headers: Object.fromEntries(headers.filter(([k]) => k.trim())) };
    const saved = await run(() => (hook ? api.put(`${AT}/${hook.id}`, body) : api.post(AT, { name, ...body })), 'Webhook saved');
    if (saved) onSaved();
  };
  return (
    <Dialog title={hook ? `Edit ${hook.name}` : 'Create a webhook'} wide onClose={onClose} footer={(
      <>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" type="submit" form="webhook-form" busy={busy}>Save</Button>
      </>
    )}>
      <form id="webhook-form" class="stack" onSubmit={(e) => void submit(e)}>
        {error ? <ErrorBox error={error} /> : null}
        <label class="field"><span class="field-label">Name</span>
          <input required value={name} readOnly={!!hook} onInput={(e) => setName(e.currentTarget.value)} aria-describedby={hook ? 'webhook-name-hint' : undefined} />
        </label>
        {hook ? <p class="hint" id="webhook-name-hint">A webhook's name does not change (its deliveries are filed under it).</p> : null}
        <label class="field"><span class="field-label">URL</span><input required type="url" value={url} onInput={(e) => setUrl(e.currentTarget.value)} /></label>
        <fieldset class="plain">
          <legend class="field-label">Headers</legend>
          {headers.map(([k, v], i) => (
            <div class="header-row" key={i}>
              <input aria-label={`Header ${i + 1} name`} value={k} onInput={(e) => setHeader(i, 0, e.currentTarget.value)} />
              <input aria-label={`Header ${i + 1} value`} value={v} onInput={(e) => setHeader(i, 1, e.currentTarget.value)} />
              <Button variant="ghost" aria-label={`Remove header ${i + 1}`} onClick={() => setHeaders((list) => list.filter((_, j) => j !== i))}>Remove</Button>
            </div>
          ))}
          <button type="button" class="add" onClick={() => setHeaders((list) => [...list, ['', '']])}>Add a header</button>
          {hook ? <p class="hint">Stored values show as (hidden); left as they are, they stay.</p> : null}
        </fieldset>
        <table class="list matrix">
          <caption>Events</caption>
          <thead><tr><th scope="col">Of</th>{VERBS.map((v) => <th key={v} scope="col">{v}</th>)}</tr></thead>
          <tbody>
            {GROUPS.map(([prefix, label, verbs]) => (
              <tr key={prefix}>
                <th scope="row">{label}</th>
                {VERBS.map((v) => {
                  const event = `${prefix}.${v}`;
                  return <td key={v}>{verbs.includes(v) ? <input type="checkbox" aria-label={`${label}: ${v}`} checked={events.has(event)} onChange={(e) => toggle(event, e.currentTarget.checked)} /> : null}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </form>
    </Dialog>
  );
}
