// Settings > Users & Permissions plugin: the advanced settings (registration, email confirmation,
// the reset page, new accounts' role) and the two email templates with a preview the server
// renders with sample values. What the config file sets is shown read-only.
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import type { Schema } from '../schema.js';
import { Button, Dialog, ErrorBox, Spinner } from '../ui.js';
import { allows, notFound, PageHead, useAction, useLoad } from './common.js';

const AT = '/users-permissions';
const off = (e: unknown) => (notFound(e) ? 'The users-permissions plugin is not enabled.' : undefined);
const LOCKED_NOTE = 'Set in the config file: change it there.';

interface Advanced {
  unique_email: boolean; allow_register: boolean; email_confirmation: boolean;
  email_confirmation_redirection: string; email_reset_password: string; default_role: string;
}
interface AdvancedAnswer { settings: Advanced; roles: Array<{ id: number; name: string; type: string }>; locked: string[] }

export function EndUserAdvanced({ schema: s }: { schema: Schema }) {
  const { data, error, reload } = useLoad(() => api.get<AdvancedAnswer>(`${AT}/advanced`));
  return (
    <>
      <PageHead title="End-user settings" intro="How end users sign up, confirm their email and reset their password." />
      {error ? (off(error) ? <p>{off(error)}</p> : <ErrorBox error={error} />) : null}
      {!data && !error ? <Spinner /> : null}
      {data ? <AdvancedForm key={JSON.stringify(data.settings)} answer={data} may={allows(s, 'plugin::users-permissions.advanced-settings.update')} onSaved={reload} /> : null}
    </>
  );
}

function AdvancedForm({ answer, may, onSaved }: { answer: AdvancedAnswer; may: boolean; onSaved: () => void }) {
  const [v, setV] = useState<Advanced>(answer.settings);
  const { busy, error, run } = useAction();
  const set = <K extends keyof Advanced>(key: K, value: Advanced[K]) => setV((old) => ({ ...old, [key]: value }));
  const locked = (key: keyof Advanced) => answer.locked.includes(key);
  const disabled = (key: keyof Advanced) => !may || locked(key);
  const note = (key: keyof Advanced) => (locked(key) ? <span class="hint" id={`up-${key}-locked`}>{LOCKED_NOTE}</span> : null);
  const described = (key: keyof Advanced) => (locked(key) ? `up-${key}-locked` : undefined);
  const submit = async (e: Event) => {
    e.preventDefault();
    if (await run(() => api.put(`${AT}/advanced`, v), 'Settings saved')) onSaved();
  };
  const check = (key: 'allow_register' | 'email_confirmation', label: string) => (
    <div class="field">
      <label class="check"><input type="checkbox" checked={v[key]} disabled={disabled(key)} aria-describedby={described(key)}
        onChange={(e) => set(key, e.currentTarget.checked)} />{label}</label>
      {note(key)}
    </div>
  );
  const url = (key: 'email_confirmation_redirection' | 'email_reset_password', label: string, hint: string) => (
    <div class="field">
      <label class="field-label" for={`up-${key}`}>{label}</label>
      <input id={`up-${key}`} type="text" inputMode="url" value={v[key]} disabled={disabled(key)} aria-describedby={described(key) ?? `up-${key}-hint`}
        onInput={(e) => set(key, e.currentTarget.value)} />
      {note(key) ?? <span class="hint" id={`up-${key}-hint`}>{hint}</span>}
    </div>
  );
  return (
    <form class="stack narrow-form" onSubmit={(e) => void submit(e)}>
      {error ? <ErrorBox error={error} /> : null}
      {check('allow_register', 'Anyone may create an account (register)')}
      {check('email_confirmation', 'New accounts confirm their email address before signing in')}
      {url('email_confirmation_redirection', 'After confirming, go to', 'A page of your front end (a URL, or a path on this server).')}
      {url('email_reset_password', 'Password reset page', 'The page of your front end that receives ?code= from the reset email.')}
      <div class="field">
        <label class="field-label" for="up-default-role">Role of new accounts</label>
        <select id="up-default-role" value={v.default_role} disabled={disabled('default_role')} aria-describedby={described('default_role')}
          onChange={(e) => set('default_role', e.currentTarget.value)}>
          {answer.roles.filter((r) => r.type !== 'public').map((r) => <option key={r.type} value={r.type}>{r.name}</option>)}
        </select>
        {note('default_role')}
      </div>
      <p class="muted">Email addresses are always unique among end users.</p>
      {may ? <div><Button variant="primary" type="submit" busy={busy}>Save</Button></div> : null}
    </form>
  );
}

interface Options { from: { name: string; email: string }; response_email: string; object: string; message: string; text: string }
interface Template { display: string; options: Options; locked: boolean }
type Templates = Record<'reset_password' | 'email_confirmation', Template>;
type TemplateKey = keyof Templates;
const TEMPLATES: Array<{ key: TemplateKey; label: string; variables: string[] }> = [
  { key: 'reset_password', label: 'Reset password', variables: ['URL', 'TOKEN', 'SERVER_URL', 'USER.username', 'USER.email'] },
  { key: 'email_confirmation', label: 'Email address confirmation', variables: ['URL', 'CODE', 'SERVER_URL', 'USER.username', 'USER.email'] },
];

