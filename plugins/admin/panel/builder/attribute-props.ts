// The field dialog's state and what it becomes: a form read from an attribute's options, and the
// options (as a schema file holds them) made from the form, with the problems the server would
// refuse named here first. Options the form does not manage are kept as they were.
import type { DraftAttr, DraftModel, Props } from './model.js';
import { attributeNameProblem } from './model.js';

export const FAMILIES: Array<{ family: string; label: string; hint: string }> = [
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

export const NUMBER_KINDS = ['integer', 'biginteger', 'float', 'decimal'];
export const DATE_KINDS = ['date', 'datetime', 'time'];
export const MEDIA_TYPES = ['images', 'videos', 'audios', 'files'];
export const UNIQUE = new Set(['string', 'text', 'richtext', 'email', 'uid', 'enumeration', 'number', 'date']);
export const LENGTH = new Set(['string', 'text', 'richtext', 'email', 'password', 'uid']);
export const REGEX = new Set(['string', 'text', 'richtext', 'email', 'password']);
export const DEFAULTS = new Set(['string', 'text', 'richtext', 'email', 'enumeration', 'number', 'date', 'boolean', 'json']);
/** Only text kinds take `searchable` (core/registry/validate-attributes.ts ALLOWED_OPTIONS). */
const SEARCHABLE = new Set(['string', 'text', 'richtext', 'email', 'uid']);

/**
 * The column each kind is stored in, and the changes of column that keep every value: a copy of
 * core/database/physical.ts columnTypeOf and core/database/sync.ts WIDENINGS (the panel bundles
 * no server code). The server decides; this only says beforehand what it will say.
 */
const COLUMN: Record<string, string> = {
  string: 'string', email: 'string', password: 'string', uid: 'string', enumeration: 'string', text: 'text', richtext: 'text', json: 'json', blocks: 'json',
  integer: 'integer', biginteger: 'biginteger', float: 'double', decimal: 'decimal', boolean: 'boolean', date: 'date', time: 'time', datetime: 'datetime', timestamp: 'datetime',
};
const WIDENINGS: Record<string, string[]> = { string: ['text'], integer: ['biginteger', 'double', 'decimal', 'string'], double: ['decimal'], date: ['datetime'], boolean: ['integer', 'biginteger'] };

/** The kinds an existing field stored in a column may become (the others are stored elsewhere). */
export const SCALAR_KINDS = ['string', 'text', 'richtext', 'email', 'password', 'uid', 'enumeration', 'integer', 'biginteger', 'float', 'decimal', 'date', 'datetime', 'time', 'boolean', 'json', 'blocks'];
export const isScalar = (type: string) => COLUMN[type] !== undefined;
/** Whether a field of kind `from` may become `to` keeping its values, whatever they are. */
export function keepsValues(from: string, to: string): boolean {
  const [a, b] = [COLUMN[from], COLUMN[to]];
  return !!a && !!b && (a === b || (WIDENINGS[a]?.includes(b) ?? false));
}

export const familyOf = (type: string) => (NUMBER_KINDS.includes(type) ? 'number' : [...DATE_KINDS, 'timestamp'].includes(type) ? 'date' : type);

/** The keys the form sets; others (searchable, configurable, writable, pluginOptions) are kept as they were. */
const MANAGED = ['type', 'required', 'unique', 'private', 'enum', 'targetField', 'multiple', 'allowedTypes', 'relation', 'target', 'targetAttribute', 'component', 'repeatable', 'components'];
/** Keys the form sets only for some kinds: kept elsewhere (a repeatable component's min and max,
 *  a blocks field's default, a uid's pattern), unless the field changes kind. */
const SHOWN: Record<string, (family: string) => boolean> = {
  default: (x) => DEFAULTS.has(x), regex: (x) => REGEX.has(x), minLength: (x) => LENGTH.has(x), maxLength: (x) => LENGTH.has(x),
  min: (x) => x === 'number', max: (x) => x === 'number',
};

export interface Form {
  name: string; family: string; numberKind: string; dateKind: string;
  required: boolean; unique: boolean; private: boolean; localized: boolean;
  minLength: string; maxLength: string; min: string; max: string; regex: string;
  /** The default value as typed (boolean: '', 'true' or 'false'; JSON: its text). */
  def: string;
  enumValues: string; targetField: string; multiple: boolean; allowedTypes: string[];
  relation: string; target: string; inverse: string; component: string; repeatable: boolean; components: string[];
}

export const typeOf = (f: Form) => (f.family === 'number' ? f.numberKind : f.family === 'date' ? f.dateKind : f.family);

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO instant as a datetime-local input's value, in the browser's zone. */
const localInput = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

const localizedOf = (p: Partial<Props>) => (p.pluginOptions as { i18n?: { localized?: unknown } } | undefined)?.i18n?.localized;

function defaultText(type: string, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (type === 'json') return JSON.stringify(value, null, 2);
  if (type === 'datetime' || type === 'timestamp') return localInput(String(value));
  if (type === 'time') return String(value).slice(0, 8);
  return String(value);
}

export function formOf(a: DraftAttr | undefined): Form {
  const p: Partial<Props> = a?.props ?? {};
  const type = p.type ?? 'string';
  return {
    name: a?.name ?? '', family: familyOf(type),
    numberKind: NUMBER_KINDS.includes(type) ? type : 'integer', dateKind: [...DATE_KINDS, 'timestamp'].includes(type) ? type : 'date',
    required: p.required === true, unique: p.unique === true, private: p.private === true, localized: localizedOf(p) !== false,
    minLength: str(p.minLength), maxLength: str(p.maxLength), min: str(p.min), max: str(p.max), regex: str(p.regex), def: defaultText(type, p.default),
    enumValues: ((p.enum as string[] | undefined) ?? []).join('\n'), targetField: str(p.targetField),
    multiple: p.multiple === true, allowedTypes: (p.allowedTypes as string[] | undefined) ?? [],
    relation: str(p.relation) || 'manyToOne', target: str(p.target), inverse: str(p.inversedBy ?? p.mappedBy ?? p.targetAttribute),
    component: str(p.component), repeatable: p.repeatable === true, components: (p.components as string[] | undefined) ?? [],
  };
}

/** Kinds whose default is typed in the same way. */
const defaultInput = (type: string) => (['string', 'text', 'richtext', 'email'].includes(type) ? 'text' : NUMBER_KINDS.includes(type) ? 'number' : type === 'timestamp' ? 'datetime' : type);

/** The form with another kind: the family's own choices follow, and a default typed for the old kind goes. */
export function withType(f: Form, type: string): Form {
  const family = familyOf(type);
  return {
    ...f, family, def: defaultInput(type) === defaultInput(typeOf(f)) ? f.def : '',
    ...(family === 'number' ? { numberKind: type } : {}), ...(family === 'date' ? { dateKind: type } : {}),
  };
}

/** The default value the form holds, typed for the kind; a problem is recorded instead. */
function defaultOf(f: Form, type: string, values: string[], problem: (text: string) => void): unknown {
  const raw = f.family === 'json' ? f.def.trim() : f.def;
  if (raw.trim() === '') return undefined;
  switch (f.family) {
    case 'enumeration':
      if (!values.includes(raw)) { problem('One of the values'); return undefined; }
      return raw;
    case 'number': {
      if (type === 'biginteger') {
        if (!/^-?\d+$/.test(raw.trim())) { problem('A whole number'); return undefined; }
        return raw.trim();
      }
      const n = Number(raw);
      if (!Number.isFinite(n) || (type === 'integer' && !Number.isInteger(n))) { problem(type === 'integer' ? 'A whole number' : 'A number'); return undefined; }
      return n;
    }
    case 'boolean': return raw === 'true';
    case 'json':
      try {
        return JSON.parse(raw) as unknown;
      } catch (e) {
        problem(`Not valid JSON (${(e as Error).message})`);
        return undefined;
      }
    case 'date': {
      if (type === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : (problem('A date'), undefined);
      if (type === 'time') return /^\d{2}:\d{2}(:\d{2})?$/.test(raw) ? `${raw.length === 5 ? `${raw}:00` : raw}.000` : (problem('A time'), undefined);
      const d = new Date(raw);
      return Number.isNaN(d.getTime()) ? (problem('A date and time'), undefined) : d.toISOString();
    }
    default: return raw;
  }
}

export interface Built { props: Props; problems: Record<string, string> }

/** The attribute's options from the form, keeping the options the form does not manage. */
export function propsOf(f: Form, model: DraftModel, attr: DraftAttr | undefined): Built {
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
  const type = typeOf(f);
  const oldRelation = !!attr?.from && attr.props.type === 'relation';
  const retyped = !!attr && attr.props.type !== type;
  const base: Record<string, unknown> = Object.fromEntries(Object.entries(attr?.props ?? {}).filter(([k]) => (!MANAGED.includes(k) || (oldRelation && k === 'targetAttribute'))
    && !(SHOWN[k] && (retyped || SHOWN[k](f.family)))));
  if (!SEARCHABLE.has(f.family)) delete base.searchable;
  const p: Props = { type, ...base };
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
  if (REGEX.has(f.family) && f.regex !== '') {
    try {
      new RegExp(f.regex);
      p.regex = f.regex;
    } catch (e) {
      problems.regex = `Not a valid regular expression: ${(e as Error).message.replace(/^Invalid regular expression: /, '')}`;
    }
  }
  if (f.family === 'uid' && f.targetField) p.targetField = f.targetField;
  const values = f.enumValues.split('\n').map((v) => v.trim()).filter(Boolean);
  if (f.family === 'enumeration') {
    if (!values.length) problems.enumValues = 'One value a line, at least one';
    else if (new Set(values).size !== values.length) problems.enumValues = 'Each value once';
    p.enum = values;
  }
  if (DEFAULTS.has(f.family)) {
    const value = defaultOf(f, type, values, (text) => { problems.default = text; });
    if (value !== undefined) p.default = value;
  }
  if (f.family === 'media') {
    p.multiple = f.multiple;
    if (f.allowedTypes.length) p.allowedTypes = MEDIA_TYPES.filter((t) => f.allowedTypes.includes(t));
  }
  if (f.family === 'relation') {
    if (!f.target) problems.target = 'Choose the type it links to';
    p.relation = oldRelation ? attr!.props.relation : f.relation;
    p.target = f.target;
    const inverse = f.inverse.trim();
    const retargeted = oldRelation && attr!.props.target !== f.target;
    if (inverse && !model.component && (!oldRelation || retargeted)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(inverse)) problems.inverse = 'Use letters, digits and _, not starting with a digit';
      if (!oldRelation) p.targetAttribute = inverse;
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
  // One value for every locale (i18n's shared fields): written when it differs from the default
  // (localized) or the field said it already. Relations are per locale, as in Strapi.
  if (!model.component && model.localized && f.family !== 'relation') {
    const had = attr?.from ? localizedOf(attr.props) : undefined;
    if (!f.localized || had !== undefined) {
      const options = (p.pluginOptions ?? {}) as Record<string, unknown>;
      p.pluginOptions = { ...options, i18n: { ...(options.i18n as object | undefined), localized: f.localized } };
    }
  }
  return { props: p, problems };
}
