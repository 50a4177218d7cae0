// Applies set / connect / disconnect (with positions) to an ordered list of documentIds.
// Pure: the caller reads the current list and writes the result.

import { ValidationError } from '../errors/index.js';
import type { RelationOp, RelationRef } from './input.js';

export function applyRelationOp(current: string[], op: RelationOp, toOne: boolean, path: string): string[] {
  let list: string[];
  if (op.kind === 'set') {
    list = op.refs.map((r) => r.documentId);
  } else {
    const disconnect = new Set(op.disconnect.map((r) => r.documentId));
    list = current.filter((id) => !disconnect.has(id));
    for (const ref of op.connect) list = place(list, ref, path);
  }
  // To-one relations keep the last item of the connect array, wherever its position put it
  // (positions were still checked above); set keeps its last item.
  if (!toOne) return list;
  if (op.kind === 'change' && op.connect.length) return [op.connect[op.connect.length - 1]!.documentId];
  return list.slice(-1);
}

function place(list: string[], ref: RelationRef, path: string): string[] {
  const without = list.filter((id) => id !== ref.documentId);
  const pos = ref.position;
  if (!pos || pos.end) return [...without, ref.documentId];
  if (pos.start) return [ref.documentId, ...without];
  const anchor = pos.before ?? pos.after;
  const at = anchor === undefined ? -1 : without.indexOf(anchor);
  if (at < 0) {
    throw ValidationError.fromFields([{
      path: path.split('.'),
      message: `${path}: cannot place ${ref.documentId} ${pos.before ? 'before' : 'after'} ${String(anchor)}: that document is not attached`,
      name: 'ValidationError',
      value: anchor,
    }]);
  }
  const index = pos.before ? at : at + 1;
  return [...without.slice(0, index), ref.documentId, ...without.slice(index)];
}

export function referencedIds(op: RelationOp): string[] {
  return referencedRefs(op).map((r) => r.documentId);
}

export function referencedRefs(op: RelationOp): RelationRef[] {
  return op.kind === 'set' ? op.refs : op.connect;
}
