// A value that components subscribe to: the session, the schemas, the toasts. Small on purpose:
// the panel's state is a few such values and each form's own state.
import { useEffect, useState } from 'preact/hooks';

export interface Store<T> {
  get(): T;
  set(value: T): void;
  update(fn: (value: T) => T): void;
  subscribe(listener: (value: T) => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  const store: Store<T> = {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const l of [...listeners]) l(value);
    },
    update: (fn) => store.set(fn(value)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

/** The store's value, re-rendering the component when it changes. */
export function useStore<T>(store: Store<T>): T {
  const [value, setValue] = useState(store.get);
  useEffect(() => {
    setValue(() => store.get());
    return store.subscribe((v) => setValue(() => v));
  }, [store]);
  return value;
}
