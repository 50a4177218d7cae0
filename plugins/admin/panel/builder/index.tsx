// The content-type builder: the app's collection types, single types and components (by
// category), created and edited here as drafts, saved in one update-schema request. A change that
// leaves rows behind (a deletion, a relation linked elsewhere) comes back as a 409 naming them,
// shown for confirmation; a change the server refuses whatever the confirmation (a column
// narrowed while rows hold values) is shown with its rows. A renamed field, type or component is
// sent as a rename (renamedFrom), so its values are kept. After a save the server (`strata
// develop`) starts again on the files: the screen polls the status route until it answers, then
// reloads. Outside development the server refuses writes, and the screen is read-only and says why.
import { useEffect, useState } from 'preact/hooks';
import './builder.css';
import { api, ApiError } from '../api.js';
import { here, href, match, navigate, onLinkClick } from '../router.js';
import { loadSchema, type Schema } from '../schema.js';
import { allows } from '../settings/common.js';
import { useStore } from '../store.js';
import { Button, Dialog, ErrorBox, notify, Spinner } from '../ui.js';
import { AttributeDialog, type Choices } from './attribute-form.js';
import { describe, optionsOf, TYPE_LABELS } from './labels.js';
import { attrState, CTB_READ, type DraftAttr, type DraftModel, draftsOf, dropAttribute, modelChanged, type Props, requestOf, saveAttribute, type SchemaView, type UpdateBody } from './model.js';
import { ModelDialog } from './model-dialog.js';
import { BUILDER_PATH, edit, pathOf, state } from './state.js';

export { BUILDER_PATH } from './state.js';
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

interface Loss { uid: string; attribute?: string; change: string; rows: number }

/** The server's name for a change; a relation given another target is a "type change" there. */
const changeText = (change: string) => (change === 'change type from relation to relation' ? 'link to another type' : change);

/** What the server refused whatever the confirmation (a narrowing while rows hold values, a switch of draft and publish or i18n on a type with entries). */
const refusalsOf = (e: unknown): string[] => {
  const d = e instanceof ApiError ? (e.details as { narrowing?: unknown; refusals?: unknown; switches?: unknown } | undefined) : undefined;
  const list = d?.narrowing ?? d?.switches ?? d?.refusals;
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
};

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
  const discard = () => { setSaveError(undefined); void load().catch(setFailed); };

  // The server names a renamed model by its uid there (from)
  const nameOf = (uid: string) => (drafts?.get(uid) ?? [...(drafts?.values() ?? [])].find((x) => x.from === uid))?.displayName ?? uid;
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
        {saveError && !refusalsOf(saveError).length ? <ErrorBox error={saveError} /> : null}
        {saveError instanceof ApiError && saveError.fieldErrors().size ? (
          <ul class="ctb-errors" aria-label="What the server refused">{[...saveError.fieldErrors()].map(([path, text]) => <li key={path}><code>{path}</code>: {text}</li>)}</ul>
        ) : null}
        {refusalsOf(saveError).length ? (
          <div class="error-box" role="alert">
            <p class="ctb-refused">The server refused {refusalsOf(saveError).length === 1 ? 'a change' : 'these changes'}, confirmed or not: change {refusalsOf(saveError).length === 1 ? 'it' : 'them'} back (or discard the changes) and save again.</p>
            <ul aria-label="Changes the server refused">{refusalsOf(saveError).map((text, i) => <li key={i}>{text}</li>)}</ul>
          </div>
        ) : null}
        {drafts && writable && changed.length ? <p class="hint ctb-pending" role="status">Unsaved changes in {changed.map((x) => x.displayName).join(', ')}: Save sends them in one request.</p> : null}
        {drafts && !selected ? (
          <p>{m ? 'No type or component has this name.' : 'Choose a type or a component in the list to see its fields.'}</p>
        ) : null}
        {selected ? <ModelView key={selected.uid} model={selected} writable={writable && !selected.plugin} nameOf={nameOf} choices={choicesOf(all, nameOf)} onSettings={() => setDialog({ kind: 'settings', model: selected })} /> : null}
      </main>
      {dialog?.kind === 'create' ? <ModelDialog what={dialog.what} drafts={all} onClose={() => setDialog(undefined)} /> : null}
      {dialog?.kind === 'settings' ? <ModelDialog what={dialog.model.component ? 'component' : dialog.model.kind} model={dialog.model} drafts={all} onClose={() => setDialog(undefined)} /> : null}
      {losses ? (
        <Dialog title={losses.losses.every((l) => l.change.startsWith('delete')) ? 'Delete data?' : 'Leave data behind?'} role="alertdialog" onClose={() => setLosses(undefined)} footer={(
          <>
            <Button onClick={() => setLosses(undefined)}>Cancel</Button>
            <Button variant="danger" busy={saving} onClick={() => void send({ ...losses.body, confirm: true })}>Save and leave {losses.rows} {losses.rows === 1 ? 'row' : 'rows'} behind</Button>
          </>
        )}>
          <p>This change touches {losses.rows} {losses.rows === 1 ? 'row' : 'rows'} holding data. The database keeps the values, but no API or screen shows them any more:</p>
          <ul>{losses.losses.map((l, i) => <li key={i}>{changeText(l.change)}: {nameOf(l.uid)}{l.attribute ? `.${l.attribute}` : ''}, {l.rows} {l.rows === 1 ? 'row' : 'rows'}</li>)}</ul>
        </Dialog>
      ) : null}
    </div>
  );
}

function choicesOf(all: DraftModel[], nameOf: (uid: string) => string): Choices {
  return {
    nameOf,
    targets: all.filter((x) => !x.component && !x.deleted && (!x.plugin || x.plugin === 'users-permissions'))
      .map((x): [string, string, boolean] => [x.uid, x.plugin ? `${x.displayName} (${x.plugin})` : x.displayName, !x.plugin]),
    components: all.filter((x) => x.component && !x.deleted).map((x): [string, string] => [x.uid, `${x.category}: ${x.displayName}`]),
  };
}

function ModelView({ model, writable, nameOf, choices, onSettings }: { model: DraftModel; writable: boolean; nameOf: (uid: string) => string; choices: Choices; onSettings: () => void }) {
  const [editing, setEditing] = useState<{ attr?: DraftAttr }>();
  const update = (fn: (m: DraftModel) => void) => edit((drafts) => { const m = drafts.get(model.uid); if (m) fn(m); });
  const remove = (a: DraftAttr) => update((m) => dropAttribute(m, a));
  const restore = (a: DraftAttr) => update((m) => { m.attributes = m.attributes.map((x) => (x.from === a.from ? { ...x, deleted: false } : x)); });
  const saveAttr = (name: string, props: Props, inverse?: string) => {
    const at = editing?.attr;
    edit((drafts) => saveAttribute(drafts, model.uid, at, name, props, inverse));
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
