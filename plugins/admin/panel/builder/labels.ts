// How the content-type builder shows an attribute: its type's label, a line naming what it holds
// (target, component, values), and the options worth a glance.
import type { Props } from './model.js';

export const TYPE_LABELS: Record<string, string> = {
  string: 'Text (short)', text: 'Text (long)', richtext: 'Rich text (Markdown)', blocks: 'Rich text (Blocks)', email: 'Email', password: 'Password',
  uid: 'UID', enumeration: 'Enumeration', integer: 'Number (integer)', biginteger: 'Number (big integer)', float: 'Number (float)',
  decimal: 'Number (decimal)', date: 'Date', datetime: 'Date and time', time: 'Time', timestamp: 'Timestamp', boolean: 'Boolean', json: 'JSON',
  media: 'Media', relation: 'Relation', component: 'Component', dynamiczone: 'Dynamic zone',
};

export const RELATION_LABELS: Record<string, string> = {
  oneToOne: 'has one (one-to-one)', oneToMany: 'has many (one-to-many)', manyToOne: 'belongs to one (many-to-one)', manyToMany: 'has and belongs to many (many-to-many)',
};

/** A line saying what the attribute holds, naming its target, component or values. */
export function describe(p: Props, nameOf: (uid: string) => string): string {
  switch (p.type) {
    case 'relation': {
      const other = (p.inversedBy ?? p.mappedBy ?? p.targetAttribute) as string | undefined;
      return `${RELATION_LABELS[String(p.relation)] ?? String(p.relation)} ${nameOf(String(p.target))}${other ? ` (linked back by its field ${other})` : ' (one-way)'}`;
    }
    case 'component': return `${p.repeatable ? 'Repeatable' : 'Single'} ${nameOf(String(p.component))}`;
    case 'dynamiczone': return ((p.components as string[] | undefined) ?? []).map(nameOf).join(', ');
    case 'media': return `${p.multiple ? 'Multiple' : 'Single'}${Array.isArray(p.allowedTypes) ? `: ${(p.allowedTypes as string[]).join(', ')}` : ''}`;
    case 'enumeration': return ((p.enum as string[] | undefined) ?? []).join(', ');
    case 'uid': return p.targetField ? `from ${String(p.targetField)}` : '';
    default: return '';
  }
}

/** The options worth a glance: required, unique, private, bounds, pattern, default, one value
 *  for every locale. */
export function optionsOf(p: Props): string[] {
  const out: string[] = [];
  if (p.required) out.push('required');
  if (p.unique) out.push('unique');
  if (p.private) out.push('private');
  for (const key of ['minLength', 'maxLength', 'min', 'max']) if (p[key] !== undefined) out.push(`${key} ${String(p[key])}`);
  if (typeof p.regex === 'string') out.push(`pattern /${p.regex}/`);
  if (p.default !== undefined) out.push(`default ${JSON.stringify(p.default)}`);
  if ((p.pluginOptions as { i18n?: { localized?: unknown } } | undefined)?.i18n?.localized === false) out.push('same in every locale');
  return out;
}
