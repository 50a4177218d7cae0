// Placeholder: the blocks editor is written next.
import { FieldFrame } from './index.js';
import type { FieldProps } from './types.js';

export function BlocksField(p: FieldProps) {
  return <FieldFrame path={p.path} label={p.label} error={p.errors.get(p.path)} group><p class="muted">Blocks are not editable yet.</p></FieldFrame>;
}
