// Settings > API tokens: the list; create and edit (name, description, duration, type, and a custom
// token's actions by content type); the secret shown once after create or regenerate; revoke.
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import type { Schema } from '../schema.js';
import { Button, Dialog, ErrorBox, Spinner } from '../ui.js';
import { allows, Confirm, PageHead, Secret, useAction, useLoad, when } from './common.js';

interface Token {
  id: number; name: string; description: string | null; type: 'read-only' | 'full-access' | 'custom';
  lifespan: number | null; permissions: string[]; createdAt: string; expiresAt: string | null; lastUsedAt: string | null;
}

const DAY = 24 * 60 * 60 * 1000;
const DURATIONS: Array<[string, string]> = [[String(7 * DAY), '7 days'], [String(30 * DAY), '30 days'], [String(90 * DAY), '90 days'], ['', 'Unlimited']];
const TYPES: Array<[Token['type'], string]> = [['read-only', 'Read-only'], ['full-access', 'Full access'], ['custom', 'Custom']];
const AT = '/admin/api-tokens';
const ORDER = ['find', 'findOne', 'create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft', 'readDraft'];

/** The content API's actions by content type: users-permissions' catalogue when the role may read
 *  it, else the content types' own verbs. */
async function catalogue(s: Schema): Promise<Array<{ uid: string; label: string; actions: string[] }>> {
  try {
    const { permissions } = await api.get<{ permissions: Record<string, { controllers: Record<string, Record<string, unknown>> }> }>('/users-permissions/permissions');
    return Object.entries(permissions).filter(([k]) => k.startsWith('api::')).flatMap(([group, { controllers }]) => Object.entries(controllers).map(([name, actions]) => {
      const uid = `${group}.${name}`;
      return { uid, label: s.contentTypes.find((t) => t.uid === uid)?.info.displayName ?? uid, actions: Object.keys(actions) };
    }));
  } catch {
    return s.contentTypes.filter((t) => t.uid.startsWith('api::')).map((t) => ({
      uid: t.uid, label: t.info.displayName, actions: t.kind === 'singleType' ? ['find', 'update', 'delete'] : ['find', 'findOne', 'create', 'update', 'delete'],
    }));
  }
}

export function ApiTokens({ schema: s }: { schema: Schema }) {
  const { data, error, reload } = useLoad(() => api.get<{ data: Token[] }>(AT).then((r) => r.data));
  const [open, setOpen] = useState<{ kind: 'form'; token?: Token } | { kind: 'regenerate' | 'revoke'; token: Token }>();
  const [secret, setSecret] = useState<{ name: string; key: string }>();
  const may = (verb: string) => allows(s, `admin::api-tokens.${verb}`);
  const close = () => setOpen(undefined);
  return (
    <>
      <PageHead title="API tokens" intro="Tokens that let scripts and sites call the content API.">
        {may('create') ? <Button variant="primary" onClick={() => setOpen({ kind: 'form' })}>Create new API token</Button> : null}
      </PageHead>
      {secret ? <Secret label={`Secret of ${secret.name}`} value={secret.key} note={`The secret of "${secret.name}": copy it now, it will not be shown again.`} /> : null}
      {error ? <ErrorBox error={error} /> : null}
      {!data && !error ? <Spinner /> : null}
      {data ? (
        <table class="list">
          <caption class="sr-only">API tokens</caption>
          <thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {data.length ? data.map((t) => (
              <tr key={t.id}>
                <th scope="row">{t.name}{t.description ? <span class="hint block">{t.description}</span> : null}</th>
                <td>{TYPES.find(([v]) => v === t.type)?.[1]}</td>
                <td>{t.expiresAt ? when(t.expiresAt) : 'Never'}</td>
                <td>{t.lastUsedAt ? when(t.lastUsedAt) : 'Never'}</td>
                <td class="cell-actions">
                  {may('update') ? <Button variant="ghost" aria-label={`Edit ${t.name}`} onClick={() => setOpen({ kind: 'form', token: t })}>Edit</Button> : null}
                  {may('regenerate') ? <Button variant="ghost" aria-label={`Regenerate ${t.name}`} onClick={() => setOpen({ kind: 'regenerate', token: t })}>Regenerate</Button> : null}
                  {may('delete') ? <Button variant="ghost" class="danger" aria-label={`Revoke ${t.name}`} onClick={() => setOpen({ kind: 'revoke', token: t })}>Revoke</Button> : null}
                </td>
              </tr>
            )) : <tr><td colSpan={5} class="empty">No API tokens yet.</td></tr>}
          </tbody>
        </table>
      ) : null}
      {open?.kind === 'form' ? (
        <TokenForm schema={s} token={open.token} onClose={close} onSaved={(made) => {
          close();
          if (made.accessKey) setSecret({ name: made.name, key: made.accessKey });
          reload();
        }} />
      ) : null}
      {open?.kind === 'regenerate' ? (
        <Confirm title="Regenerate the token" confirm="Regenerate" onClose={close} onConfirm={async () => {
          const r = await api.post<{ data: { accessKey: string } }>(`${AT}/${open.token.id}/regenerate`);
          setSecret({ name: open.token.name, key: r.data.accessKey });
        }}>
          <p>"{open.token.name}" gets a new secret; the current one stops working at once.</p>
        </Confirm>
      ) : null}
      {open?.kind === 'revoke' ? (
        <Confirm title="Revoke the token" confirm="Revoke" onClose={close} onConfirm={async () => {
          await api.del(`${AT}/${open.token.id}`);
          if (secret?.name === open.token.name) setSecret(undefined);
          reload();
        }}>
          <p>Requests carrying "{open.token.name}" will be refused. This cannot be undone.</p>
        </Confirm>
      ) : null}
    </>
  );
}

