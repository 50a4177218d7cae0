// Placeholder: the media picker (library, upload) is written next.
import { FieldFrame } from './index.js';
import type { FieldProps } from './types.js';

export function MediaField(p: FieldProps) {
  return <FieldFrame path={p.path} label={p.label} error={p.errors.get(p.path)} group><p class="muted">Media are not editable yet.</p></FieldFrame>;
}
