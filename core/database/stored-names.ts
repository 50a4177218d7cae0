// What plugins store naming the app's schema follows a rename: their types declare it
// (ContentType.storedNames: a uid, permission actions, attribute names inside a json column), and
// the content-type builder adds these moves to each rename it records. They are data in
// renames.json like the table moves, so every database that receives the files rewrites its own
// rows; a database without the declaring plugin's table skips them (rename-rows.ts).

import type { Attributes, ContentType, StoredName } from '../registry/types.js';
import { columnName } from './naming.js';
import type { JsonStep, MoveWhere, RenamedModel, RenameMove } from './renames.js';

/** How a content type holds a component: the attributes from the type down to it, each with
 *  `zone` when it is a dynamic zone (the entries of that component in it). */
export interface ComponentUse { uid: string; path: ReadonlyArray<{ attribute: string; zone?: string }> }

/** What a rename changes, as stored names see it. `uses`: where content types hold the renamed
 *  component, or the component whose attribute is renamed, when the rename runs. */
export type NameChange =
  | { kind: 'contentType'; from: string; to: string }
  | { kind: 'component'; from: string; to: string; uses: readonly ComponentUse[] }
  | { kind: 'attribute'; model: string; from: string; to: string; uses: readonly ComponentUse[] };

/** Components nest only so deep (validated files have no cycles; this bounds a bad one). */
const MAX_DEPTH = 12;

const isComponentUid = (uid: string) => !uid.includes('::');

/** Where content types hold `component`: through components at any depth, and through dynamic
 *  zones (which only content types have). */
export function componentUses(models: ReadonlyArray<Pick<RenamedModel, 'uid'> & { attributes: Attributes }>, component: string): ComponentUse[] {
  const byUid = new Map(models.map((m) => [m.uid, m]));
  const uses: ComponentUse[] = [];
  const walk = (uid: string, attributes: Attributes, path: ComponentUse['path']) => {
    if (path.length >= MAX_DEPTH) return;
    for (const [name, attr] of Object.entries(attributes)) {
      const held = attr.type === 'component' ? [attr.component] : attr.type === 'dynamiczone' ? attr.components : [];
      for (const c of held) {
        const next = [...path, attr.type === 'dynamiczone' ? { attribute: name, zone: c } : { attribute: name }];
        if (c === component) uses.push({ uid, path: next });
        const inner = byUid.get(c);
        if (inner) walk(uid, inner.attributes, next);
      }
    }
  };
  for (const m of models) if (!isComponentUid(m.uid)) walk(m.uid, m.attributes, []);
  return uses;
}

/** The moves that rewrite what `types` declare they store, for one rename. */
export function storedNameMoves(types: readonly ContentType[], change: NameChange): RenameMove[] {
  return types.flatMap((type) => (type.storedNames ?? []).flatMap((decl) => movesOf(type, decl, change)));
}

function movesOf(type: ContentType, decl: StoredName, change: NameChange): RenameMove[] {
  const table = type.collectionName;
  const column = columnName(decl.attribute);
  const where = (of: string, equals: string): MoveWhere => ({ column: columnName(of), equals });
  const json = (path: JsonStep[], rename: 'key' | 'value' | 'prefix', from: string, to: string, w?: MoveWhere): RenameMove =>
    ({ op: 'json', table, column, path, rename, from, to, ...(w ? { where: w } : {}) });
  switch (decl.holds) {
    case 'uid':
      if (change.kind === 'attribute' || (change.kind === 'component' && !decl.components)) return [];
      return [{ op: 'values', table, column, from: change.from, to: change.to }];
    case 'actions':
      // Components have no actions of their own
      if (change.kind !== 'contentType') return [];
      return [type.attributes[decl.attribute]?.type === 'json'
        ? json([], 'prefix', change.from, change.to)
        : { op: 'prefix', table, column, from: change.from, to: change.to }];
    case 'keys': case 'names': {
      if (change.kind !== 'attribute') return [];
      // A component's own names are stored only where the uid column may name a component
      const uid = type.storedNames?.find((d) => d.holds === 'uid' && d.attribute === decl.of);
      if (isComponentUid(change.model) && !(uid?.holds === 'uid' && uid.components)) return [];
      return [json([...(decl.path ?? [])], decl.holds === 'keys' ? 'key' : 'value', change.from, change.to, where(decl.of, change.model))];
    }
    case 'paths': {
      if (change.kind !== 'attribute') return [];
      const path = [...(decl.path ?? [])];
      if (!isComponentUid(change.model)) return [json(path, 'prefix', change.from, change.to, where(decl.of, change.model))];
      // Strapi's permission fields reach into components by dotted paths, never into dynamic zones
      return change.uses.filter((u) => u.path.every((hop) => !hop.zone)).map((u) => {
        const under = u.path.map((hop) => hop.attribute).join('.');
        return json(path, 'prefix', `${under}.${change.from}`, `${under}.${change.to}`, where(decl.of, u.uid));
      });
    }
    case 'document':
      if (change.kind === 'contentType') return [];
      if (change.kind === 'attribute') {
        if (!isComponentUid(change.model)) return [json([], 'key', change.from, change.to, where(decl.of, change.model))];
        return change.uses.map((u) => json(stepsOf(u), 'key', change.from, change.to, where(decl.of, u.uid)));
      }
      // A renamed component: the dynamic zone entries that name it (zones are only at a type's top)
      return change.uses.filter((u) => u.path.length === 1 && u.path[0]!.zone).map((u) =>
        json([u.path[0]!.attribute, { where: '__component', equals: change.from }, '__component'], 'value', change.from, change.to, where(decl.of, u.uid)));
  }
}

/** The json steps down to a component's entries: a dynamic zone's only those naming it. */
function stepsOf(use: ComponentUse): JsonStep[] {
  return use.path.flatMap((hop) => (hop.zone ? [hop.attribute, { where: '__component', equals: hop.zone }] : [hop.attribute]));
}
