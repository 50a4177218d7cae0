// Placeholder: the relation picker (search, load more, reorder) is written next.
import { FieldFrame } from './index.js';
import type { FieldProps } from './types.js';

export function RelationField(p: FieldProps) {
  return <FieldFrame path={p.path} label={p.label} error={p.errors.get(p.path)} group><p class="muted">Relations are not editable yet.</p></FieldFrame>;
}