function TokenForm({ schema: s, token, onClose, onSaved }: { schema: Schema; token?: Token; onClose: () => void; onSaved: (t: Token & { accessKey?: string }) => void }) {
  const [name, setName] = useState(token?.name ?? '');
  const [description, setDescription] = useState(token?.description ?? '');
  const [lifespan, setLifespan] = useState(String(30 * DAY));
  const [type, setType] = useState<Token['type']>(token?.type ?? 'read-only');
  const [chosen, setChosen] = useState(new Set(token?.permissions ?? []));
  const types = useLoad(() => catalogue(s));
  const { busy, error, run } = useAction();
  const toggle = (action: string, on: boolean) => setChosen((prev) => { const next = new Set(prev); if (on) next.add(action); else next.delete(action); return next; });
  const submit = async (e: Event) => {
    e.preventDefault();
    const body: Record<string, unknown> = { name, description: description || null, type, permissions: type === 'custom' ? [...chosen] : null };
    if (!token) body.lifespan = lifespan ? Number(lifespan) : null;
    const saved = await run(() => (token ? api.put<{ data: Token }>(`${AT}/${token.id}`, body) : api.post<{ data: Token & { accessKey: string } }>(AT, body)), token ? 'Token saved' : 'Token created');
    if (saved) onSaved(saved.data);
  };
  const rank = (a: string) => { const i = ORDER.indexOf(a); return i < 0 ? ORDER.length : i; };
  const actions = [...new Set((types.data ?? []).flatMap((t) => t.actions))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return (
    <Dialog title={token ? `Edit ${token.name}` : 'Create an API token'} wide onClose={onClose} footer={(
      <>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" type="submit" form="token-form" busy={busy}>Save</Button>
      </>
    )}>
      <form id="token-form" class="stack" onSubmit={(e) => void submit(e)}>
        {error ? <ErrorBox error={error} /> : null}
        <label class="field"><span class="field-label">Name</span><input required value={name} onInput={(e) => setName(e.currentTarget.value)} /></label>
        <label class="field"><span class="field-label">Description</span><textarea rows={2} value={description} onInput={(e) => setDescription(e.currentTarget.value)} /></label>
        {token ? <p class="hint">Expires: {token.expiresAt ? when(token.expiresAt) : 'never'} (a token's duration does not change).</p> : (
          <label class="field"><span class="field-label">Duration</span>
            <select value={lifespan} onChange={(e) => setLifespan(e.currentTarget.value)}>{DURATIONS.map(([v, l]) => <option key={v} value={v}>{l}</option>)}</select>
          </label>
        )}
        <fieldset class="plain">
          <legend class="field-label">Token type</legend>
          <div class="segmented">
            {TYPES.map(([v, l]) => <label key={v}><input type="radio" name="token-type" value={v} checked={type === v} onChange={() => setType(v)} />{l}</label>)}
          </div>
        </fieldset>
        {type === 'custom' ? (types.data ? (
          <table class="list matrix">
            <caption>Allowed actions</caption>
            <thead><tr><th scope="col">Content type</th>{actions.map((a) => <th key={a} scope="col">{a}</th>)}</tr></thead>
            <tbody>
              {types.data.map((t) => (
                <tr key={t.uid}>
                  <th scope="row">{t.label}</th>
                  {actions.map((a) => {
                    const action = `${t.uid}.${a}`;
                    return <td key={a}>{t.actions.includes(a) ? <input type="checkbox" aria-label={`${t.label}: ${a}`} checked={chosen.has(action)} onChange={(e) => toggle(action, e.currentTarget.checked)} /> : null}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ) : <Spinner />) : null}
      </form>
    </Dialog>
  );
}