export function EndUserEmailTemplates({ schema: s }: { schema: Schema }) {
  const { data, error, reload } = useLoad(() => api.get<Templates>(`${AT}/email-templates`));
  const [editing, setEditing] = useState<TemplateKey>();
  const may = allows(s, 'plugin::users-permissions.email-templates.update');
  return (
    <>
      <PageHead title="Email templates" intro="The messages end users receive. Templates substitute the variables listed and nothing else." />
      {error ? (off(error) ? <p>{off(error)}</p> : <ErrorBox error={error} />) : null}
      {!data && !error ? <Spinner /> : null}
      {data ? (
        <table class="list">
          <caption class="sr-only">Email templates</caption>
          <thead><tr><th scope="col">Template</th><th scope="col">Subject</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {TEMPLATES.map((t) => (
              <tr key={t.key}>
                <th scope="row">{t.label}</th>
                <td>{data[t.key].options.object}{data[t.key].locked ? <span class="muted"> (set in the config file)</span> : null}</td>
                <td class="cell-actions"><Button variant="ghost" aria-label={`${may && !data[t.key].locked ? 'Edit' : 'View'} ${t.label}`} onClick={() => setEditing(t.key)}>{may && !data[t.key].locked ? 'Edit' : 'View'}</Button></td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {data && editing ? (
        <TemplateDialog which={TEMPLATES.find((t) => t.key === editing)!} all={data} readOnly={!may || data[editing].locked}
          onClose={() => setEditing(undefined)} onSaved={() => { setEditing(undefined); reload(); }} />
      ) : null}
    </>
  );
}

interface Preview { subject: string; text: string; html?: string; replyTo?: string; from: string | { name: string; address: string } }

function TemplateDialog(props: { which: (typeof TEMPLATES)[number]; all: Templates; readOnly: boolean; onClose: () => void; onSaved: () => void }) {
  const { which, all, readOnly } = props;
  const [o, setO] = useState<Options>(all[which.key].options);
  const [preview, setPreview] = useState<Preview>();
  const saving = useAction();
  const previewing = useAction();
  const set = <K extends keyof Options>(key: K, value: Options[K]) => { setO((old) => ({ ...old, [key]: value })); setPreview(undefined); };
  const save = async (e: Event) => {
    e.preventDefault();
    const body = { 'email-templates': { ...all, [which.key]: { ...all[which.key], options: o } } };
    if (await saving.run(() => api.put(`${AT}/email-templates`, body), 'Template saved')) props.onSaved();
  };
  const show = () => void previewing.run(async () => setPreview(await api.post<Preview>(`${AT}/email-templates/preview`, { template: which.key, options: o })));
  const id = `tpl-${which.key}`;
  const input = (key: 'response_email' | 'object', label: string) => (
    <label class="field"><span class="field-label">{label}</span>
      <input value={o[key]} readOnly={readOnly} onInput={(e) => set(key, e.currentTarget.value)} /></label>
  );
  const area = (key: 'text' | 'message', label: string, rows: number) => (
    <label class="field"><span class="field-label">{label}</span>
      <textarea class="mono" rows={rows} value={o[key]} readOnly={readOnly} onInput={(e) => set(key, e.currentTarget.value)} /></label>
  );
  return (
    <Dialog title={`${readOnly ? '' : 'Edit: '}${which.label}`} wide onClose={props.onClose} footer={(
      <>
        <Button onClick={props.onClose}>{readOnly ? 'Close' : 'Cancel'}</Button>
        <Button busy={previewing.busy} onClick={show}>Preview</Button>
        {readOnly ? null : <Button variant="primary" type="submit" form={id} busy={saving.busy}>Save</Button>}
      </>
    )}>
      <form id={id} class="stack" onSubmit={(e) => void save(e)}>
        {saving.error ? <ErrorBox error={saving.error} /> : null}
        {all[which.key].locked ? <p class="muted">{LOCKED_NOTE}</p> : null}
        <p class="muted">Variables: {which.variables.map((v) => <code key={v} class="mono">{`<%= ${v} %>`} </code>)}</p>
        <div class="header-row">
          <label class="field"><span class="field-label">Sender name</span>
            <input value={o.from.name} readOnly={readOnly} onInput={(e) => set('from', { ...o.from, name: e.currentTarget.value })} /></label>
          <label class="field"><span class="field-label">Sender email</span>
            <input type="email" value={o.from.email} readOnly={readOnly} onInput={(e) => set('from', { ...o.from, email: e.currentTarget.value })} /></label>
        </div>
        {input('response_email', 'Reply to (optional)')}
        {input('object', 'Subject')}
        {area('text', 'Plain text', 5)}
        {area('message', 'HTML (optional)', 7)}
      </form>
      {previewing.error ? <ErrorBox error={previewing.error} /> : null}
      {preview ? <PreviewPane preview={preview} /> : null}
    </Dialog>
  );
}

function PreviewPane({ preview }: { preview: Preview }) {
  const from = typeof preview.from === 'string' ? preview.from : `${preview.from.name} <${preview.from.address}>`;
  return (
    <section class="section" aria-label="Preview">
      <h2>Preview</h2>
      <p class="muted">With sample values. The HTML is shown without scripts, remote images or inline styles.</p>
      <dl class="preview-head">
        <dt>From</dt><dd>{from}</dd>
        {preview.replyTo ? <><dt>Reply to</dt><dd>{preview.replyTo}</dd></> : null}
        <dt>Subject</dt><dd data-testid="preview-subject">{preview.subject}</dd>
      </dl>
      <pre class="payload" data-testid="preview-text">{preview.text}</pre>
      {/* An empty sandbox: the message's HTML runs nothing and reaches nothing */}
      {preview.html ? <iframe class="email-preview" title="HTML preview" sandbox="" srcdoc={preview.html} /> : null}
    </section>
  );
}
