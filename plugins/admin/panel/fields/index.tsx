// One editor per attribute type, chosen here. Scalars are plain inputs bound to the form value;
// the others have their own files.
import type { ComponentChildren, JSX } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { BlocksField } from './blocks.js';
import { ComponentField, DynamicZoneField } from './component.js';
import { MarkdownField } from './markdown.js';
import { MediaField } from './media.js';
import { memo } from './memo.js';
import { RelationField } from './relation.js';
import { errorsUnder, inputId, type FieldProps } from './types.js';

/** The label, the hint and the error around an input; the error is tied to it for screen readers. */
export function FieldFrame(props: { path: string; label: string; required?: boolean; hint?: string; error?: string; children: ComponentChildren; group?: boolean; action?: ComponentChildren }) {
  const id = inputId(props.path);
  const label = <>{props.label}{props.required ? <span class="required" aria-hidden="true"> *</span> : null}</>;
  return (
    <div class={`field${props.error ? ' field-invalid' : ''}`} data-field={props.path}>
      <div class="field-label">
        {props.group ? <span class="label" id={`${id}-label`}>{label}</span> : <label for={id}>{label}</label>}
        {props.action}
      </div>
      {props.children}
      {props.hint ? <p class="hint" id={`${id}-hint`}>{props.hint}</p> : null}
      {props.error ? <p class="field-error" id={`${id}-error`}>{props.error}</p> : null}
    </div>
  );
}

/** aria attributes an input carries for its hint and error. */
export function described(path: string, error?: string, hint?: string): { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const id = inputId(path);
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, ...(error ? { 'aria-invalid': true as const } : {}), ...(ids ? { 'aria-describedby': ids } : {}) };
}

function hintOf(p: FieldProps): string | undefined {
  const a = p.attribute;
  const parts: string[] = [];
  if (a.minLength !== undefined) parts.push(`at least ${a.minLength} characters`);
  if (a.maxLength !== undefined) parts.push(`at most ${a.maxLength} characters`);
  if (a.min !== undefined) parts.push(`min ${a.min}`);
  if (a.max !== undefined) parts.push(`max ${a.max}`);
  return parts.length ? parts.join(', ') : undefined;
}

const NUMBER_TYPES = new Set(['integer', 'float', 'decimal', 'biginteger']);

function ScalarField(p: FieldProps) {
  const a = p.attribute;
  const error = p.errors.get(p.path);
  const hint = hintOf(p);
  const aria = described(p.path, error, hint);
  const set = (v: unknown) => p.onChange(p.path, v);
  const str = p.value === null || p.value === undefined ? '' : String(p.value);
  let input: JSX.Element;
  switch (a.type) {
    case 'text':
      input = <textarea {...aria} rows={4} value={str} disabled={p.disabled} required={a.required} maxLength={a.maxLength} onInput={(e) => set(e.currentTarget.value || null)} />;
      break;
    case 'boolean':
      input = (
        <div class="segmented" role="radiogroup" aria-labelledby={`${inputId(p.path)}-label`} id={inputId(p.path)}>
          {([[true, 'True'], [false, 'False'], [null, 'Not set']] as const).map(([v, label]) => (
            <label key={label}><input type="radio" name={p.path} checked={p.value === v || (v === null && p.value === undefined)} disabled={p.disabled} onChange={() => set(v)} /> {label}</label>
          ))}
        </div>
      );
      return <FieldFrame path={p.path} label={p.label} required={a.required} error={error} group>{input}</FieldFrame>;
    case 'enumeration':
      input = (
        <select {...aria} value={str} disabled={p.disabled} required={a.required} onChange={(e) => set(e.currentTarget.value || null)}>
          <option value="">{a.required ? 'Choose…' : '(none)'}</option>
          {(a.enum ?? []).map((v) => <option key={v} value={v}>{v}</option>)}
        </select>
      );
      break;
    case 'integer': case 'biginteger': case 'float': case 'decimal':
      input = (
        <input {...aria} type="text" inputMode={a.type === 'integer' || a.type === 'biginteger' ? 'numeric' : 'decimal'} value={str} disabled={p.disabled} required={a.required}
          onInput={(e) => {
            const raw = e.currentTarget.value.trim();
            if (raw === '') return set(null);
            // biginteger stays a string (beyond 2^53); the others are numbers once they parse
            if (a.type === 'biginteger') return set(raw);
            const n = Number(raw);
            set(Number.isFinite(n) && /^-?\d*(\.\d*)?(e-?\d+)?$/i.test(raw) ? n : raw);
          }} />
      );
      break;
    case 'date':
      input = <input {...aria} type="date" value={str.slice(0, 10)} disabled={p.disabled} required={a.required} onInput={(e) => set(e.currentTarget.value || null)} />;
      break;
    case 'time':
      input = <input {...aria} type="time" step={1} value={str.slice(0, 8)} disabled={p.disabled} required={a.required} onInput={(e) => set(e.currentTarget.value ? withSeconds(e.currentTarget.value) : null)} />;
      break;
    case 'datetime':
      input = <input {...aria} type="datetime-local" step={1} value={str ? toLocalInput(str) : ''} disabled={p.disabled} required={a.required} onInput={(e) => set(e.currentTarget.value ? new Date(e.currentTarget.value).toISOString() : null)} />;
      break;
    case 'email':
      input = <input {...aria} type="email" value={str} disabled={p.disabled} required={a.required} onInput={(e) => set(e.currentTarget.value || null)} />;
      break;
    case 'password':
      input = <input {...aria} type="password" autocomplete="new-password" value={str} disabled={p.disabled} required={a.required} onInput={(e) => set(e.currentTarget.value || null)} />;
      break;
    case 'uid':
      return <UidField {...p} />;
    default:
      input = <input {...aria} type="text" value={str} disabled={p.disabled} required={a.required} maxLength={a.maxLength} onInput={(e) => set(e.currentTarget.value || null)} />;
  }
  return <FieldFrame path={p.path} label={p.label} required={a.required} hint={NUMBER_TYPES.has(a.type) || a.type === 'string' || a.type === 'text' ? hint : undefined} error={error}>{input}</FieldFrame>;
}

