// The frame around every screen: a skip link, the menu of the types the administrator may read,
// and who is signed in.
import type { ComponentChildren } from 'preact';
import { logout } from './auth-screens.js';
import { mayMedia } from './media/screen.js';
import { here, href, onLinkClick } from './router.js';
import { can, displayName, type ContentType, type Schema } from './schema.js';
import { screensFor } from './settings/common.js';
import { BuilderNav } from './builder/index.js';
import { useStore } from './store.js';

export const pathOf = (ct: ContentType) => `/content-manager/${ct.kind === 'singleType' ? 'single-types' : 'collection-types'}/${ct.uid}`;

export function Layout({ schema: s, children }: { schema: Schema; children: ComponentChildren }) {
  const { path } = useStore(here);
  const readable = s.contentTypes.filter((ct) => can(s, 'read', ct.uid) || can(s, 'create', ct.uid));
  const group = (kind: ContentType['kind'], title: string) => {
    const list = readable.filter((ct) => ct.kind === kind).sort((a, b) => a.info.displayName.localeCompare(b.info.displayName));
    if (!list.length) return null;
    return (
      <section>
        <h2 class="nav-title">{title}</h2>
        <ul>
          {list.map((ct) => {
            const to = pathOf(ct);
            const current = path === to || path.startsWith(`${to}/`);
            return <li key={ct.uid}><a href={href(to)} onClick={onLinkClick} aria-current={current ? 'page' : undefined}>{ct.info.displayName}</a></li>;
          })}
        </ul>
      </section>
    );
  };
  return (
    <div class="frame">
      <a class="skip" href="#main">Skip to the content</a>
      <nav class="sidebar" aria-label="Content">
        <a class="brand" href={href('/')} onClick={onLinkClick}>Strata</a>
        {group('collectionType', 'Collection types')}
        {group('singleType', 'Single types')}
        {mayMedia(s, 'read') ? (
          <section>
            <h2 class="nav-title">Assets</h2>
            <ul><li><a href={href('/media-library')} onClick={onLinkClick} aria-current={path === '/media-library' ? 'page' : undefined}>Media Library</a></li></ul>
          </section>
        ) : null}
        <BuilderNav schema={s} />
        {screensFor(s).length ? (
          <section>
            <h2 class="nav-title">Administration</h2>
            <ul><li><a href={href('/settings')} onClick={onLinkClick} aria-current={path === '/settings' || path.startsWith('/settings/') ? 'page' : undefined}>Settings</a></li></ul>
          </section>
        ) : null}
        <div class="whoami">
          <span>{displayName(s.user)}</span>
          <button type="button" class="link" onClick={() => void logout()}>Log out</button>
        </div>
      </nav>
      {children}
    </div>
  );
}
