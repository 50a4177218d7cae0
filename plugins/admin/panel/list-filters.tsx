// The list's filter builder (a dialog over groups of conditions) and the chips of the filters
// applied, each removable. What they change goes to the URL (list-view.tsx), never only here.
import { useState } from 'preact/hooks';
import { describe, isUnary, operatorLabel, operatorsFor, type Combinator, type Condition, type FilterField, type FilterState, type Group } from './filters.js';
import { Button, Dialog } from './ui.js';

function freshCondition(fields: FilterField[]): Condition {
  const f = fields[0];
  return f ? retarget({ field: f.name, operator: '', value: '' }, f) : { field: '', operator: '$eq', value: '' };
}

/** A condition moved to another field: an operator and a value that field takes. */
function retarget(c: Condition, f: FilterField): Condition {
  const ops = operatorsFor(f.leaf.type);
  const operator = ops.includes(c.operator) ? c.operator : ops[0] ?? '$eq';
  const value = f.leaf.type === 'boolean' ? 'true' : f.leaf.type === 'enumeration' ? f.leaf.enum?.[0] ?? '' : c.field === f.name ? c.value : '';
  return { field: f.name, ...(f.sub ? { sub: f.sub } : {}), operator, value };
}

/** Applied filters keep only complete conditions. */
function complete(state: FilterState): FilterState {
  const groups = state.groups.map((g) => ({ ...g, conditions: g.conditions.filter((c) => c.field && (isUnary(c.operator) || c.value !== '')) }));
  return { ...state, groups: groups.filter((g) => g.conditions.length) };
}

export function FilterBuilder(props: { fields: FilterField[]; initial: FilterState; onApply: (state: FilterState) => void; onClose: () => void }) {
  const { fields } = props;
  const [state, setState] = useState<FilterState>(() =>
    props.initial.groups.length ? props.initial : { combinator: '$and', groups: [{ combinator: '$and', conditions: [freshCondition(fields)] }] });
  const setGroup = (i: number, g: Group | undefined) =>
    setState((s) => ({ ...s, groups: g ? s.groups.map((x, k) => (k === i ? g : x)) : s.groups.filter((_, k) => k !== i) }));
  const setCondition = (g: Group, i: number, j: number, c: Condition | undefined) =>
    setGroup(i, { ...g, conditions: c ? g.conditions.map((x, k) => (k === j ? c : x)) : g.conditions.filter((_, k) => k !== j) });

  return (
    <Dialog title="Filters" wide onClose={props.onClose} footer={
      <>
        <Button variant="ghost" onClick={() => props.onApply({ combinator: '$and', groups: [] })}>Clear all</Button>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="primary" onClick={() => props.onApply(complete(state))}>Apply filters</Button>
      </>
    }>
      <div class="filter-builder">
        <div class="filter-combinator">
          <label for="filter-top">Groups combine with</label>
          <CombinatorSelect id="filter-top" value={state.combinator} what="groups" onChange={(combinator) => setState((s) => ({ ...s, combinator }))} />
        </div>
        {state.groups.map((g, i) => (
          <fieldset class="filter-group" key={i}>
            <legend>Group {i + 1}</legend>
            <div class="filter-combinator">
              <label for={`filter-g${i}`}>Conditions combine with</label>
              <CombinatorSelect id={`filter-g${i}`} value={g.combinator} what="conditions" onChange={(combinator) => setGroup(i, { ...g, combinator })} />
              <Button variant="ghost" class="danger" onClick={() => setGroup(i, undefined)}>Remove group {i + 1}</Button>
            </div>
            {g.conditions.map((c, j) => (
              <ConditionRow key={j} n={j + 1} condition={c} fields={fields} onChange={(next) => setCondition(g, i, j, next)} />
            ))}
            <button type="button" class="add" onClick={() => setGroup(i, { ...g, conditions: [...g.conditions, freshCondition(fields)] })}>Add a condition</button>
          </fieldset>
        ))}
        <button type="button" class="add" onClick={() => setState((s) => ({ ...s, groups: [...s.groups, { combinator: '$and', conditions: [freshCondition(fields)] }] }))}>Add a group</button>
      </div>
    </Dialog>
  );
}

function CombinatorSelect(props: { id: string; value: Combinator; what: string; onChange: (c: Combinator) => void }) {
  return (
    <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value === '$or' ? '$or' : '$and')}>
      <option value="$and">AND: all the {props.what}</option>
      <option value="$or">OR: any of the {props.what}</option>
    </select>
  );
}