const withSeconds = (t: string) => (t.length === 5 ? `${t}:00` : t);

function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A uid with "Regenerate": the server's slug of the target field, made unique. */
function UidField(p: FieldProps) {
  const error = p.errors.get(p.path);
  const [busy, setBusy] = useState(false);
  const str = typeof p.value === 'string' ? p.value : '';
  const regenerate = async () => {
    const target = p.attribute.targetField;
    const source = target ? (document.getElementById(inputId(p.path.replace(/[^.]+$/, target))) as HTMLInputElement | null)?.value : '';
    setBusy(true);
    try {
      p.onChange(p.path, await slugFor(p, source ?? ''));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FieldFrame path={p.path} label={p.label} required={p.attribute.required} error={error}
      action={p.disabled ? null : <button type="button" class="link" onClick={() => void regenerate()} aria-busy={busy || undefined}>Regenerate</button>}>
      <input {...described(p.path, error)} type="text" value={str} disabled={p.disabled} pattern="[A-Za-z0-9\-_.~]*" onInput={(e) => p.onChange(p.path, e.currentTarget.value || null)} />
    </FieldFrame>
  );
}

/** A slug of the text, checked free among the type's documents (a suffix when it is not). */
async function slugFor(p: FieldProps, text: string): Promise<string> {
  const slug = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'entry';
  if (p.path.includes('.')) return slug;
  for (let n = 0; n < 20; n++) {
    const candidate = n ? `${slug}-${n}` : slug;
    const found = await api.get<{ results: Array<{ documentId: string }> }>(`/content-manager/collection-types/${p.ctx.uid}`, { pageSize: 1, filters: { [p.name]: { $eq: candidate } }, ...(p.ctx.locale ? { locale: p.ctx.locale } : {}) })
      .catch(() => ({ results: [] }));
    if (!found.results.some((r) => r.documentId !== p.ctx.documentId)) return candidate;
  }
  return `${slug}-${Date.now().toString(36)}`;
}

function JsonField(p: FieldProps) {
  const [text, setText] = useState(() => (p.value === null || p.value === undefined ? '' : JSON.stringify(p.value, null, 2)));
  const [invalid, setInvalid] = useState<string>();
  const error = invalid ?? p.errors.get(p.path);
  return (
    <FieldFrame path={p.path} label={p.label} required={p.attribute.required} error={error}>
      <textarea {...described(p.path, error)} class="code" rows={6} value={text} disabled={p.disabled} spellcheck={false}
        onInput={(e) => {
          const raw = e.currentTarget.value;
          setText(raw);
          if (raw.trim() === '') { setInvalid(undefined); p.onChange(p.path, null); return; }
          try {
            p.onChange(p.path, JSON.parse(raw));
            setInvalid(undefined);
          } catch {
            setInvalid('Not valid JSON yet');
          }
        }} />
    </FieldFrame>
  );
}

/** The editor for an attribute, memoised: see types.ts. */
export const Field = memo((p: FieldProps) => {
  switch (p.attribute.type) {
    case 'json': return <JsonField {...p} />;
    case 'richtext': return <MarkdownField {...p} />;
    case 'blocks': return <BlocksField {...p} />;
    case 'media': return <MediaField {...p} />;
    case 'relation': return <RelationField {...p} />;
    case 'component': return <ComponentField {...p} errors={errorsUnder(p.errors, p.path)} />;
    case 'dynamiczone': return <DynamicZoneField {...p} errors={errorsUnder(p.errors, p.path)} />;
    default: return <ScalarField {...p} />;
  }
});
