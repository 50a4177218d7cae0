// The dialog that adds or edits a field: its type (a radio group, for the keyboard), its name, and
// the main options of that type. Editing an existing field keeps its type family; changing its
// name is a rename, which the server applies keeping the stored values.
import { useState } from 'preact/hooks';
import { Button, Dialog } from '../ui.js';
import { attributeNameProblem, type DraftAttr, type DraftModel, type Props, RELATION_LABELS, TYPE_LABELS } from './model.js';

const FAMILIES: Array<{ family: string; label: string; hint: string }> = [
  { family: 'string', label: 'Text', hint: 'Titles, names, short text' },
  { family: 'text', label: 'Long text', hint: 'Descriptions, paragraphs' },
  { family: 'richtext', label: 'Rich text (Markdown)', hint: 'Formatted text as Markdown' },
  { family: 'blocks', label: 'Rich text (Blocks)', hint: 'Paragraphs, headings, lists, images' },
  { family: 'email', label: 'Email', hint: 'An email address, checked' },
  { family: 'password', label: 'Password', hint: 'Stored hashed, never returned' },
  { family: 'uid', label: 'UID', hint: 'A unique identifier, e.g. a slug' },
  { family: 'enumeration', label: 'Enumeration', hint: 'One value of a list' },
  { family: 'number', label: 'Number', hint: 'Integer, big integer, float, decimal' },
  { family: 'date', label: 'Date', hint: 'Date, date and time, time' },
  { family: 'boolean', label: 'Boolean', hint: 'Yes or no' },
  { family: 'json', label: 'JSON', hint: 'Data in JSON format' },
  { family: 'media', label: 'Media', hint: 'Images, videos, files' },
  { family: 'relation', label: 'Relation', hint: 'Links to entries of a type' },
  { family: 'component', label: 'Component', hint: 'A group of fields, once or repeated' },
  { family: 'dynamiczone', label: 'Dynamic zone', hint: 'A list of components to choose from' },
];

const NUMBER_KINDS = ['integer', 'biginteger', 'float', 'decimal'];
const DATE_KINDS = ['date', 'datetime', 'time'];
const MEDIA_TYPES = ['images', 'videos', 'audios', 'files'];
const UNIQUE = new Set(['string', 'text', 'richtext', 'email', 'uid', 'enumeration', 'number', 'date']);
const LENGTH = new Set(['string', 'text', 'richtext', 'email', 'password', 'uid']);

const familyOf = (type: string) => (NUMBER_KINDS.includes(type) ? 'number' : [...DATE_KINDS, 'timestamp'].includes(type) ? 'date' : type);

/** The keys the form sets; others (a default, searchable, configurable) are kept as they were. */
const MANAGED = ['type', 'required', 'unique', 'private', 'minLength', 'maxLength', 'min', 'max', 'enum', 'targetField', 'multiple', 'allowedTypes',
  'relation', 'target', 'targetAttribute', 'component', 'repeatable', 'components'];

