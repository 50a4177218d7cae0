// Pieces the settings screens share: what the administrator's role allows, a loaded resource, a
// confirmation dialog, a copy button, a page heading.
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api.js';
import type { Schema } from '../schema.js';
import { Button, Dialog, ErrorBox, notify } from '../ui.js';

export const SUPER_ADMIN = 'strapi-super-admin';
export const isSuperAdmin = (s: Schema) => s.user.roles.some((r) => r.code === SUPER_ADMIN);

/** Whether the role has a settings action (a super admin has them all, those added later too). */
export const allows = (s: Schema, action: string) => isSuperAdmin(s) || s.permissions.some((p) => p.action === action && !p.subject);

export interface Screen { path: string; label: string; read: string }

/** The settings screens, in the sub-navigation's order, each shown when its read action is allowed. */
export const SCREENS: Screen[] = [
  { path: '/settings/api-tokens', label: 'API tokens', read: 'admin::api-tokens.read' },
  { path: '/settings/webhooks', label: 'Webhooks', read: 'admin::webhooks.read' },
  { path: '/settings/locales', label: 'Internationalization', read: 'plugin::i18n.locale.read' },
  { path: '/settings/audit-logs', label: 'Audit log', read: 'admin::audit-logs.read' },
  { path: '/settings/users', label: 'Administrators', read: 'admin::users.read' },
  { path: '/settings/roles', label: 'Admin roles', read: 'admin::roles.read' },
  { path: '/settings/users-permissions/roles', label: 'End-user roles', read: 'plugin::users-permissions.roles.read' },
  { path: '/settings/users-permissions/advanced', label: 'End-user settings', read: 'plugin::users-permissions.advanced-settings.read' },
  { path: '/settings/users-permissions/email-templates', label: 'Email templates', read: 'plugin::users-permissions.email-templates.read' },
];

export const screensFor = (s: Schema) => SCREENS.filter((sc) => allows(s, sc.read) && (sc.path !== '/settings/locales' || s.locales.length > 0));

/** Loads once per `deps` change; `reload` loads again. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []) {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    load().then((d) => { if (live) { setData(d); setError(undefined); } }, (e: unknown) => { if (live) setError(e); });
    return () => { live = false; };
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, reload };
}

export const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Runs a write: busy while it runs, its error kept for the form, a notice when it succeeds. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = async <T,>(work: () => Promise<T>, done?: string): Promise<T | undefined> => {
    setBusy(true);
    setError(undefined);
    try {
      const out = await work();
      if (done) notify('success', done);
      return out;
    } catch (e) {
      setError(e);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

export function PageHead({ title, intro, children }: { title: string; intro?: string; children?: ComponentChildren }) {
  return (
    <div class="page-head">
      <div>
        <h1>{title}</h1>
        {intro ? <p class="muted">{intro}</p> : null}
      </div>
      {children ? <div class="actions">{children}</div> : null}
    </div>
  );
}

export function Confirm(props: { title: string; children: ComponentChildren; confirm: string; onConfirm: () => Promise<unknown>; onClose: () => void }) {
  const { busy, error, run } = useAction();
  const go = async () => {
    const ok = await run(async () => { await props.onConfirm(); return true; });
    if (ok) props.onClose();
  };
  return (
    <Dialog title={props.title} role="alertdialog" onClose={props.onClose} footer={(
      <>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="danger" busy={busy} onClick={() => void go()}>{props.confirm}</Button>
      </>
    )}>
      {error ? <ErrorBox error={error} /> : null}
      {props.children}
    </Dialog>
  );
}

/** A secret or a link shown once, selectable, with a button copying it. */
export function Secret({ label, value, note }: { label: string; value: string; note: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify('success', 'Copied');
    } catch {
      notify('error', 'The browser refused to copy: select the text and copy it');
    }
  };
  return (
    <div class="secret">
      <p role="status"><strong>{note}</strong></p>
      <div class="secret-row">
        <input readOnly value={value} aria-label={label} class="mono" onFocus={(e) => e.currentTarget.select()} />
        <Button onClick={() => void copy()}>Copy</Button>
      </div>
    </div>
  );
}

export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

export const notFound = (e: unknown) => e instanceof ApiError && e.status === 404;
