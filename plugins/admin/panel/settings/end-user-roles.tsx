// Settings > End-user roles (users-permissions): the roles, with their number of users; create and
// delete one; a role's editor with the content API's actions by API and controller.
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { href, onLinkClick } from '../router.js';
import type { Schema } from '../schema.js';
import { Button, Dialog, ErrorBox, Spinner } from '../ui.js';
import { allows, Confirm, notFound, PageHead, useAction, useLoad } from './common.js';

interface Role { id: number; name: string; description: string | null; type: string; nb_users?: number }
type Actions = Record<string, { enabled: boolean; policy?: string }>;
type Permissions = Record<string, { controllers: Record<string, Actions> }>;

const AT = '/users-permissions';
const FIXED = new Set(['public', 'authenticated']);
const off = (e: unknown) => (notFound(e) ? 'The users-permissions plugin is not enabled.' : undefined);

export function EndUserRoles({ schema: s }: { schema: Schema }) {
  const { data, error, reload } = useLoad(() => api.get<{ roles: Role[] }>(`${AT}/roles`).then((r) => r.roles));
  const [open, setOpen] = useState<{ kind: 'create' } | { kind: 'delete'; role: Role }>();
  const may = (verb: string) => allows(s, `plugin::users-permissions.roles.${verb}`);
  const close = () => setOpen(undefined);
  return (
    <>
      <PageHead title="End-user roles" intro="What the content API lets each kind of end user do.">
        {may('create') && data ? <Button variant="primary" onClick={() => setOpen({ kind: 'create' })}>Add new role</Button> : null}
      </PageHead>
      {error ? (off(error) ? <p>{off(error)}</p> : <ErrorBox error={error} />) : null}
      {!data && !error ? <Spinner /> : null}
      {data ? (
        <table class="list">
          <caption class="sr-only">End-user roles</caption>
          <thead><tr><th scope="col">Name</th><th scope="col">Description</th><th scope="col">Users</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {data.map((r) => (
              <tr key={r.id}>
                <th scope="row"><a href={href(`/settings/users-permissions/roles/${r.id}`)} onClick={onLinkClick}>{r.name}</a></th>
                <td>{r.description ?? ''}</td><td>{r.nb_users ?? 0}</td>
                <td class="cell-actions">
                  {may('delete') && !FIXED.has(r.type) ? <Button variant="ghost" class="danger" aria-label={`Delete ${r.name}`} onClick={() => setOpen({ kind: 'delete', role: r })}>Delete</Button> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {open?.kind === 'create' ? <CreateRole onClose={close} onSaved={() => { close(); reload(); }} /> : null}
      {open?.kind === 'delete' ? (
        <Confirm title="Delete the role" confirm="Delete" onClose={close} onConfirm={async () => { await api.del(`${AT}/roles/${open.role.id}`); reload(); }}>
          <p>The role "{open.role.name}" is deleted; its users move to Authenticated.</p>
        </Confirm>
      ) : null}
    </>
  );
}

function CreateRole({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { busy, error, run } = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    if (await run(() => api.post(`${AT}/roles`, { name, description }), 'Role created')) onSaved();
  };
  return (
    <Dialog title="Add an end-user role" onClose={onClose} footer={<><Button onClick={onClose}>Cancel</Button><Button variant="primary" type="submit" form="up-role-form" busy={busy}>Create</Button></>}>
      <form id="up-role-form" class="stack" onSubmit={(e) => void submit(e)}>
        {error ? <ErrorBox error={error} /> : null}
        <label class="field"><span class="field-label">Name</span><input required value={name} onInput={(e) => setName(e.currentTarget.value)} /></label>
        <label class="field"><span class="field-label">Description</span><textarea rows={2} value={description} onInput={(e) => setDescription(e.currentTarget.value)} /></label>
      </form>
    </Dialog>
  );
}

export function EndUserRoleEditor({ id, schema: s }: { id: string; schema: Schema }) {
  const loaded = useLoad(() => Promise.all([
    api.get<{ role: Role & { permissions: Permissions } }>(`${AT}/roles/${encodeURIComponent(id)}`),
    api.get<{ permissions: Permissions }>(`${AT}/permissions`),
  ]).then(([r, p]) => ({ role: r.role, all: p.permissions })), [id]);
  const [granted, setGranted] = useState<Set<string>>();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { busy, error, run } = useAction();
  useEffect(() => {
    if (!loaded.data) return;
    const on = new Set<string>();
    for (const [group, { controllers }] of Object.entries(loaded.data.role.permissions ?? {})) {
      for (const [controller, actions] of Object.entries(controllers)) for (const [action, v] of Object.entries(actions)) if (v.enabled) on.add(`${group}.${controller}.${action}`);
    }
    setGranted(on);
    setName(loaded.data.role.name);
    setDescription(loaded.data.role.description ?? '');
  }, [loaded.data]);
  if (loaded.error) return <><PageHead title="End-user role" /><ErrorBox error={loaded.error} /></>;
  if (!loaded.data || !granted) return <Spinner />;
  const { role, all } = loaded.data;
  const locked = !allows(s, 'plugin::users-permissions.roles.update');
  const label = (group: string, controller: string) => s.contentTypes.find((t) => t.uid === `${group}.${controller}`)?.info.displayName ?? `${group.replace(/^\w+::/, '')}: ${controller}`;
  const toggle = (k: string, on: boolean) => setGranted((prev) => { const next = new Set(prev); if (on) next.add(k); else next.delete(k); return next; });
  const save = async () => {
    const permissions: Permissions = {};
    for (const [group, { controllers }] of Object.entries(all)) {
      permissions[group] = { controllers: Object.fromEntries(Object.entries(controllers).map(([c, actions]) => [c,
        Object.fromEntries(Object.keys(actions).map((a) => [a, { enabled: granted.has(`${group}.${c}.${a}`), policy: '' }]))])) };
    }
    if (await run(() => api.put(`${AT}/roles/${role.id}`, { name, description, permissions }), 'Role saved')) loaded.reload();
  };
  return (
    <>
      <a class="back" href={href('/settings/users-permissions/roles')} onClick={onLinkClick}>← End-user roles</a>
      <PageHead title={role.name} intro="Choose the content API's actions this role may call.">
        {locked ? null : <Button variant="primary" busy={busy} onClick={() => void save()}>Save</Button>}
      </PageHead>
      {error ? <ErrorBox error={error} /> : null}
      <fieldset class="plain stack" disabled={locked}>
        <legend class="sr-only">Role</legend>
        <div class="row">
          <label class="field size-6"><span class="field-label">Name</span><input value={name} onInput={(e) => setName(e.currentTarget.value)} /></label>
          <label class="field size-6"><span class="field-label">Description</span><input value={description} onInput={(e) => setDescription(e.currentTarget.value)} /></label>
        </div>
        {Object.entries(all).map(([group, { controllers }]) => Object.entries(controllers).map(([controller, actions]) => {
          const title = label(group, controller);
          return (
            <fieldset key={`${group}.${controller}`} class="group">
              <legend>{title}</legend>
              <div class="checks">
                {Object.keys(actions).map((a) => {
                  const k = `${group}.${controller}.${a}`;
                  return <label key={a} class="check"><input type="checkbox" aria-label={`${title}: ${a}`} checked={granted.has(k)} onChange={(e) => toggle(k, e.currentTarget.checked)} />{a}</label>;
                })}
              </div>
            </fieldset>
          );
        }))}
      </fieldset>
    </>
  );
}
