// Creates a collection type, a single type or a component (names derived from the display name,
// editable), or edits one's settings: its display name, kind, draft and publish, i18n, and its
// names. New names for a type or component the server has are a rename (sent with renamedFrom,
// so its entries are kept); the dialog names what follows it before it is applied.
import { useState } from 'preact/hooks';
import { navigate } from '../router.js';
import { Button, Dialog } from '../ui.js';
import { contentTypeUid, type DraftModel, kebab, NAME, pluralize, renameModel } from './model.js';
import { edit, pathOf } from './state.js';

type What = 'collectionType' | 'singleType' | 'component';

const snake = (s: string) => s.replace(/-/g, '_');

/** The fields of other models that name `uid` (relations to a type; uses of a component). */
function usersOf(drafts: DraftModel[], uid: string): string[] {
  const out: string[] = [];
  for (const d of drafts) {
    if (d.deleted) continue;
    for (const a of d.attributes) {
      const p = a.props;
      if (a.deleted || d.uid === uid) continue;
      if ((p.type === 'relation' && p.target === uid) || (p.type === 'component' && p.component === uid) || (p.type === 'dynamiczone' && Array.isArray(p.components) && p.components.includes(uid))) {
        out.push(`${d.displayName}.${a.name}`);
      }
    }
  }
  return out;
}

