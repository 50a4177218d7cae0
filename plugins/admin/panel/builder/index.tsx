// The content-type builder: the app's collection types, single types and components (by
// category), created and edited here as drafts, saved in one update-schema request. A deletion
// that leaves rows behind comes back as a 409 naming them, shown for confirmation; a rename is
// sent as one (renamedFrom), so its values are kept. After a save the server (`strata develop`)
// starts again on the files: the screen polls the status route until it answers, then reloads.
// Outside development the server refuses writes, and the screen is read-only and says why.
import { useEffect, useState } from 'preact/hooks';
import './builder.css';
import { api, ApiError } from '../api.js';
import { here, href, match, navigate, onLinkClick } from '../router.js';
import { loadSchema, type Schema } from '../schema.js';
import { allows } from '../settings/common.js';
import { createStore, useStore } from '../store.js';
import { Button, Dialog, ErrorBox, notify, Spinner } from '../ui.js';
import { AttributeDialog, type Choices } from './attribute-form.js';
import {
  attrState, CTB_READ, describe, type DraftAttr, type DraftModel, draftsOf, kebab, modelChanged, NAME, optionsOf, pluralize, type Props,
  requestOf, type SchemaView, TYPE_LABELS, type UpdateBody,
} from './model.js';

export const BUILDER_PATH = '/plugins/content-type-builder';
const SCHEMA = '/content-type-builder/schema';
const UPDATE = '/content-type-builder/update-schema';
const STATUS = '/content-type-builder/update-schema-status';

export const mayBuild = (s: Schema) => allows(s, CTB_READ);

/** The builder's link in the menu, for those whose role reads it. */
export function BuilderNav({ schema: s }: { schema: Schema }) {
  const { path } = useStore(here);
  if (!mayBuild(s)) return null;
  const current = path === BUILDER_PATH || path.startsWith(`${BUILDER_PATH}/`);
  return (
    <section>
      <h2 class="nav-title">Plugins</h2>
      <ul><li><a href={href(BUILDER_PATH)} onClick={onLinkClick} aria-current={current ? 'page' : undefined}>Content-Type Builder</a></li></ul>
    </section>
  );
}

type Phase = 'idle' | 'restarting' | 'slow';

interface State {
  drafts?: Map<string, DraftModel>;
  /** Whether the server writes (development with autoReload); the status route says. */
  canUpdate: boolean;
  phase: Phase;
}

// Kept while the panel is open: moving between the builder's types keeps the unsaved changes
const state = createStore<State>({ canUpdate: false, phase: 'idle' });

