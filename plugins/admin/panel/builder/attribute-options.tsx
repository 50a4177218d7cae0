// The field dialog's advanced settings: the default value (an input typed for the kind), the
// pattern text must match, lengths and bounds, required / unique / private, and, on a localized
// type, whether the field has a value per locale or one for all of them.
import type { JSX } from 'preact';
import { DEFAULTS, type Form, LENGTH, REGEX, typeOf, UNIQUE } from './attribute-props.js';
import type { DraftModel } from './model.js';

export interface FieldProps {
  f: Form;
  set: <K extends keyof Form>(key: K, value: Form[K]) => void;
  err: (key: string) => JSX.Element | null;
  described: (key: string, hint?: string) => Record<string, unknown>;
}

const DATE_INPUT: Record<string, 'date' | 'datetime-local' | 'time'> = { date: 'date', datetime: 'datetime-local', timestamp: 'datetime-local', time: 'time' };

function DefaultValue({ f, set, err, described }: FieldProps) {
  const type = typeOf(f);
  const label = <label class="field-label" for="attr-default">Default value</label>;
  const onInput = (e: { currentTarget: { value: string } }) => set('def', e.currentTarget.value);
  if (f.family === 'boolean' || f.family === 'enumeration') {
    const values = f.family === 'boolean' ? ['true', 'false'] : f.enumValues.split('\n').map((v) => v.trim()).filter(Boolean);
    return (
      <div class="field">{label}
        <select id="attr-default" value={f.def} onChange={onInput} {...described('default')}>
          <option value="">None</option>
          {values.map((v) => <option key={v} value={v}>{v}</option>)}
        </select>{err('default')}</div>
    );
  }
  if (f.family === 'json') {
    return (
      <div class="field">{label}
        <textarea id="attr-default" rows={3} class="ctb-mono" value={f.def} onInput={onInput} {...described('default', 'attr-default-hint')} />
        <p class="hint" id="attr-default-hint">JSON, e.g. {'{ "theme": "dark" }'}; empty for none.</p>{err('default')}</div>
    );
  }
  const zoned = type === 'datetime' || type === 'timestamp';
  const attrs = { id: 'attr-default', value: f.def, autoComplete: 'off', onInput, ...described('default', zoned ? 'attr-default-hint' : undefined) };
  return (
    <div class="field">{label}
      {f.family === 'date'
        ? <input type={DATE_INPUT[type] ?? 'date'} step={type === 'time' ? 1 : undefined} {...attrs} />
        : <input type="text" inputMode={f.family === 'number' ? 'decimal' : undefined} {...attrs} />}
      {zoned ? <p class="hint" id="attr-default-hint">In this browser's time zone; stored as UTC.</p> : null}
      {err('default')}</div>
  );
}

export function AdvancedOptions(props: FieldProps & { model: DraftModel }) {
  const { f, set, err, described, model } = props;
  const text = (key: 'minLength' | 'maxLength' | 'min' | 'max', label: string) => (
    <div class="field"><label class="field-label" for={`attr-${key}`}>{label}</label>
      <input id={`attr-${key}`} inputMode="decimal" value={f[key]} onInput={(e) => set(key, e.currentTarget.value)} {...described(key)} />{err(key)}</div>
  );
  const check = (key: 'required' | 'unique' | 'private' | 'localized', label: string, hint?: string) => (
    <label class="check"><input type="checkbox" checked={f[key]} onChange={(e) => set(key, e.currentTarget.checked)} aria-describedby={hint} />{label}</label>
  );
  const localizable = !model.component && model.localized && f.family !== 'relation';
  return (
    <fieldset class="plain ctb-advanced"><legend class="field-label">Advanced settings</legend>
      <div class="stack">
        {DEFAULTS.has(f.family) ? <DefaultValue {...props} /> : null}
        {REGEX.has(f.family) ? (
          <div class="field"><label class="field-label" for="attr-regex">Regular expression pattern</label>
            <input id="attr-regex" class="ctb-mono" value={f.regex} autoComplete="off" spellcheck={false} onInput={(e) => set('regex', e.currentTarget.value)} {...described('regex', 'attr-regex-hint')} />
            <p class="hint" id="attr-regex-hint">A value must match it (JavaScript syntax, without slashes), e.g. ^[a-z-]+$; empty for none.</p>{err('regex')}</div>
        ) : null}
        {LENGTH.has(f.family) ? <div class="ctb-pair">{text('minLength', 'Minimum length')}{text('maxLength', 'Maximum length')}</div> : null}
        {f.family === 'number' ? <div class="ctb-pair">{text('min', 'Minimum value')}{text('max', 'Maximum value')}</div> : null}
        <div class="checks">
          {f.family !== 'relation' ? check('required', 'Required') : null}
          {UNIQUE.has(f.family) ? check('unique', 'Unique') : null}
          {check('private', 'Private (not returned by the API)')}
          {localizable ? check('localized', 'Localized: a value per locale', 'attr-localized-hint') : null}
        </div>
        {localizable ? <p class="hint" id="attr-localized-hint">Unchecked, every locale of an entry shares one value: writing it in one locale writes it in all.</p> : null}
      </div>
    </fieldset>
  );
}
