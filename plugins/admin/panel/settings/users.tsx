// Settings > Administrators: the list; invite one (their registration link shown to send them);
// change one's roles; deactivate or activate one; delete one.
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { displayName, type Schema } from '../schema.js';
import { Button, Dialog, ErrorBox, notify, Spinner } from '../ui.js';
import { allows, Confirm, message, PageHead, Secret, useAction, useLoad } from './common.js';

interface Role { id: number; name: string; code: string }
interface Admin { id: number; firstname: string | null; lastname: string | null; username: string | null; email: string; isActive: boolean; blocked: boolean; roles: Role[] }
interface Page { results: Admin[]; pagination: { page: number; pageCount: number; total: number } }

export function Administrators({ schema: s }: { schema: Schema }) {
  const [page, setPage] = useState(1);
  const { data, error, reload } = useLoad(() => api.get<{ data: Page }>('/admin/users', { page, pageSize: 20, sort: 'id:asc' }).then((r) => r.data), [page]);
  const roles = useLoad(() => (allows(s, 'admin::roles.read') ? api.get<{ data: Role[] }>('/admin/roles').then((r) => r.data) : Promise.resolve([] as Role[])));
  const [open, setOpen] = useState<{ kind: 'invite' } | { kind: 'roles' | 'deactivate' | 'delete'; user: Admin }>();
  const [link, setLink] = useState<{ email: string; url: string }>();
  const may = (verb: string) => allows(s, `admin::users.${verb}`);
  const activate = async (u: Admin) => {
    try {
      await api.put(`/admin/users/${u.id}`, { isActive: true });
      notify('success', `${displayName(u)} is active`);
      reload();
    } catch (e) {
      notify('error', message(e));
    }
  };
  const close = () => setOpen(undefined);
  return (
    <>
      <PageHead title="Administrators" intro="Who signs in to this panel, and with which roles.">
        {may('create') && roles.data?.length ? <Button variant="primary" onClick={() => setOpen({ kind: 'invite' })}>Invite new administrator</Button> : null}
      </PageHead>
      {link ? <Secret label={`Registration link of ${link.email}`} value={link.url} note={`Send this link to ${link.email}: it lets them choose a password and sign in.`} /> : null}
      {error ? <ErrorBox error={error} /> : null}
      {!data && !error ? <Spinner /> : null}
      {data ? (
        <table class="list">
          <caption class="sr-only">Administrators</caption>
          <thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Roles</th><th scope="col">Status</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {data.results.map((u) => {
              const name = displayName(u);
              const me = u.id === s.user.id;
              return (
                <tr key={u.id}>
                  <th scope="row">{name}</th><td>{u.email}</td><td>{u.roles.map((r) => r.name).join(', ')}</td>
                  <td>{u.blocked ? 'Blocked' : u.isActive ? 'Active' : 'Inactive'}</td>
                  <td class="cell-actions">
                    {may('update') && roles.data?.length ? <Button variant="ghost" aria-label={`Roles of ${name}`} onClick={() => setOpen({ kind: 'roles', user: u })}>Roles</Button> : null}
                    {may('update') && !me ? (u.isActive
                      ? <Button variant="ghost" aria-label={`Deactivate ${name}`} onClick={() => setOpen({ kind: 'deactivate', user: u })}>Deactivate</Button>
                      : <Button variant="ghost" aria-label={`Activate ${name}`} onClick={() => void activate(u)}>Activate</Button>) : null}
                    {may('delete') && !me ? <Button variant="ghost" class="danger" aria-label={`Delete ${name}`} onClick={() => setOpen({ kind: 'delete', user: u })}>Delete</Button> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {data && data.pagination.pageCount > 1 ? (
        <nav class="pager" aria-label="Pages">
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</Button>
          <span>Page {page} of {data.pagination.pageCount}</span>
          <Button disabled={page >= data.pagination.pageCount} onClick={() => setPage(page + 1)}>Next</Button>
        </nav>
      ) : null}
      {open?.kind === 'invite' ? <Invite roles={roles.data ?? []} onClose={close} onInvited={(email, url) => { close(); setLink({ email, url }); reload(); }} /> : null}
      {open?.kind === 'roles' ? <EditRoles user={open.user} roles={roles.data ?? []} onClose={close} onSaved={() => { close(); reload(); }} /> : null}
      {open?.kind === 'deactivate' ? (
        <Confirm title="Deactivate the administrator" confirm="Deactivate" onClose={close} onConfirm={async () => { await api.put(`/admin/users/${open.user.id}`, { isActive: false }); reload(); }}>
          <p>{displayName(open.user)} is signed out at once and cannot sign in until activated again.</p>
        </Confirm>
      ) : null}
      {open?.kind === 'delete' ? (
        <Confirm title="Delete the administrator" confirm="Delete" onClose={close} onConfirm={async () => { await api.del(`/admin/users/${open.user.id}`); reload(); }}>
          <p>{displayName(open.user)} ({open.user.email}) is deleted. This cannot be undone.</p>
        </Confirm>
      ) : null}
    </>
  );
}

function RoleChoice({ roles, chosen, onChange }: { roles: Role[]; chosen: Set<number>; onChange: (next: Set<number>) => void }) {
  return (
    <fieldset class="plain">
      <legend class="field-label">Roles</legend>
      {roles.map((r) => (
        <label key={r.id} class="check"><input type="checkbox" checked={chosen.has(r.id)} onChange={(e) => {
          const next = new Set(chosen);
          if (e.currentTarget.checked) next.add(r.id); else next.delete(r.id);
          onChange(next);
        }} />{r.name}</label>
      ))}
    </fieldset>
  );
}

function Invite({ roles, onClose, onInvited }: { roles: Role[]; onClose: () => void; onInvited: (email: string, url: string) => void }) {
  const [f, setF] = useState({ email: '', firstname: '', lastname: '' });
  const [chosen, setChosen] = useState(new Set<number>(roles.filter((r) => r.code === 'strapi-editor').map((r) => r.id)));
  const { busy, error, run } = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    const made = await run(() => api.post<{ data: { email: string; registrationLink: string } }>('/admin/users', { ...f, lastname: f.lastname || undefined, roles: [...chosen] }), 'Invitation made');
    if (made) onInvited(made.data.email, made.data.registrationLink);
  };
  const input = (key: keyof typeof f, label: string) => {
    const props = { required: key !== 'lastname', value: f[key], onInput: (e: { currentTarget: HTMLInputElement }) => setF({ ...f, [key]: e.currentTarget.value }) };
    return <label class="field"><span class="field-label">{label}</span>{key === 'email' ? <input type="email" {...props} /> : <input type="text" {...props} />}</label>;
  };
  return (
    <Dialog title="Invite an administrator" onClose={onClose} footer={(
      <>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" type="submit" form="invite-form" busy={busy}>Invite</Button>
      </>
    )}>
      <form id="invite-form" class="stack" onSubmit={(e) => void submit(e)}>
        {error ? <ErrorBox error={error} /> : null}
        {input('firstname', 'First name')}
        {input('lastname', 'Last name')}
        {input('email', 'Email')}
        <RoleChoice roles={roles} chosen={chosen} onChange={setChosen} />
      </form>
    </Dialog>
  );
}

function EditRoles({ user, roles, onClose, onSaved }: { user: Admin; roles: Role[]; onClose: () => void; onSaved: () => void }) {
  const [chosen, setChosen] = useState(new Set(user.roles.map((r) => r.id)));
  const { busy, error, run } = useAction();
  const save = async () => {
    if (await run(() => api.put(`/admin/users/${user.id}`, { roles: [...chosen] }), 'Roles saved')) onSaved();
  };
  return (
    <Dialog title={`Roles of ${displayName(user)}`} onClose={onClose} footer={(
      <>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" busy={busy} disabled={!chosen.size} onClick={() => void save()}>Save</Button>
      </>
    )}>
      {error ? <ErrorBox error={error} /> : null}
      <RoleChoice roles={roles} chosen={chosen} onChange={setChosen} />
    </Dialog>
  );
}