/** What a rename takes with it, in the words of docs/admin.md's content-type builder section. */
function RenameNote({ model, uid, singular, plural, category, drafts }: { model: DraftModel; uid: string; singular: string; plural: string; category: string; drafts: DraftModel[] }) {
  const users = usersOf(drafts, model.uid);
  const o = model.original;
  const path = (single: boolean, s: string, p: string) => `/api/${single ? s : p}`;
  return (
    <div class="ctb-note ctb-rename" role="note" id="ctb-rename-note">
      <strong>Renamed from {model.from} to {uid}</strong>: sent as a rename, so its {model.component ? 'values' : 'entries'} are kept. What follows it:
      <ul>
        {model.component ? (
          <>
            <li>its table becomes components_{snake(category)}_{snake(pluralize(singular))}, moved with its rows;</li>
            <li>{users.length ? `the fields using it follow: ${users.join(', ')};` : 'no field uses it yet;'}</li>
          </>
        ) : (
          <>
            <li>its table becomes {snake(plural)}, moved with its links and components;</li>
            {o ? <li>its REST path {path(o.kind === 'singleType', o.singularName, o.pluralName)} becomes {path(model.kind === 'singleType', singular, plural)}, and its GraphQL names follow its new names: the API's clients must change;</li> : null}
            <li>{users.length ? `the relations to it follow: ${users.join(', ')};` : 'no relation of another type links to it;'}</li>
            <li>what the server stores under its uid follows: roles' and API tokens' permissions, history versions, view settings;</li>
            <li>lines of <code>config/permissions.ts</code> naming {model.from} must be changed by hand: the start refuses actions of a type that is gone.</li>
          </>
        )}
      </ul>
    </div>
  );
}

export function ModelDialog({ what, model, drafts, onClose }: { what: What; model?: DraftModel; drafts: DraftModel[]; onClose: () => void }) {
  const [displayName, setDisplayName] = useState(model?.displayName ?? '');
  const [singular, setSingular] = useState<string | undefined>(model ? (model.component ? model.uid.split('.')[1] ?? '' : model.singularName) : undefined);
  const [plural, setPlural] = useState<string | undefined>(model && !model.component ? model.pluralName : undefined);
  const [category, setCategory] = useState(model?.category ?? '');
  const [kind, setKind] = useState(model?.kind ?? (what === 'singleType' ? 'singleType' : 'collectionType'));
  const [draftAndPublish, setDraftAndPublish] = useState(model ? model.draftAndPublish : true);
  const [localized, setLocalized] = useState(model?.localized ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const component = what === 'component';
  const singularName = singular ?? kebab(displayName);
  const pluralName = plural ?? pluralize(singularName);
  const uid = component ? `${category}.${singularName}` : contentTypeUid(singularName);
  const label = component ? 'component' : kind === 'singleType' ? 'single type' : 'collection type';
  const renaming = !!model && !model.isNew && !!model.from && uid !== model.from;

  const submit = (e: Event) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!displayName.trim()) problems.name = 'A display name is required';
    const others = drafts.filter((d) => d !== model);
    if (component) {
      if (!NAME.test(category)) problems.category = 'Lowercase letters, digits and -, starting with a letter';
    } else {
      if (pluralName === singularName) problems.plural = 'The plural must differ from the singular';
      if (!NAME.test(pluralName)) problems.plural = 'Lowercase letters, digits and -, starting with a letter';
      // The server renames a type by its uid, which only the singular name makes
      if (model && !model.isNew && uid === model.from && pluralName !== model.original?.pluralName) problems.plural = 'A type is renamed by its singular name: change it too, or keep this plural';
    }
    if (!NAME.test(singularName)) problems.singular = 'Lowercase letters, digits and -, starting with a letter';
    else if (others.some((d) => d.uid === uid || (!component && !d.component && (d.pluralName === pluralName || d.singularName === pluralName || d.pluralName === singularName))))
      problems.singular = `${uid} exists already`;
    setErrors(problems);
    if (Object.keys(problems).length) {
      (document.getElementById(`ctb-${Object.keys(problems)[0]}`) as HTMLElement | null)?.focus();
      return;
    }
    const names = { uid, singularName, pluralName: component ? '' : pluralName, category: component ? category : model?.category ?? '' };
    edit((d) => {
      if (model) {
        renameModel(d, model.uid, names);
        Object.assign(d.get(uid)!, { displayName: displayName.trim(), kind, draftAndPublish, localized });
        return;
      }
      d.set(uid, { component, isNew: true, deleted: false, displayName: displayName.trim(), kind, ...names, draftAndPublish, localized, pluginOptions: {}, attributes: [] });
    });
    onClose();
    if (!model || uid !== model.uid) navigate(pathOf({ uid, component }));
  };
  const err = (key: string) => (errors[key] ? <p class="field-error" id={`ctb-${key}-error`}>{errors[key]}</p> : null);
  const aria = (key: string) => ({
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': [errors[key] ? `ctb-${key}-error` : '', renaming && key !== 'name' ? 'ctb-rename-note' : ''].join(' ').trim() || undefined,
  });
  const categories = [...new Set(drafts.filter((d) => d.component).map((d) => d.category))];
  return (
    <Dialog title={model ? `Settings of ${model.displayName}` : `Create a ${label}`} wide={renaming} onClose={onClose} footer={(
      <>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" type="submit" form="ctb-model-form">{model ? (renaming ? 'Apply the rename' : 'Apply') : 'Continue'}</Button>
      </>
    )}>
      <form id="ctb-model-form" class="stack" onSubmit={submit} noValidate>
        <div class="field"><label class="field-label" for="ctb-name">Display name</label>
          <input id="ctb-name" value={displayName} autoComplete="off" onInput={(e) => setDisplayName(e.currentTarget.value)} {...aria('name')} />{err('name')}</div>
        {component ? (
          <div class="field"><label class="field-label" for="ctb-category">Category</label>
            <input id="ctb-category" list="ctb-categories" value={category} autoComplete="off" onInput={(e) => setCategory(e.currentTarget.value)} {...aria('category')} />
            <datalist id="ctb-categories">{categories.map((c) => <option key={c} value={c} />)}</datalist>{err('category')}</div>
        ) : null}
        <div class="ctb-pair">
          <div class="field"><label class="field-label" for="ctb-singular">{component ? 'Name' : 'Singular name'}</label>
            <input id="ctb-singular" value={singularName} autoComplete="off" onInput={(e) => setSingular(e.currentTarget.value)} {...aria('singular')} />{err('singular')}</div>
          {!component ? (
            <div class="field"><label class="field-label" for="ctb-plural">Plural name</label>
              <input id="ctb-plural" value={pluralName} autoComplete="off" onInput={(e) => setPlural(e.currentTarget.value)} {...aria('plural')} />{err('plural')}</div>
          ) : null}
        </div>
        <p class="hint">{model ? `${uid}: the API's paths and the uid use these names.` : 'Derived from the display name; the API\'s paths and the uid use them.'}</p>
        {renaming ? <RenameNote model={model!} uid={uid} singular={singularName} plural={pluralName} category={category} drafts={drafts} /> : null}
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
            <label class="check"><input type="checkbox" checked={localized} onChange={(e) => setLocalized(e.currentTarget.checked)} aria-describedby="ctb-localized-hint" />Internationalization: a version per locale</label>
            <p class="hint" id="ctb-localized-hint">Each field then has a value per locale unless its own settings share one across locales.</p>
          </>
        ) : null}
      </form>
    </Dialog>
  );
}
