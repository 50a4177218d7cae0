// Settings > Internationalization: the locales; add one (a known code, named in English by the
// browser), make one the default, delete one made here (config/plugins.ts's stay).
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { loadSchema, type Schema } from '../schema.js';
import { Button, Dialog, ErrorBox, notify, Spinner } from '../ui.js';
import { allows, Confirm, message, PageHead, useAction, useLoad } from './common.js';

interface Locale { id: number; code: string; name: string; isDefault: boolean }

// The API names no list of codes: these are the common ones (BCP 47), named by Intl
const CODES = ('af ar ar-EG ar-SA bg bn ca cs cy da de de-AT de-CH el en en-AU en-CA en-GB en-IE en-IN en-NZ en-US es es-AR es-ES es-MX et eu fa fi fil fr fr-BE '
  + 'fr-CA fr-CH ga gl gu he hi hr hu hy id is it it-CH ja ka kk km kn ko lt lv mk ml mn mr ms mt nb ne nl nl-BE nn pa pl pt pt-BR pt-PT ro ru sk sl sq sr '
  + 'sv sw ta te th tr uk ur uz vi zh zh-Hans zh-Hant zh-CN zh-HK zh-TW').split(' ');

const naming = (() => { try { return new Intl.DisplayNames(['en'], { type: 'language' }); } catch { return undefined; } })();
const nameOf = (code: string) => { try { return naming?.of(code) ?? code; } catch { return code; } };

export function Locales({ schema: s }: { schema: Schema }) {
  const { data, error, reload } = useLoad(() => api.get<Locale[]>('/i18n/locales'));
  const [open, setOpen] = useState<{ kind: 'add' } | { kind: 'delete'; locale: Locale }>();
  const may = (verb: string) => allows(s, `plugin::i18n.locale.${verb}`);
  // The content manager's locale pickers follow
  const changed = () => { reload(); loadSchema().catch(() => undefined); };
  const makeDefault = async (l: Locale) => {
    try {
      await api.put(`/i18n/locales/${l.id}`, { isDefault: true });
      notify('success', `${l.name} is the default locale`);
      changed();
    } catch (e) {
      notify('error', message(e));
    }
  };
  const close = () => setOpen(undefined);
  return (
    <>
      <PageHead title="Internationalization" intro="The locales entries are written in.">
        {may('create') ? <Button variant="primary" onClick={() => setOpen({ kind: 'add' })}>Add new locale</Button> : null}
      </PageHead>
      {error ? <ErrorBox error={error} /> : null}
      {!data && !error ? <Spinner /> : null}
      {data ? (
        <table class="list">
          <caption class="sr-only">Locales</caption>
          <thead><tr><th scope="col">Name</th><th scope="col">Code</th><th scope="col">Default</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {data.map((l) => (
              <tr key={l.code}>
                <th scope="row">{l.name}</th><td>{l.code}</td>
                <td>{l.isDefault ? <span class="badge badge-published">Default</span> : null}</td>
                <td class="cell-actions">
                  {!l.isDefault && may('update') ? <Button variant="ghost" aria-label={`Set as default: ${l.name}`} onClick={() => void makeDefault(l)}>Set as default</Button> : null}
                  {!l.isDefault && may('delete') ? <Button variant="ghost" class="danger" aria-label={`Delete ${l.name}`} onClick={() => setOpen({ kind: 'delete', locale: l })}>Delete</Button> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {open?.kind === 'add' ? <AddLocale taken={new Set((data ?? []).map((l) => l.code.toLowerCase()))} onClose={close} onSaved={() => { close(); changed(); }} /> : null}
      {open?.kind === 'delete' ? (
        <Confirm title="Delete the locale" confirm="Delete" onClose={close} onConfirm={async () => { await api.del(`/i18n/locales/${open.locale.id}`); changed(); }}>
          <p>Requests can no longer name {open.locale.name} ({open.locale.code}); its entries stay in the database.</p>
        </Confirm>
      ) : null}
    </>
  );
}

function AddLocale({ taken, onClose, onSaved }: { taken: Set<string>; onClose: () => void; onSaved: () => void }) {
  const codes = CODES.filter((c) => !taken.has(c.toLowerCase()));
  const [code, setCode] = useState(codes[0] ?? '');
  const [name, setName] = useState(nameOf(codes[0] ?? ''));
  const [isDefault, setDefault] = useState(false);
  const { busy, error, run } = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    if (await run(() => api.post('/i18n/locales', { code, name: name || code, isDefault }), 'Locale added')) onSaved();
  };
  return (
    <Dialog title="Add a locale" onClose={onClose} footer={(
      <>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" type="submit" form="locale-form" busy={busy}>Save</Button>
      </>
    )}>
      <form id="locale-form" class="stack" onSubmit={(e) => void submit(e)}>
        {error ? <ErrorBox error={error} /> : null}
        <div class="field"><label class="field-label" for="locale-code">Locale</label>
          <select id="locale-code" value={code} onChange={(e) => { setCode(e.currentTarget.value); setName(nameOf(e.currentTarget.value)); }}>
            {codes.map((c) => <option key={c} value={c}>{nameOf(c)} ({c})</option>)}
          </select>
        </div>
        <label class="field"><span class="field-label">Display name</span><input value={name} maxLength={50} onInput={(e) => setName(e.currentTarget.value)} /></label>
        <label class="check"><input type="checkbox" checked={isDefault} onChange={(e) => setDefault(e.currentTarget.checked)} />Make it the default locale</label>
      </form>
    </Dialog>
  );
}