async function load(): Promise<void> {
  const [schema, status] = await Promise.all([
    api.get<{ data: SchemaView }>(SCHEMA),
    api.get<{ data: { isUpdating: boolean; canUpdate?: boolean } }>(STATUS),
  ]);
  state.set({ drafts: draftsOf(schema.data), canUpdate: status.data.canUpdate === true && !status.data.isUpdating, phase: status.data.isUpdating ? 'restarting' : 'idle' });
  if (status.data.isUpdating) void waitForRestart();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls the status route until a server answers that has loaded the files (isUpdating false):
 *  the one that wrote answers true until develop replaces it, and none answers meanwhile. */
async function waitForRestart(): Promise<void> {
  const started = Date.now();
  for (;;) {
    await sleep(500);
    if (Date.now() - started > 30_000 && state.get().phase === 'restarting') state.update((s) => ({ ...s, phase: 'slow' }));
    try {
      const status = await api.get<{ data: { isUpdating: boolean } }>(STATUS);
      if (!status.data.isUpdating) break;
    } catch {
      // No server yet (develop is starting it again)
    }
  }
  await Promise.all([load(), loadSchema()]);
  notify('success', 'The server is back with the new schema');
}

const edit = (fn: (drafts: Map<string, DraftModel>) => void) => state.update((s) => {
  const drafts = new Map([...(s.drafts ?? new Map<string, DraftModel>())].map(([k, m]) => [k, { ...m, attributes: m.attributes.map((a) => ({ ...a })) }]));
  fn(drafts);
  return { ...s, drafts };
});

const pathOf = (m: DraftModel) => `${BUILDER_PATH}/${m.component ? 'components' : 'content-types'}/${m.uid}`;

interface Loss { uid: string; attribute?: string; change: string; rows: number }

export function Builder() {
  const { path } = useStore(here);
  const st = useStore(state);
  const [failed, setFailed] = useState<unknown>();
  const [dialog, setDialog] = useState<{ kind: 'create'; what: 'collectionType' | 'singleType' | 'component' } | { kind: 'settings'; model: DraftModel }>();
  const [losses, setLosses] = useState<{ body: UpdateBody; losses: Loss[]; rows: number }>();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>();
  useEffect(() => { if (!state.get().drafts) load().catch(setFailed); }, []);

  const m = match(`${BUILDER_PATH}/content-types/:uid`, path) ?? match(`${BUILDER_PATH}/components/:uid`, path);
  const drafts = st.drafts;
  const selected = m && drafts ? drafts.get(m.uid!) : undefined;
  const writable = st.canUpdate && st.phase === 'idle';
  const changed = drafts ? [...drafts.values()].filter(modelChanged) : [];

  const send = async (body: UpdateBody) => {
    setSaving(true);
    setSaveError(undefined);
    try {
      await api.post(UPDATE, body);
      setLosses(undefined);
      state.update((x) => ({ ...x, phase: 'restarting' }));
      void waitForRestart();
    } catch (e) {
      const details = e instanceof ApiError ? (e.details as { losses?: Loss[]; rows?: number } | undefined) : undefined;
      if (e instanceof ApiError && e.status === 409 && details?.losses && !body.confirm) setLosses({ body, losses: details.losses, rows: details.rows ?? 0 });
      else { setLosses(undefined); setSaveError(e); }
    } finally {
      setSaving(false);
    }
  };
  const save = () => void send(requestOf(drafts?.values() ?? []));
  const discard = () => { void load().catch(setFailed); };

  const nameOf = (uid: string) => drafts?.get(uid)?.displayName ?? uid;
  const group = (title: string, list: DraftModel[]) => (!list.length ? <p class="hint">None yet</p> : (
    <ul aria-label={title}>
      {list.sort((a, b) => a.displayName.localeCompare(b.displayName)).map((x) => (
        <li key={x.uid}>
          <a href={href(pathOf(x))} onClick={onLinkClick} aria-current={selected === x ? 'page' : undefined}>
            {x.displayName}{x.deleted ? <span class="sr-only"> (to be deleted)</span> : modelChanged(x) ? <span class="ctb-dot" title="Unsaved changes"><span class="sr-only"> (unsaved changes)</span></span> : null}
          </a>
        </li>
      ))}
    </ul>
  ));
  const all = drafts ? [...drafts.values()] : [];
  // The plugins' types are relation targets, not edited here (the builder writes the app's files)
  const own = all.filter((x) => !x.plugin);
  const categories = [...new Set(all.filter((x) => x.component).map((x) => x.category))].sort();

  return (
    <div class="settings-frame ctb-frame">
      <nav class="subnav" aria-label="Content-Type Builder">
        <h2 class="nav-title">Collection types</h2>
        {group('Collection types', own.filter((x) => !x.component && x.kind === 'collectionType'))}
        {writable ? <button type="button" class="add ctb-add" onClick={() => setDialog({ kind: 'create', what: 'collectionType' })}>+ Create new collection type</button> : null}
        <h2 class="nav-title">Single types</h2>
        {group('Single types', own.filter((x) => !x.component && x.kind === 'singleType'))}
        {writable ? <button type="button" class="add ctb-add" onClick={() => setDialog({ kind: 'create', what: 'singleType' })}>+ Create new single type</button> : null}
        <h2 class="nav-title">Components</h2>
        {categories.map((c) => <div key={c}><h3 class="ctb-category">{c}</h3>{group(`Components: ${c}`, all.filter((x) => x.component && x.category === c))}</div>)}
        {writable ? <button type="button" class="add ctb-add" onClick={() => setDialog({ kind: 'create', what: 'component' })}>+ Create new component</button> : null}
      </nav>
      <main class="content" id="main">
        <div class="page-head">
          <div>
            <h1>{selected ? selected.displayName : 'Content-Type Builder'}</h1>
            <p class="muted">{selected ? `${selected.uid}${selected.component ? '' : ` · ${selected.kind === 'singleType' ? 'Single type' : 'Collection type'}`}` : 'The app\'s content types and components, as their schema files hold them.'}</p>
          </div>
          {writable && changed.length ? (
            <div class="actions">
              <Button onClick={discard} disabled={saving}>Discard changes</Button>
              <Button variant="primary" busy={saving} onClick={save}>Save</Button>
            </div>
          ) : null}
        </div>
        {failed ? <ErrorBox error={failed} /> : null}
        {!drafts && !failed ? <Spinner /> : null}
        {drafts && !st.canUpdate && st.phase === 'idle' ? (
          <p class="ctb-note" role="note">
            Read-only: this server does not write schema files. The builder saves only while the server runs in development with autoReload
            (<code>strata develop</code>), which then starts again on the changed files; a production server's schemas are the deployed ones.
          </p>
        ) : null}
        {st.phase !== 'idle' ? (
          <p class="ctb-note" role="status">
            {st.phase === 'slow'
              ? 'Saved. The server has not answered for 30 seconds: check its console (a schema it cannot load stops the start). The screen keeps asking.'
              : 'Saved. The server is restarting on the new schema files; the screen reloads them once it answers…'}
          </p>
        ) : null}
        {saveError ? <ErrorBox error={saveError} /> : null}
        {saveError instanceof ApiError && saveError.fieldErrors().size ? (
          <ul class="ctb-errors" aria-label="What the server refused">{[...saveError.fieldErrors()].map(([path, text]) => <li key={path}><code>{path}</code>: {text}</li>)}</ul>
        ) : null}
        {drafts && writable && changed.length ? <p class="hint ctb-pending" role="status">Unsaved changes in {changed.map((x) => x.displayName).join(', ')}: Save sends them in one request.</p> : null}
        {drafts && !selected ? (
          <p>{m ? 'No type or component has this name.' : 'Choose a type or a component in the list to see its fields.'}</p>
        ) : null}
        {selected ? <ModelView key={selected.uid} model={selected} writable={writable && !selected.plugin} nameOf={nameOf} choices={choicesOf(all)} onSettings={() => setDialog({ kind: 'settings', model: selected })} /> : null}
      </main>
      {dialog?.kind === 'create' ? <CreateDialog what={dialog.what} drafts={all} onClose={() => setDialog(undefined)} /> : null}
      {dialog?.kind === 'settings' ? <CreateDialog what={dialog.model.component ? 'component' : dialog.model.kind} model={dialog.model} drafts={all} onClose={() => setDialog(undefined)} /> : null}
      {losses ? (
        <Dialog title="Delete data?" role="alertdialog" onClose={() => setLosses(undefined)} footer={(
          <>
            <Button onClick={() => setLosses(undefined)}>Cancel</Button>
            <Button variant="danger" busy={saving} onClick={() => void send({ ...losses.body, confirm: true })}>Save and leave {losses.rows} {losses.rows === 1 ? 'row' : 'rows'} behind</Button>
          </>
        )}>
          <p>This change touches {losses.rows} {losses.rows === 1 ? 'row' : 'rows'} holding data. The database keeps the values, but no API or screen shows them any more:</p>
          <ul>{losses.losses.map((l, i) => <li key={i}>{l.change}: {nameOf(l.uid)}{l.attribute ? `.${l.attribute}` : ''}, {l.rows} {l.rows === 1 ? 'row' : 'rows'}</li>)}</ul>
        </Dialog>
      ) : null}
    </div>
  );
}

function choicesOf(all: DraftModel[]): Choices {
  return {
    targets: all.filter((x) => !x.component && !x.deleted && (!x.plugin || x.plugin === 'users-permissions'))
      .map((x): [string, string, boolean] => [x.uid, x.plugin ? `${x.displayName} (${x.plugin})` : x.displayName, !x.plugin]),
    components: all.filter((x) => x.component && !x.deleted).map((x): [string, string] => [x.uid, `${x.category}: ${x.displayName}`]),
  };
}

function ModelView({ model, writable, nameOf, choices, onSettings }: { model: DraftModel; writable: boolean; nameOf: (uid: string) => string; choices: Choices; onSettings: () => void }) {
  const [editing, setEditing] = useState<{ attr?: DraftAttr }>();
  const update = (fn: (m: DraftModel) => void) => edit((drafts) => { const m = drafts.get(model.uid); if (m) fn(m); });
  const remove = (a: DraftAttr) => update((m) => {
    if (!a.from) m.attributes = m.attributes.filter((x) => x.name !== a.name || x.from);
    else m.attributes = m.attributes.map((x) => (x.from === a.from ? { ...x, deleted: true } : x));
  });
  const restore = (a: DraftAttr) => update((m) => { m.attributes = m.attributes.map((x) => (x.from === a.from ? { ...x, deleted: false } : x)); });
  const saveAttr = (name: string, props: Props) => {
    const at = editing?.attr;
    update((m) => {
      if (!at) m.attributes.push({ name, props });
      else m.attributes = m.attributes.map((x) => ((at.from ? x.from === at.from : x.name === at.name && !x.from) ? { ...x, name, props } : x));
    });
    setEditing(undefined);
  };
  const flags = [
    model.component ? `Category ${model.category}` : null,
    !model.component ? (model.draftAndPublish ? 'Draft and publish' : 'No drafts') : null,
    !model.component && model.localized ? 'Localized (i18n)' : null,
    model.plugin ? `From the ${model.plugin} plugin: not edited here` : null,
  ].filter(Boolean);
  return (
    <>
      <p class="ctb-flags">{flags.join(' · ')}</p>
      {model.deleted ? (
        <p class="banner" role="status">This {model.component ? 'component' : 'type'} is deleted when you save.
          {writable ? <Button variant="ghost" onClick={() => update((m) => { m.deleted = false; })}>Restore it</Button> : null}</p>
      ) : null}
      {writable && !model.deleted ? (
        <div class="toolbar">
          <Button variant="primary" onClick={() => setEditing({})}>Add another field</Button>
          <Button onClick={onSettings}>Edit {model.component ? 'component' : 'type'} settings</Button>
          <Button variant="danger" onClick={() => {
            if (model.isNew) { edit((d) => { d.delete(model.uid); }); navigate(BUILDER_PATH); } else update((m) => { m.deleted = true; });
          }}>Delete this {model.component ? 'component' : 'type'}</Button>
        </div>
      ) : null}
      <table class="list ctb-fields">
        <caption class="sr-only">Fields of {model.displayName}</caption>
        <thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Options</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
        <tbody>
          {model.attributes.length ? null : <tr><td class="empty" colSpan={4}>No fields yet{writable ? ': add the first one' : ''}.</td></tr>}
          {model.attributes.map((a) => {
            const st = attrState(a);
            return (
              <tr key={a.from ?? `new:${a.name}`} class={a.deleted ? 'ctb-deleted' : undefined}>
                <th scope="row">
                  {a.name}
                  {st === 'new' ? <span class="badge badge-draft">New</span> : null}
                  {st === 'changed' ? <span class="badge badge-modified">Changed</span> : null}
                  {st === 'deleted' ? <span class="badge badge-modified">Deleted on save</span> : null}
                  {st === 'renamed' ? <span class="hint ctb-keep block">Renamed from {a.from}: its values are kept</span> : null}
                </th>
                <td>{TYPE_LABELS[a.props.type] ?? a.props.type}<span class="hint block">{describe(a.props, nameOf)}</span></td>
                <td>{optionsOf(a.props).join(', ')}</td>
                <td class="cell-actions">
                  {writable && !model.deleted && !a.deleted ? (
                    <>
                      <Button variant="ghost" aria-label={`Edit ${a.name}`} onClick={() => setEditing({ attr: a })}>Edit</Button>
                      <Button variant="ghost" class="danger" aria-label={`Delete ${a.name}`} onClick={() => remove(a)}>Delete</Button>
                    </>
                  ) : null}
                  {writable && a.deleted ? <Button variant="ghost" aria-label={`Restore ${a.name}`} onClick={() => restore(a)}>Restore</Button> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {editing ? <AttributeDialog model={model} {...(editing.attr ? { attr: editing.attr } : {})} choices={choices} onSave={saveAttr} onClose={() => setEditing(undefined)} /> : null}
    </>
  );
}

/** Creates a collection type, a single type or a component (names derived from the display
 *  name, editable), or edits an existing one's settings. */
function CreateDialog({ what, model, drafts, onClose }: { what: 'collectionType' | 'singleType' | 'component'; model?: DraftModel; drafts: DraftModel[]; onClose: () => void }) {
  const [displayName, setDisplayName] = useState(model?.displayName ?? '');
  const [singular, setSingular] = useState<string>();
  const [plural, setPlural] = useState<string>();
  const [category, setCategory] = useState(model?.category ?? '');
  const [kind, setKind] = useState(model?.kind ?? (what === 'singleType' ? 'singleType' : 'collectionType'));
  const [draftAndPublish, setDraftAndPublish] = useState(model ? model.draftAndPublish : true);
  const [localized, setLocalized] = useState(model?.localized ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const component = what === 'component';
  const singularName = singular ?? kebab(displayName);
  const pluralName = plural ?? pluralize(singularName);
  const label = component ? 'component' : kind === 'singleType' ? 'single type' : 'collection type';

  const submit = (e: Event) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!displayName.trim()) problems.name = 'A display name is required';
    let uid = model?.uid ?? '';
    if (!model) {
      if (component) {
        if (!NAME.test(category)) problems.category = 'Lowercase letters, digits and -, starting with a letter';
        uid = `${category}.${singularName}`;
      } else {
        if (pluralName === singularName) problems.plural = 'The plural must differ from the singular';
        if (!NAME.test(pluralName)) problems.plural = 'Lowercase letters, digits and -, starting with a letter';
        uid = `api::${singularName}.${singularName}`;
      }
      if (!NAME.test(singularName)) problems.singular = 'Lowercase letters, digits and -, starting with a letter';
      else if (drafts.some((d) => d.uid === uid || (!component && !d.component && (d.pluralName === pluralName || d.singularName === pluralName || d.pluralName === singularName))))
        problems.singular = `${uid} exists already`;
    }
    setErrors(problems);
    if (Object.keys(problems).length) {
      (document.getElementById(`ctb-${Object.keys(problems)[0]}`) as HTMLElement | null)?.focus();
      return;
    }
    edit((d) => {
      const old = d.get(uid);
      if (old) {
        Object.assign(old, { displayName: displayName.trim(), kind, draftAndPublish, localized });
        return;
      }
      d.set(uid, {
        uid, component, isNew: true, deleted: false, displayName: displayName.trim(), kind, singularName, pluralName,
        category: component ? category : '', draftAndPublish, localized, pluginOptions: {}, attributes: [],
      });
    });
    onClose();
    if (!model) navigate(`${BUILDER_PATH}/${component ? 'components' : 'content-types'}/${uid}`);
  };
  const err = (key: string) => (errors[key] ? <p class="field-error" id={`ctb-${key}-error`}>{errors[key]}</p> : null);
  const aria = (key: string) => ({ 'aria-invalid': errors[key] ? true : undefined, 'aria-describedby': errors[key] ? `ctb-${key}-error` : undefined });
  const categories = [...new Set(drafts.filter((d) => d.component).map((d) => d.category))];
  return (
    <Dialog title={model ? `Settings of ${model.displayName}` : `Create a ${label}`} onClose={onClose} footer={(
      <>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" type="submit" form="ctb-model-form">{model ? 'Apply' : 'Continue'}</Button>
      </>
    )}>
      <form id="ctb-model-form" class="stack" onSubmit={submit} noValidate>
        <div class="field"><label class="field-label" for="ctb-name">Display name</label>
          <input id="ctb-name" value={displayName} autoComplete="off" onInput={(e) => setDisplayName(e.currentTarget.value)} {...aria('name')} />{err('name')}</div>
        {component && !model ? (
          <div class="field"><label class="field-label" for="ctb-category">Category</label>
            <input id="ctb-category" list="ctb-categories" value={category} autoComplete="off" onInput={(e) => setCategory(e.currentTarget.value)} {...aria('category')} />
            <datalist id="ctb-categories">{categories.map((c) => <option key={c} value={c} />)}</datalist>{err('category')}</div>
        ) : null}
        {!model ? (
          <div class="ctb-pair">
            <div class="field"><label class="field-label" for="ctb-singular">{component ? 'Name' : 'Singular name'}</label>
              <input id="ctb-singular" value={singularName} autoComplete="off" onInput={(e) => setSingular(e.currentTarget.value)} {...aria('singular')} />{err('singular')}</div>
            {!component ? (
              <div class="field"><label class="field-label" for="ctb-plural">Plural name</label>
                <input id="ctb-plural" value={pluralName} autoComplete="off" onInput={(e) => setPlural(e.currentTarget.value)} {...aria('plural')} />{err('plural')}</div>
            ) : null}
          </div>
        ) : <p class="hint">{model.uid}: its names stay (the API's paths use them).</p>}
        {!model ? <p class="hint">Derived from the display name; the API's paths and the uid use them.</p> : null}
        {!component ? (
          <>
            {model ? (
              <fieldset class="plain"><legend class="field-label">Kind</legend>
                <div class="segmented">
                  <label><input type="radio" name="ctb-kind" checked={kind === 'collectionType'} onChange={() => setKind('collectionType')} />Collection type</label>
                  <label><input type="radio" name="ctb-kind" checked={kind === 'singleType'} onChange={() => setKind('singleType')} />Single type</label>
                </div></fieldset>
            ) : null}
            <label class="check"><input type="checkbox" checked={draftAndPublish} onChange={(e) => setDraftAndPublish(e.currentTarget.checked)} />Draft and publish</label>
            <label class="check"><input type="checkbox" checked={localized} onChange={(e) => setLocalized(e.currentTarget.checked)} />Internationalization: a version per locale</label>
          </>
        ) : null}
      </form>
    </Dialog>
  );
}
