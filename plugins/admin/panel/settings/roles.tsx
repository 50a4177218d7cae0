// Settings > Admin roles: the list (create, delete one nobody has) and a role's editor: its name,
// the content types × actions matrix, each type narrowed to fields and locales per action and
// given conditions, and the settings actions. Saved whole (PUT /admin/roles/:id/permissions).
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { href, navigate, onLinkClick } from '../router.js';
import { isLocalized, isSystem, type Permission, type Schema } from '../schema.js';
import { Button, Dialog, ErrorBox, Spinner } from '../ui.js';
import { allows, Confirm, PageHead, SUPER_ADMIN, useAction, useLoad } from './common.js';

interface Role { id: number; name: string; code: string; description: string | null; usersCount?: number }
interface Catalogue {
  conditions: Array<{ id: string; displayName: string }>;
  sections: {
    contentTypes: Array<{ action: string; displayName: string; subjects: string[]; options: { applyToProperties: string[] } }>;
    settings: Array<{ action: string; displayName: string; category: string; subCategory: string }>;
  };
}
type Row = Pick<Permission, 'action' | 'subject' | 'properties' | 'conditions'>;

export function Roles({ schema: s }: { schema: Schema }) {
  const { data, error, reload } = useLoad(() => api.get<{ data: Role[] }>('/admin/roles').then((r) => r.data));
  const [open, setOpen] = useState<{ kind: 'create' } | { kind: 'delete'; role: Role }>();
  const may = (verb: string) => allows(s, `admin::roles.${verb}`);
  const close = () => setOpen(undefined);
  return (
    <>
      <PageHead title="Admin roles" intro="What each administrator's roles let them do in this panel.">
        {may('create') ? <Button variant="primary" onClick={() => setOpen({ kind: 'create' })}>Create new role</Button> : null}
      </PageHead>
      {error ? <ErrorBox error={error} /> : null}
      {!data && !error ? <Spinner /> : null}
      {data ? (
        <table class="list">
          <caption class="sr-only">Admin roles</caption>
          <thead><tr><th scope="col">Name</th><th scope="col">Description</th><th scope="col">Administrators</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {data.map((r) => (
              <tr key={r.id}>
                <th scope="row"><a href={href(`/settings/roles/${r.id}`)} onClick={onLinkClick}>{r.name}</a></th>
                <td>{r.description ?? ''}</td><td>{r.usersCount ?? 0}</td>
                <td class="cell-actions">
                  {may('delete') && r.code !== SUPER_ADMIN && !r.usersCount ? <Button variant="ghost" class="danger" aria-label={`Delete ${r.name}`} onClick={() => setOpen({ kind: 'delete', role: r })}>Delete</Button> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {open?.kind === 'create' ? <CreateRole onClose={close} /> : null}
      {open?.kind === 'delete' ? (
        <Confirm title="Delete the role" confirm="Delete" onClose={close} onConfirm={async () => { await api.del(`/admin/roles/${open.role.id}`); reload(); }}>
          <p>The role "{open.role.name}" and its permissions are deleted.</p>
        </Confirm>
      ) : null}
    </>
  );
}

function CreateRole({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { busy, error, run } = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    const made = await run(() => api.post<{ data: Role }>('/admin/roles', { name, description }), 'Role created');
    if (made) navigate(`/settings/roles/${made.data.id}`);
  };
  return (
    <Dialog title="Create a role" onClose={onClose} footer={<><Button onClick={onClose}>Cancel</Button><Button variant="primary" type="submit" form="role-form" busy={busy}>Create</Button></>}>
      <form id="role-form" class="stack" onSubmit={(e) => void submit(e)}>
        {error ? <ErrorBox error={error} /> : null}
        <label class="field"><span class="field-label">Name</span><input required value={name} onInput={(e) => setName(e.currentTarget.value)} /></label>
        <label class="field"><span class="field-label">Description</span><textarea rows={2} value={description} onInput={(e) => setDescription(e.currentTarget.value)} /></label>
      </form>
    </Dialog>
  );
}

const key = (action: string, subject: string | null) => `${action}|${subject ?? ''}`;

export function RoleEditor({ id, schema: s }: { id: string; schema: Schema }) {
  const loaded = useLoad(() => Promise.all([
    api.get<{ data: Role }>(`/admin/roles/${encodeURIComponent(id)}`),
    api.get<{ data: Row[] }>(`/admin/roles/${encodeURIComponent(id)}/permissions`),
    api.get<{ data: Catalogue }>('/admin/permissions'),
  ]).then(([r, p, c]) => ({ role: r.data, rows: p.data, catalogue: c.data })), [id]);
  const [rows, setRows] = useState<Map<string, Row>>();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [expanded, setExpanded] = useState<string>();
  const { busy, error, run } = useAction();
  useEffect(() => {
    if (!loaded.data) return;
    setRows(new Map(loaded.data.rows.map((r) => [key(r.action, r.subject), { action: r.action, subject: r.subject, properties: r.properties ?? {}, conditions: r.conditions ?? [] }])));
    setName(loaded.data.role.name);
    setDescription(loaded.data.role.description ?? '');
  }, [loaded.data]);
  if (loaded.error) return <><PageHead title="Role" /><ErrorBox error={loaded.error} /></>;
  if (!loaded.data || !rows) return <Spinner />;
  const { role, catalogue } = loaded.data;
  const locked = role.code === SUPER_ADMIN || !allows(s, 'admin::roles.update');
  const actions = catalogue.sections.contentTypes;
  const subjects = [...new Set(actions.flatMap((a) => a.subjects))];
  const typeOf = (uid: string) => s.contentTypes.find((t) => t.uid === uid);
  const label = (uid: string) => typeOf(uid)?.info.displayName ?? uid;
  const change = (fn: (next: Map<string, Row>) => void) => setRows((prev) => { const next = new Map(prev); fn(next); return next; });
  const toggle = (action: string, subject: string | null, on: boolean) => change((next) => {
    if (!on) { next.delete(key(action, subject)); return; }
    const sibling = subject ? [...next.values()].find((r) => r.subject === subject) : undefined;
    next.set(key(action, subject), { action, subject, properties: {}, conditions: sibling?.conditions ?? [] });
  });
  const save = async () => {
    const ok = await run(async () => {
      if (name !== role.name || description !== (role.description ?? '')) await api.put(`/admin/roles/${role.id}`, { name, description });
      await api.put(`/admin/roles/${role.id}/permissions`, { permissions: [...rows.values()] });
      return true;
    }, 'Role saved');
    if (ok) loaded.reload();
  };
  const settings = catalogue.sections.settings;
  const categories = [...new Set(settings.map((a) => a.category))];
  return (
    <>
      <a class="back" href={href('/settings/roles')} onClick={onLinkClick}>← Admin roles</a>
      <PageHead title={role.name} intro={role.code === SUPER_ADMIN ? 'The Super Admin role has every permission; it is not edited.' : 'Choose what administrators with this role may do.'}>
        {locked ? null : <Button variant="primary" busy={busy} onClick={() => void save()}>Save</Button>}
      </PageHead>
      {error ? <ErrorBox error={error} /> : null}
      <fieldset class="plain stack" disabled={locked}>
        <legend class="sr-only">Role</legend>
        <div class="row">
          <label class="field size-6"><span class="field-label">Name</span><input value={name} onInput={(e) => setName(e.currentTarget.value)} /></label>
          <label class="field size-6"><span class="field-label">Description</span><input value={description} onInput={(e) => setDescription(e.currentTarget.value)} /></label>
        </div>
        <h2>Content types</h2>
        <table class="list matrix">
          <caption class="sr-only">Content types and actions</caption>
          <thead><tr><th scope="col">Content type</th>{actions.map((a) => <th key={a.action} scope="col">{a.displayName}</th>)}<th scope="col"><span class="sr-only">Narrowing</span></th></tr></thead>
          <tbody>
            {subjects.map((uid) => {
              const open = expanded === uid;
              return [
                <tr key={uid}>
                  <th scope="row">{label(uid)}</th>
                  {actions.map((a) => (
                    <td key={a.action}>{a.subjects.includes(uid) ? (
                      <input type="checkbox" aria-label={`${label(uid)}: ${a.displayName}`} checked={rows.has(key(a.action, uid))} onChange={(e) => toggle(a.action, uid, e.currentTarget.checked)} />
                    ) : null}</td>
                  ))}
                  <td><Button variant="ghost" aria-expanded={open} aria-controls={`narrow-${uid}`} aria-label={`${open ? 'Hide details' : 'Details'} of ${label(uid)}: fields, locales, conditions`} onClick={() => setExpanded(open ? undefined : uid)}>{open ? 'Hide details' : 'Details'}</Button></td>
                </tr>,
                open ? (
                  <tr key={`${uid}-narrow`} id={`narrow-${uid}`}>
                    <td colSpan={actions.length + 2}>
                      <Narrowing uid={uid} label={label(uid)} schema={s} actions={actions.filter((a) => a.subjects.includes(uid))} rows={rows} conditions={catalogue.conditions} change={change} />
                    </td>
                  </tr>
                ) : null,
              ];
            })}
          </tbody>
        </table>
        <h2>Settings</h2>
        {categories.map((c) => (
          <fieldset key={c} class="group">
            <legend>{c}</legend>
            <div class="checks">
              {settings.filter((a) => a.category === c).map((a) => (
                <label key={a.action} class="check"><input type="checkbox" checked={rows.has(key(a.action, null))} onChange={(e) => toggle(a.action, null, e.currentTarget.checked)} />
                  {a.subCategory !== 'General' ? `${a.subCategory}: ` : ''}{a.displayName}</label>
              ))}
            </div>
          </fieldset>
        ))}
      </fieldset>
    </>
  );
}

function Narrowing(props: {
  uid: string; label: string; schema: Schema; actions: Catalogue['sections']['contentTypes']; rows: Map<string, Row>;
  conditions: Catalogue['conditions']; change: (fn: (next: Map<string, Row>) => void) => void;
}) {
  const { uid, schema: s, rows, change } = props;
  const type = s.contentTypes.find((t) => t.uid === uid);
  const fields = type ? Object.entries(type.attributes).filter(([n, a]) => !isSystem(n, a)).map(([n]) => n) : [];
  const locales = type && isLocalized(type) ? s.locales.map((l) => l.code) : [];
  const granted = props.actions.filter((a) => rows.has(key(a.action, uid)));
  /** Narrows a property of an action's row: all checked means no narrowing. */
  const narrow = (action: string, prop: 'fields' | 'locales', all: string[], value: string, on: boolean) => change((next) => {
    const row = next.get(key(action, uid));
    if (!row) return;
    const current = new Set(row.properties[prop] ?? all);
    if (on) current.add(value); else current.delete(value);
    const properties = { ...row.properties };
    if (all.every((v) => current.has(v))) delete properties[prop]; else properties[prop] = all.filter((v) => current.has(v));
    next.set(key(action, uid), { ...row, properties });
  });
  const grid = (prop: 'fields' | 'locales', all: string[], title: string) => {
    const cols = granted.filter((a) => a.options.applyToProperties.includes(prop));
    if (!all.length || !cols.length) return null;
    return (
      <table class="list matrix">
        <caption>{title}</caption>
        <thead><tr><th scope="col">{prop === 'fields' ? 'Field' : 'Locale'}</th>{cols.map((a) => <th key={a.action} scope="col">{a.displayName}</th>)}</tr></thead>
        <tbody>
          {all.map((v) => (
            <tr key={v}>
              <th scope="row">{v}</th>
              {cols.map((a) => {
                const list = rows.get(key(a.action, uid))!.properties[prop];
                return <td key={a.action}><input type="checkbox" aria-label={`${props.label}: ${a.displayName} ${v}`} checked={!list || list.includes(v)} onChange={(e) => narrow(a.action, prop, all, v, e.currentTarget.checked)} /></td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    );
  };
  const conditions = new Set(granted.flatMap((a) => rows.get(key(a.action, uid))!.conditions));
  const setCondition = (id: string, on: boolean) => change((next) => {
    for (const a of granted) {
      const row = next.get(key(a.action, uid))!;
      const list = new Set(row.conditions);
      if (on) list.add(id); else list.delete(id);
      next.set(key(a.action, uid), { ...row, conditions: [...list] });
    }
  });
  if (!granted.length) return <p class="hint">Grant an action on {props.label} first.</p>;
  return (
    <div class="narrowing">
      {grid('fields', fields, `Fields of ${props.label}`)}
      {grid('locales', locales, `Locales of ${props.label}`)}
      <fieldset class="group">
        <legend>Conditions on {props.label} (every action above)</legend>
        {props.conditions.map((c) => (
          <label key={c.id} class="check"><input type="checkbox" checked={conditions.has(c.id)} onChange={(e) => setCondition(c.id, e.currentTarget.checked)} />{c.displayName}</label>
        ))}
      </fieldset>
    </div>
  );
}
