// Settings: a sub-navigation of the screens the role allows, and the screen the URL names.
import { useEffect } from 'preact/hooks';
import './settings.css';
import { here, href, match, navigate, onLinkClick } from '../router.js';
import type { Schema } from '../schema.js';
import { useStore } from '../store.js';
import { AuditLog } from './audit-log.js';
import { screensFor } from './common.js';
import { EndUserRoleEditor, EndUserRoles } from './end-user-roles.js';
import { EndUserAdvanced, EndUserEmailTemplates } from './end-user-settings.js';
import { Locales } from './locales.js';
import { RoleEditor, Roles } from './roles.js';
import { ApiTokens } from './tokens.js';
import { Administrators } from './users.js';
import { Webhooks } from './webhooks.js';

export function Settings({ schema: s }: { schema: Schema }) {
  const { path } = useStore(here);
  const screens = screensFor(s);
  const current = screens.find((sc) => path === sc.path || path.startsWith(`${sc.path}/`));
  const first = screens[0]?.path;
  useEffect(() => {
    if (path === '/settings' && first) navigate(first, { replace: true, force: true });
  }, [path, first]);
  return (
    <div class="settings-frame">
      <nav class="subnav" aria-label="Settings">
        <h2 class="nav-title">Settings</h2>
        <ul>
          {screens.map((sc) => <li key={sc.path}><a href={href(sc.path)} onClick={onLinkClick} aria-current={current === sc ? 'page' : undefined}>{sc.label}</a></li>)}
        </ul>
      </nav>
      <main class="content" id="main">{current ? <Body path={path} at={current.path} schema={s} /> : <Nothing />}</main>
    </div>
  );
}

function Nothing() {
  return <><h1>Settings</h1><p>Nothing here is open to your role.</p></>;
}

function Body({ path, at, schema: s }: { path: string; at: string; schema: Schema }) {
  if (at === '/settings/api-tokens') return <ApiTokens schema={s} />;
  if (at === '/settings/webhooks') return <Webhooks schema={s} />;
  if (at === '/settings/locales') return <Locales schema={s} />;
  if (at === '/settings/audit-logs') return <AuditLog schema={s} />;
  if (at === '/settings/users') return <Administrators schema={s} />;
  if (at === '/settings/users-permissions/advanced') return <EndUserAdvanced schema={s} />;
  if (at === '/settings/users-permissions/email-templates') return <EndUserEmailTemplates schema={s} />;
  if (at === '/settings/roles') {
    const m = match('/settings/roles/:id', path);
    return m ? <RoleEditor key={m.id} id={m.id!} schema={s} /> : <Roles schema={s} />;
  }
  const m = match('/settings/users-permissions/roles/:id', path);
  return m ? <EndUserRoleEditor key={m.id} id={m.id!} schema={s} /> : <EndUserRoles schema={s} />;
}
