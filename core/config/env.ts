// The env() helper passed to each config file; reads from the environment it is given, never
// from a global, so two kernels in one process can have different settings.

export interface Env {
  (key: string): string | undefined;
  (key: string, fallback: string): string;
  int(key: string, fallback?: number): number | undefined;
  float(key: string, fallback?: number): number | undefined;
  bool(key: string, fallback?: boolean): boolean | undefined;
  array(key: string, fallback?: string[]): string[] | undefined;
  json<T>(key: string, fallback?: T): T | undefined;
}

export type EnvSource = Record<string, string | undefined>;

export function createEnv(source: EnvSource = process.env): Env {
  const raw = (key: string): string | undefined => {
    const value = source[key];
    return value === undefined || value === '' ? undefined : value;
  };
  function env(key: string): string | undefined;
  function env(key: string, fallback: string): string;
  function env(key: string, fallback?: string): string | undefined {
    return raw(key) ?? fallback;
  }
  // Values that do not parse are passed through as strings so that config validation names the key.
  const passThrough = <T>(value: string): T => value as unknown as T;
  return Object.assign(env, {
    int: (key: string, fallback?: number) => {
      const v = raw(key);
      if (v === undefined) return fallback;
      return /^-?\d+$/.test(v) ? Number(v) : passThrough<number>(v);
    },
    float: (key: string, fallback?: number) => {
      const v = raw(key);
      if (v === undefined) return fallback;
      return Number.isFinite(Number(v)) ? Number(v) : passThrough<number>(v);
    },
    bool: (key: string, fallback?: boolean) => {
      const v = raw(key);
      if (v === undefined) return fallback;
      if (/^(true|1|yes)$/i.test(v)) return true;
      if (/^(false|0|no)$/i.test(v)) return false;
      return passThrough<boolean>(v);
    },
    array: (key: string, fallback?: string[]) => {
      const v = raw(key);
      if (v === undefined) return fallback;
      return v.replace(/^\[|\]$/g, '').split(',').map((s) => s.trim().replace(/^["']|["']$/g, '')).filter(Boolean);
    },
    json: <T>(key: string, fallback?: T) => {
      const v = raw(key);
      if (v === undefined) return fallback;
      try { return JSON.parse(v) as T; } catch { return passThrough<T>(v); }
    },
  });
}
