// What every field editor receives. `onChange` is the same function for the whole form (a
// field's props change only when its own value, error or access does), so an editor re-renders
// only when its part of the document changed: typing in one dynamic-zone entry leaves the
// other forty-nine alone.
import type { Attribute, Schema } from '../schema.js';

export interface FormContext {
  schema: Schema;
  /** The document's content type. */
  uid: string;
  documentId?: string;
  locale?: string;
  /** The document's type: a component's fields are nested in it. */
  rootUid: string;
}

export interface FieldProps<V = unknown> {
  /** The attribute's name, the label's fallback. */
  name: string;
  /** Where the value is in the document: "seo.metaTitle", "blocks.2.body". Also the input's id. */
  path: string;
  attribute: Attribute;
  value: V;
  /** silent: the editor filled in what it loaded (a relation's first page), not a change. */
  onChange: (path: string, value: unknown, options?: { silent?: boolean }) => void;
  /** The server's messages by path, for this field and those inside it. */
  errors: ReadonlyMap<string, string>;
  disabled: boolean;
  label: string;
  ctx: FormContext;
}

/** The DOM id of a field's input, from its path. */
export const inputId = (path: string) => `field-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** This field's errors and those of the fields inside it (a component's). */
export function errorsUnder(errors: ReadonlyMap<string, string>, path: string): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of errors) if (k === path || k.startsWith(`${path}.`)) out.set(k, v);
  return out;
}