interface Form {
  name: string; family: string; numberKind: string; dateKind: string;
  required: boolean; unique: boolean; private: boolean;
  minLength: string; maxLength: string; min: string; max: string;
  enumValues: string; targetField: string; multiple: boolean; allowedTypes: string[];
  relation: string; target: string; inverse: string; component: string; repeatable: boolean; components: string[];
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

function formOf(a: DraftAttr | undefined): Form {
  const p: Partial<Props> = a?.props ?? {};
  const type = p.type ?? 'string';
  return {
    name: a?.name ?? '', family: familyOf(type),
    numberKind: NUMBER_KINDS.includes(type) ? type : 'integer', dateKind: [...DATE_KINDS, 'timestamp'].includes(type) ? type : 'date',
    required: p.required === true, unique: p.unique === true, private: p.private === true,
    minLength: str(p.minLength), maxLength: str(p.maxLength), min: str(p.min), max: str(p.max),
    enumValues: ((p.enum as string[] | undefined) ?? []).join('\n'), targetField: str(p.targetField),
    multiple: p.multiple === true, allowedTypes: (p.allowedTypes as string[] | undefined) ?? [],
    relation: str(p.relation) || 'manyToOne', target: str(p.target), inverse: str(p.inversedBy ?? p.mappedBy ?? p.targetAttribute),
    component: str(p.component), repeatable: p.repeatable === true, components: (p.components as string[] | undefined) ?? [],
  };
}

export interface Choices {
  /** Content types a relation may target: [uid, display name, may it have an inverse field]. */
  targets: Array<[string, string, boolean]>;
  components: Array<[string, string]>;
}

export function AttributeDialog(props: { model: DraftModel; attr?: DraftAttr; choices: Choices; onSave: (name: string, p: Props) => void; onClose: () => void }) {
  const { model, attr, choices } = props;
  const existing = !!attr?.from;
  const [f, setF] = useState<Form>(() => formOf(attr));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setF((old) => ({ ...old, [key]: value }));
  const families = FAMILIES.filter((x) => !model.component || x.family !== 'dynamiczone');
  const renamed = existing && f.name !== attr!.from;
  const oldRelation = existing && attr!.props.type === 'relation';

  const submit = (e: Event) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    const nameProblem = attributeNameProblem(f.name.trim(), model, attr);
    if (nameProblem) problems.name = nameProblem;
    const num = (key: 'minLength' | 'maxLength' | 'min' | 'max', integer: boolean) => {
      const raw = f[key].trim();
      if (raw === '') return undefined;
      const n = Number(raw);
      if (!Number.isFinite(n) || (integer && (!Number.isInteger(n) || n < 0))) { problems[key] = integer ? 'A whole number of 0 or more' : 'A number'; return undefined; }
      return n;
    };
    const type = f.family === 'number' ? f.numberKind : f.family === 'date' ? f.dateKind : f.family;
    const base: Record<string, unknown> = Object.fromEntries(Object.entries(attr?.props ?? {}).filter(([k]) => !MANAGED.includes(k) || (oldRelation && k === 'targetAttribute')));
    if (attr?.props.type !== type) delete base.default;
    const p: Props = { ...base, type };
    if (f.required) p.required = true;
    if (f.private) p.private = true;
    if (f.unique && UNIQUE.has(f.family)) p.unique = true;
    if (LENGTH.has(f.family)) {
      const [a, b] = [num('minLength', true), num('maxLength', true)];
      if (a !== undefined) p.minLength = a;
      if (b !== undefined) p.maxLength = b;
      if (a !== undefined && b !== undefined && a > b) problems.minLength = 'Not more than the maximum length';
    }
    if (f.family === 'number') {
      const [a, b] = [num('min', false), num('max', false)];
      if (a !== undefined) p.min = a;
      if (b !== undefined) p.max = b;
      if (a !== undefined && b !== undefined && a > b) problems.min = 'Not more than the maximum';
    }
    if (f.family === 'uid' && f.targetField) p.targetField = f.targetField;
    if (f.family === 'enumeration') {
      const values = f.enumValues.split('\n').map((v) => v.trim()).filter(Boolean);
      if (!values.length) problems.enumValues = 'One value a line, at least one';
      else if (new Set(values).size !== values.length) problems.enumValues = 'Each value once';
      p.enum = values;
      if (typeof p.default === 'string' && !values.includes(p.default)) delete p.default;
    }
    if (f.family === 'media') {
      p.multiple = f.multiple;
      if (f.allowedTypes.length) p.allowedTypes = MEDIA_TYPES.filter((t) => f.allowedTypes.includes(t));
    }
    if (f.family === 'relation') {
      if (oldRelation) Object.assign(p, { relation: attr!.props.relation, target: attr!.props.target });
      else {
        if (!f.target) problems.target = 'Choose the type it links to';
        p.relation = f.relation;
        p.target = f.target;
        const inverse = f.inverse.trim();
        if (inverse && !model.component) {
          if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(inverse)) problems.inverse = 'Use letters, digits and _, not starting with a digit';
          p.targetAttribute = inverse;
        }
      }
    }
    if (f.family === 'component') {
      if (!f.component) problems.component = 'Choose a component';
      p.component = f.component;
      p.repeatable = f.repeatable;
    }
    if (f.family === 'dynamiczone') {
      if (!f.components.length) problems.components = 'Choose at least one component';
      p.components = f.components;
    }
    setErrors(problems);
    if (Object.keys(problems).length) {
      (document.querySelector(`#attr-${Object.keys(problems)[0]}`) as HTMLElement | null)?.focus();
      return;
    }
    props.onSave(f.name.trim(), p);
  };

  const err = (key: string) => (errors[key] ? <p class="field-error" id={`attr-${key}-error`}>{errors[key]}</p> : null);
  const described = (key: string, hint?: string) => ({ 'aria-invalid': errors[key] ? true : undefined, 'aria-describedby': errors[key] ? `attr-${key}-error` : hint });
  const text = (key: 'minLength' | 'maxLength' | 'min' | 'max', label: string) => (
    <div class="field"><label class="field-label" for={`attr-${key}`}>{label}</label>
      <input id={`attr-${key}`} inputMode="decimal" value={f[key]} onInput={(e) => set(key, e.currentTarget.value)} {...described(key)} />{err(key)}</div>
  );
  const check = (key: 'required' | 'unique' | 'private', label: string) => (
    <label class="check"><input type="checkbox" checked={f[key]} onChange={(e) => set(key, e.currentTarget.checked)} />{label}</label>
  );
  const toggle = (list: string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));
  const stringFields = model.attributes.filter((a) => !a.deleted && (a.props.type === 'string' || a.props.type === 'text') && a !== attr);

  return (
    <Dialog title={existing ? `Edit the field ${attr!.from}` : `Add a field to ${model.displayName}`} wide onClose={props.onClose} footer={(
      <>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="primary" type="submit" form="attr-form">{existing ? 'Apply' : 'Add field'}</Button>
      </>
    )}>
      <form id="attr-form" class="stack" onSubmit={submit} noValidate>
        {existing ? (
          <p class="ctb-type-fixed"><strong>Type:</strong> {TYPE_LABELS[attr!.props.type] ?? attr!.props.type}
            <span class="hint block">A field keeps its type family; delete it and add another to change it.</span></p>
        ) : (
        <fieldset class="plain ctb-types">
          <legend class="field-label">Type</legend>
          <div class="ctb-type-grid">
            {families.map((x) => (
              <label key={x.family} class="ctb-type">
                <input type="radio" name="attr-family" value={x.family} checked={f.family === x.family} onChange={() => set('family', x.family)} />
                <span><strong>{x.label}</strong><span class="hint">{x.hint}</span></span>
              </label>
            ))}
          </div>
        </fieldset>
        )}
        <div class="field"><label class="field-label" for="attr-name">Name</label>
          <input id="attr-name" value={f.name} autoComplete="off" onInput={(e) => set('name', e.currentTarget.value)} {...described('name', renamed ? 'attr-rename-note' : undefined)} />
          {err('name')}
          {renamed ? <p class="hint ctb-keep" id="attr-rename-note">Renamed from {attr!.from}: sent as a rename, so the values stored under {attr!.from} are kept under {f.name || 'the new name'}.</p> : null}
        </div>
        {f.family === 'number' ? (
          <div class="field"><label class="field-label" for="attr-number-kind">Number format</label>
            <select id="attr-number-kind" value={f.numberKind} onChange={(e) => set('numberKind', e.currentTarget.value)}>
              <option value="integer">Integer</option><option value="biginteger">Big integer</option><option value="float">Float</option><option value="decimal">Decimal</option>
            </select></div>
        ) : null}
        {f.family === 'date' ? (
          <div class="field"><label class="field-label" for="attr-date-kind">Date format</label>
            <select id="attr-date-kind" value={f.dateKind} onChange={(e) => set('dateKind', e.currentTarget.value)}>
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
              <select id="attr-target" value={f.target} disabled={oldRelation} onChange={(e) => set('target', e.currentTarget.value)} {...described('target')}>
                <option value="">Choose a type</option>
                {choices.targets.map(([uid, label]) => <option key={uid} value={uid}>{label}</option>)}
              </select>{err('target')}</div>
            {!model.component && (oldRelation || choices.targets.find(([uid]) => uid === f.target)?.[2] !== false) ? (
              <div class="field"><label class="field-label" for="attr-inverse">Field name on the linked type</label>
                <input id="attr-inverse" value={f.inverse} disabled={oldRelation} autoComplete="off" onInput={(e) => set('inverse', e.currentTarget.value)} {...described('inverse', 'attr-inverse-hint')} />
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
        {LENGTH.has(f.family) ? <div class="ctb-pair">{text('minLength', 'Minimum length')}{text('maxLength', 'Maximum length')}</div> : null}
        {f.family === 'number' ? <div class="ctb-pair">{text('min', 'Minimum value')}{text('max', 'Maximum value')}</div> : null}
        <fieldset class="plain"><legend class="field-label">Settings</legend>
          <div class="checks">
            {f.family !== 'relation' ? check('required', 'Required') : null}
            {UNIQUE.has(f.family) ? check('unique', 'Unique') : null}
            {check('private', 'Private (not returned by the API)')}
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
