// The dialog that adds or edits a field: its type (a radio group, for the keyboard), its name, the
// options of that type, and the advanced settings (attribute-options.tsx). An existing field
// stored in a column may change kind (the screen says whether its values are kept; the server
// refuses a change that its column cannot take while it holds values); an existing relation may
// link to another type. Changing its name is a rename, which keeps the stored values.
import { useState } from 'preact/hooks';
import { Button, Dialog } from '../ui.js';
import { AdvancedOptions, type FieldProps } from './attribute-options.js';
import { FAMILIES, type Form, formOf, isScalar, keepsValues, MEDIA_TYPES, propsOf, SCALAR_KINDS, typeOf, withType } from './attribute-props.js';
import { RELATION_LABELS, TYPE_LABELS } from './labels.js';
import type { DraftAttr, DraftModel, Props } from './model.js';

export interface Choices {
  /** Content types a relation may target: [uid, display name, may it have an inverse field]. */
  targets: Array<[string, string, boolean]>;
  components: Array<[string, string]>;
  /** The display name of a type or component. */
  nameOf: (uid: string) => string;
}

export function AttributeDialog(props: { model: DraftModel; attr?: DraftAttr; choices: Choices; onSave: (name: string, p: Props, inverse?: string) => void; onClose: () => void }) {
  const { model, attr, choices } = props;
  const existing = !!attr?.from;
  const original = attr?.original;
  const [f, setF] = useState<Form>(() => formOf(attr));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setF((old) => ({ ...old, [key]: value }));
  const setType = (type: string) => setF((old) => withType(old, type));
  const families = FAMILIES.filter((x) => !model.component || x.family !== 'dynamiczone');
  const renamed = existing && f.name !== attr!.from;
  const oldRelation = existing && original?.type === 'relation';
  const retargeted = oldRelation && f.target !== original?.target;
  const scalar = existing && !!original && isScalar(original.type);
  const type = typeOf(f);

  const submit = (e: Event) => {
    e.preventDefault();
    const { props: p, problems } = propsOf(f, model, attr);
    setErrors(problems);
    if (Object.keys(problems).length) {
      (document.querySelector(`#attr-${Object.keys(problems)[0]}`) as HTMLElement | null)?.focus();
      return;
    }
    props.onSave(f.name.trim(), p, retargeted && f.inverse.trim() ? f.inverse.trim() : undefined);
  };

  const err = (key: string) => (errors[key] ? <p class="field-error" id={`attr-${key}-error`}>{errors[key]}</p> : null);
  const described = (key: string, hint?: string) => ({ 'aria-invalid': errors[key] ? true : undefined, 'aria-describedby': [errors[key] ? `attr-${key}-error` : '', hint ?? ''].join(' ').trim() || undefined });
  const field: FieldProps = { f, set, err, described };
  const toggle = (list: string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));
  const stringFields = model.attributes.filter((a) => !a.deleted && (a.props.type === 'string' || a.props.type === 'text') && a !== attr);
  const inverseAllowed = !model.component && choices.targets.find(([uid]) => uid === f.target)?.[2] !== false;
  const otherSide = oldRelation ? (original?.inversedBy ?? original?.mappedBy) as string | undefined : undefined;

  // An existing field's name comes first (the dialog focuses it); a new field's type does
  const nameField = (
    <div class="field"><label class="field-label" for="attr-name">Name</label>
      <input id="attr-name" value={f.name} autoComplete="off" onInput={(e) => set('name', e.currentTarget.value)} {...described('name', renamed ? 'attr-rename-note' : undefined)} />
      {err('name')}
      {renamed ? <p class="hint ctb-keep" id="attr-rename-note">Renamed from {attr!.from}: sent as a rename, so the values stored under {attr!.from} are kept under {f.name || 'the new name'}.</p> : null}
    </div>
  );

  return (
    <Dialog title={existing ? `Edit the field ${attr!.from}` : `Add a field to ${model.displayName}`} wide onClose={props.onClose} footer={(
      <>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="primary" type="submit" form="attr-form">{existing ? 'Apply' : 'Add field'}</Button>
      </>
    )}>
      <form id="attr-form" class="stack" onSubmit={submit} noValidate>
        {existing ? nameField : null}
        {scalar ? (
          <div class="field"><label class="field-label" for="attr-type">Type</label>
            <select id="attr-type" value={type} onChange={(e) => setType(e.currentTarget.value)} aria-describedby="attr-type-hint">
              {[...SCALAR_KINDS, ...(original!.type === 'timestamp' ? ['timestamp'] : [])].map((t) => (
                <option key={t} value={t}>{TYPE_LABELS[t] ?? t}{t === original!.type ? ' (now)' : keepsValues(original!.type, t) ? ' (keeps the values)' : ''}</option>
              ))}
            </select>
            <p class="hint" id="attr-type-hint">{type === original!.type
              ? 'A field stored in a column may change to another such kind; relations, media and components keep theirs.'
              : keepsValues(original!.type, type)
                ? `${TYPE_LABELS[type] ?? type} holds every value a ${TYPE_LABELS[original!.type] ?? original!.type} field holds: the values are kept.`
                : `The column cannot take the values of a ${TYPE_LABELS[original!.type] ?? original!.type} field: the server refuses the change while an entry holds a value, and names how many do.`}</p>
          </div>
        ) : existing ? (
          <p class="ctb-type-fixed"><strong>Type:</strong> {TYPE_LABELS[attr!.props.type] ?? attr!.props.type}
            <span class="hint block">{oldRelation ? 'A relation keeps its kind; it may link to another type.' : 'A field stored apart from its type\'s table keeps its type; delete it and add another to change it.'}</span></p>
        ) : (
          <fieldset class="plain ctb-types">
            <legend class="field-label">Type</legend>
            <div class="ctb-type-grid">
              {families.map((x) => (
                <label key={x.family} class="ctb-type">
                  <input type="radio" name="attr-family" value={x.family} checked={f.family === x.family} onChange={() => setType(x.family === 'number' ? f.numberKind : x.family === 'date' ? f.dateKind : x.family)} />
                  <span><strong>{x.label}</strong><span class="hint">{x.hint}</span></span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {existing ? null : nameField}
        {f.family === 'number' && !scalar ? (
          <div class="field"><label class="field-label" for="attr-number-kind">Number format</label>
            <select id="attr-number-kind" value={f.numberKind} onChange={(e) => setType(e.currentTarget.value)}>
              <option value="integer">Integer</option><option value="biginteger">Big integer</option><option value="float">Float</option><option value="decimal">Decimal</option>
            </select></div>
        ) : null}
        {f.family === 'date' && !scalar ? (
          <div class="field"><label class="field-label" for="attr-date-kind">Date format</label>
            <select id="attr-date-kind" value={f.dateKind} onChange={(e) => setType(e.currentTarget.value)}>
              <option value="date">Date</option><option value="datetime">Date and time</option><option value="time">Time</option>
              {f.dateKind === 'timestamp' ? <option value="timestamp">Timestamp</option> : null}
            </select></div>
        ) : null}
        {f.family === 'uid' ? (
          <div class="field"><label class="field-label" for="attr-targetField">Generated from</label>
            <select id="attr-targetField" value={f.targetField} onChange={(e) => set('targetField', e.currentTarget.value)}>
              <option value="">No field</option>
              {stringFields.map((a) => <option key={a.name} value={a.name}>{a.name}</option>)}
            </select></div>
        ) : null}
        {f.family === 'enumeration' ? (
          <div class="field"><label class="field-label" for="attr-enumValues">Values (one a line)</label>
            <textarea id="attr-enumValues" rows={4} value={f.enumValues} onInput={(e) => set('enumValues', e.currentTarget.value)} {...described('enumValues')} />{err('enumValues')}</div>
        ) : null}
        {f.family === 'media' ? (
          <>
            <fieldset class="plain"><legend class="field-label">Files</legend>
              <div class="segmented">
                <label><input type="radio" name="attr-multiple" checked={!f.multiple} onChange={() => set('multiple', false)} />Single media</label>
                <label><input type="radio" name="attr-multiple" checked={f.multiple} onChange={() => set('multiple', true)} />Multiple media</label>
              </div></fieldset>
            <fieldset class="plain"><legend class="field-label">Allowed types (none checked: all)</legend>
              <div class="checks">{MEDIA_TYPES.map((t) => <label key={t} class="check"><input type="checkbox" checked={f.allowedTypes.includes(t)} onChange={(e) => set('allowedTypes', toggle(f.allowedTypes, t, e.currentTarget.checked))} />{t}</label>)}</div>
            </fieldset>
          </>
        ) : null}
        {f.family === 'relation' ? (
          <>
            <div class="field"><label class="field-label" for="attr-relation">Relation</label>
              <select id="attr-relation" value={f.relation} disabled={oldRelation} onChange={(e) => set('relation', e.currentTarget.value)}>
                {Object.entries(RELATION_LABELS).map(([k, label]) => <option key={k} value={k}>{model.displayName} {label}</option>)}
              </select></div>
            <div class="field"><label class="field-label" for="attr-target">Linked type</label>
              <select id="attr-target" value={f.target} onChange={(e) => { const to = e.currentTarget.value; setF((old) => ({ ...old, target: to, inverse: oldRelation ? (to === original?.target ? String(otherSide ?? '') : '') : old.inverse })); }}
                {...described('target', retargeted ? 'attr-retarget-note' : undefined)}>
                <option value="">Choose a type</option>
                {choices.targets.map(([uid, label]) => <option key={uid} value={uid}>{label}</option>)}
              </select>{err('target')}
              {retargeted ? (
                <p class="hint ctb-warn" id="attr-retarget-note">
                  The links it holds point to entries of {choices.nameOf(String(original!.target))}: they are left behind (the server counts them and asks).
                  {otherSide ? ` Its other side, ${choices.nameOf(String(original!.target))}.${otherSide}, goes with the change.` : ''}
                </p>
              ) : null}
            </div>
            {inverseAllowed && (!oldRelation || retargeted || otherSide) ? (
              <div class="field"><label class="field-label" for="attr-inverse">Field name on the linked type</label>
                <input id="attr-inverse" value={f.inverse} disabled={oldRelation && !retargeted} autoComplete="off" onInput={(e) => set('inverse', e.currentTarget.value)} {...described('inverse', 'attr-inverse-hint')} />
                <p class="hint" id="attr-inverse-hint">Leave empty for a one-way relation; a name adds the other side to the linked type.</p>{err('inverse')}</div>
            ) : null}
          </>
        ) : null}
        {f.family === 'component' ? (
          <>
            <div class="field"><label class="field-label" for="attr-component">Component</label>
              <select id="attr-component" value={f.component} onChange={(e) => set('component', e.currentTarget.value)} {...described('component')}>
                <option value="">Choose a component</option>
                {choices.components.filter(([uid]) => uid !== model.uid).map(([uid, label]) => <option key={uid} value={uid}>{label}</option>)}
              </select>{err('component')}</div>
            <fieldset class="plain"><legend class="field-label">Entries</legend>
              <div class="segmented">
                <label><input type="radio" name="attr-repeatable" checked={!f.repeatable} onChange={() => set('repeatable', false)} />Single component</label>
                <label><input type="radio" name="attr-repeatable" checked={f.repeatable} onChange={() => set('repeatable', true)} />Repeatable component</label>
              </div></fieldset>
          </>
        ) : null}
        {f.family === 'dynamiczone' ? (
          <fieldset class="plain" id="attr-components" tabIndex={-1} {...described('components')}><legend class="field-label">Components it offers</legend>
            <div class="checks">{choices.components.map(([uid, label]) => <label key={uid} class="check"><input type="checkbox" checked={f.components.includes(uid)} onChange={(e) => set('components', toggle(f.components, uid, e.currentTarget.checked))} />{label}</label>)}</div>
            {choices.components.length ? null : <p class="hint">Create a component first.</p>}
            {err('components')}
          </fieldset>
        ) : null}
        <AdvancedOptions {...field} model={model} />
      </form>
    </Dialog>
  );
}
