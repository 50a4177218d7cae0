// The panel's URLs, under its base path (/admin): every screen has one, so a reload, the back
// button and a shared link land on the same screen, list filters included.
import type { TargetedMouseEvent } from 'preact';
import { createStore } from './store.js';

export const base = document.getElementById('app')?.dataset.base ?? '/admin';

export interface Location { path: string; query: URLSearchParams }

const read = (): Location => ({
  path: location.pathname.startsWith(base) ? location.pathname.slice(base.length) || '/' : '/',
  query: new URLSearchParams(location.search),
});

export const here = createStore<Location>(read());
addEventListener('popstate', () => here.set(read()));

/** Guards that may refuse to leave the screen (unsaved changes). */
const guards = new Set<() => boolean>();
export function addLeaveGuard(guard: () => boolean): () => void {
  guards.add(guard);
  return () => guards.delete(guard);
}

export function href(path: string, query?: URLSearchParams | Record<string, string>): string {
  const qs = query ? new URLSearchParams(query).toString() : '';
  return `${base}${path === '/' ? '' : path}${qs ? `?${qs}` : ''}`;
}

export function navigate(to: string, options: { replace?: boolean; force?: boolean } = {}): boolean {
  const url = to.startsWith(base) ? to : href(to);
  if (!options.force && url !== location.pathname + location.search && [...guards].some((g) => !g())) return false;
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  here.set(read());
  scrollTo(0, 0);
  return true;
}

/** A link that navigates without a reload (a modified click opens a tab as usual). */
export function onLinkClick(e: TargetedMouseEvent<HTMLAnchorElement>): void {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  navigate(e.currentTarget.getAttribute('href') ?? '/');
}

/** Matches a pattern such as /content-manager/:kind/:uid; returns the named parts. */
export function match(pattern: string, path: string): Record<string, string> | undefined {
  const p = pattern.split('/');
  const s = path.split('/');
  if (p.length !== s.length) return undefined;
  const out: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    if (p[i]!.startsWith(':')) {
      try {
        out[p[i]!.slice(1)] = decodeURIComponent(s[i]!);
      } catch {
        // A malformed escape (%zz) names nothing
        return undefined;
      }
    } else if (p[i] !== s[i]) return undefined;
  }
  return out;
}
