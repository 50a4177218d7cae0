// Preact's memo lives in preact/compat, which the panel does not load: a component that renders
// again only when a prop changed (compared by identity; Maps of errors by their entries).
import { Component, h, type FunctionComponent } from 'preact';

function sameProp(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (b.get(k) !== v) return false;
    return true;
  }
  return false;
}

export function memo<P extends object>(render: FunctionComponent<P>): FunctionComponent<P> {
  class Memo extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      const prev = this.props as Record<string, unknown>;
      const keys = new Set([...Object.keys(prev), ...Object.keys(next)]);
      for (const k of keys) if (k !== 'children' && !sameProp(prev[k], (next as Record<string, unknown>)[k])) return true;
      return false;
    }
    override render() {
      return h(render, this.props);
    }
  }
  return Memo as unknown as FunctionComponent<P>;
}