function ConditionRow(props: { n: number; condition: Condition; fields: FilterField[]; onChange: (c: Condition | undefined) => void }) {
  const { condition: c, fields, n } = props;
  const field = fields.find((f) => f.name === c.field);
  const type = field?.leaf.type ?? 'string';
  return (
    <div class="filter-condition">
      <select aria-label={`Condition ${n} field`} value={c.field} onChange={(e) => {
        const f = fields.find((x) => x.name === e.currentTarget.value);
        if (f) props.onChange(retarget(c, f));
      }}>
        {field ? null : <option value={c.field}>{c.field}</option>}
        {fields.map((f) => <option key={f.name} value={f.name}>{f.label}</option>)}
      </select>
      <select aria-label={`Condition ${n} operator`} value={c.operator} onChange={(e) => props.onChange({ ...c, operator: e.currentTarget.value })}>
        {operatorsFor(type).map((op) => <option key={op} value={op}>{operatorLabel(op, type)}</option>)}
      </select>
      {isUnary(c.operator) ? <span /> : <ValueInput label={`Condition ${n} value`} field={field} value={c.value} onChange={(value) => props.onChange({ ...c, value })} />}
      <Button variant="ghost" class="danger" onClick={() => props.onChange(undefined)}>Remove condition {n}</Button>
    </div>
  );
}

function ValueInput(props: { label: string; field: FilterField | undefined; value: string; onChange: (v: string) => void }) {
  const leaf = props.field?.leaf;
  const type = leaf?.type ?? 'string';
  const set = (e: { currentTarget: HTMLInputElement | HTMLSelectElement }) => props.onChange(e.currentTarget.value);
  if (type === 'boolean' || type === 'enumeration') {
    const options = type === 'boolean' ? ['true', 'false'] : leaf?.enum ?? [];
    return (
      <select aria-label={props.label} value={props.value} onChange={set}>
        {options.map((o) => <option key={o} value={o}>{o}</option>)}
      </select>
    );
  }
  if (type === 'datetime') {
    // The URL holds the instant (ISO); the input shows it in the editor's time zone
    return <input type="datetime-local" aria-label={props.label} value={localDateTime(props.value)}
      onChange={(e) => props.onChange(e.currentTarget.value ? new Date(e.currentTarget.value).toISOString() : '')} />;
  }
  if (type === 'date' || type === 'time') return <input type={type} aria-label={props.label} value={props.value} onInput={set} />;
  if (['integer', 'biginteger', 'float', 'decimal'].includes(type)) return <input type="number" step="any" aria-label={props.label} value={props.value} onInput={set} />;
  return <input type="text" aria-label={props.label} value={props.value} onInput={set} />;
}

function localDateTime(iso: string): string {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return '';
  const pad = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The applied filters as chips: `(a or b) and c`, each condition removable. */
export function FilterChips(props: { state: FilterState | undefined; fields: FilterField[]; onChange: (state: FilterState) => void }) {
  const { state, fields } = props;
  const clear = () => props.onChange({ combinator: '$and', groups: [] });
  if (!state) {
    return (
      <div class="chips">
        <span class="chip">Filters from the address<button type="button" aria-label="Remove the filters from the address" onClick={clear}>×</button></span>
      </div>
    );
  }
  if (!state.groups.length) return null;
  const remove = (i: number, j: number) => {
    const groups = state.groups.map((g, k) => (k === i ? { ...g, conditions: g.conditions.filter((_, m) => m !== j) } : g)).filter((g) => g.conditions.length);
    props.onChange({ ...state, groups });
  };
  const word = (c: Combinator) => (c === '$or' ? 'or' : 'and');
  return (
    <div class="chips">
      <ul aria-label="Applied filters">
        {state.groups.map((g, i) => (
          <li key={i} class="chip-group">
            {i > 0 ? <span class="chip-word">{word(state.combinator)}</span> : null}
            {g.conditions.length > 1 ? <span aria-hidden="true">(</span> : null}
            {g.conditions.map((c, j) => {
              const text = describe(c, fields);
              return (
                <span key={j} class="chip-wrap">
                  {j > 0 ? <span class="chip-word">{word(g.combinator)}</span> : null}
                  <span class="chip">{text}<button type="button" aria-label={`Remove filter: ${text}`} onClick={() => remove(i, j)}>×</button></span>
                </span>
              );
            })}
            {g.conditions.length > 1 ? <span aria-hidden="true">)</span> : null}
          </li>
        ))}
      </ul>
      <Button variant="ghost" onClick={clear}>Clear filters</Button>
    </div>
  );
}
