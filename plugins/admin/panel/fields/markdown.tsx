// Placeholder: Markdown with a preview is written next.
import { described, FieldFrame } from './index.js';
import type { FieldProps } from './types.js';

export function MarkdownField(p: FieldProps) {
  const error = p.errors.get(p.path);
  return (
    <FieldFrame path={p.path} label={p.label} required={p.attribute.required} error={error}>
      <textarea {...described(p.path, error)} rows={8} value={typeof p.value === 'string' ? p.value : ''} disabled={p.disabled} onInput={(e) => p.onChange(p.path, e.currentTarget.value || null)} />
    </FieldFrame>
  );
}
