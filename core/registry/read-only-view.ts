// What plugins get from the registry while models are still being registered: views that read
// through to the registry's objects and refuse every write. A plugin that copied an attribute
// without `private` and put the copy back would make a private field public; through a view
// that write stops start-up instead, naming the model and the attribute. After the registry is
// frozen its objects are frozen too and handed out as they are (no proxy on the read path).

/** A write to a registry object. Not a KernelError: the tap guard wraps it with the plugin's name. */
export class RegistryWriteError extends Error {
  override readonly name = 'RegistryWriteError';
}

export class ReadOnlyViews {
  readonly #views = new WeakMap<object, object>();

  /** A read-only view of `target`; `where` names it in errors ("api::article.article"). */
  of<T extends object>(target: T, where: string, path: readonly string[] = []): T {
    const cached = this.#views.get(target);
    if (cached) return cached as T;
    const refuse = (key: string | symbol): never => {
      const at = [...path, String(key)].join('.');
      throw new RegistryWriteError(
        `cannot change ${where} ${at} directly: the model registry's objects are read-only; ` +
        'use registry.addAttribute, extendAttribute or setOption',
      );
    };
    const view = new Proxy(target, {
      get: (obj, key, receiver) => {
        const value: unknown = Reflect.get(obj, key, receiver);
        return value !== null && typeof value === 'object' && typeof key === 'string'
          ? this.of(value, where, [...path, key])
          : value;
      },
      set: (_obj, key) => refuse(key),
      deleteProperty: (_obj, key) => refuse(key),
      defineProperty: (_obj, key) => refuse(key),
      setPrototypeOf: () => refuse('prototype'),
    });
    this.#views.set(target, view);
    return view;
  }
}

/** A plain deep copy of attribute data (a view cannot be structured-cloned). */
export function copyData<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => copyData(item)) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) out[key] = copyData(child);
    return out as T;
  }
  return value;
}
