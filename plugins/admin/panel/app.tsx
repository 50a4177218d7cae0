// The panel: the sign-in screens until a session exists, then the layout and the screen the URL
// names. A session that ends later shows a sign-in dialog over the screen (api.ts).
import { useEffect, useState } from 'preact/hooks';
import { refresh, request, session } from './api.js';
import { AcceptInvitation, ForgotPassword, Login, RegisterFirstAdmin, ResetPassword, SignInAgain } from './auth-screens.js';
import { EditView } from './edit-view.js';
import { Layout } from './layout.js';
import { ListView } from './list-view.js';
import { here, match, navigate } from './router.js';
import { loadSchema, schema, type Schema } from './schema.js';
import { MediaLibraryScreen, mayMedia } from './media/screen.js';
import { Settings } from './settings/index.js';
import { Builder, BUILDER_PATH, mayBuild } from './builder/index.js';
import { useStore } from './store.js';
import { ErrorBox, Notices, Spinner } from './ui.js';

type Phase = 'loading' | 'register' | 'signed-out' | 'ready';

export function App() {
  const [phase, setPhase] = useState<Phase>('loading');
  const [failed, setFailed] = useState<unknown>();
  const expired = useStore(session.expired);
  const loaded = useStore(schema);

  const start = async () => {
    await loadSchema();
    setPhase('ready');
    if (here.get().path.startsWith('/auth')) navigate('/', { replace: true, force: true });
  };
  useEffect(() => {
    (async () => {
      const init = await request<{ data: { hasAdmin: boolean } }>('GET', '/admin/init', { anonymous: true });
      if (!init.data.hasAdmin) return setPhase('register');
      if (await refresh()) return start();
      setPhase('signed-out');
    })().catch(setFailed);
  }, []);
  const onSignedIn = (token: string) => {
    session.token = token;
    start().catch(setFailed);
  };

  if (failed) return <main class="auth-page"><ErrorBox error={failed} /></main>;
  if (phase === 'loading') return <Spinner />;
  if (phase === 'register') return <RegisterFirstAdmin onSignedIn={onSignedIn} />;
  if (phase === 'signed-out' || !loaded) return <SignedOut onSignedIn={onSignedIn} />;
  return (
    <>
      <Layout schema={loaded}><Screen schema={loaded} /></Layout>
      {expired ? <SignInAgain email={loaded.user.email} /> : null}
      <Notices />
    </>
  );
}

function SignedOut({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const { path } = useStore(here);
  if (path === '/auth/forgot-password') return <ForgotPassword />;
  if (path === '/auth/reset-password') return <ResetPassword onSignedIn={onSignedIn} />;
  if (path === '/auth/register') return <AcceptInvitation onSignedIn={onSignedIn} />;
  return <Login onSignedIn={onSignedIn} />;
}

/** A type the administrator may open, and a documentId's shape: what the URL names goes into API
 *  paths only once it is known to be one of them (a crafted link cannot aim at another route). */
const known = (s: Schema, uid: string | undefined) => !!uid && s.contentTypes.some((t) => t.uid === uid);
const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

function Screen({ schema: s }: { schema: Schema }) {
  const { path } = useStore(here);
  const params = match('/content-manager/:kind/:uid', path) ?? match('/content-manager/:kind/:uid/:documentId', path);
  if (params && (!known(s, params.uid) || (params.documentId !== undefined && !DOCUMENT_ID.test(params.documentId)))) return <NotFound />;
  let m = match('/content-manager/collection-types/:uid', path);
  if (m) return <ListView key={m.uid} uid={m.uid!} schema={s} />;
  m = match('/content-manager/collection-types/:uid/:documentId', path);
  if (m) return <EditView key={`${m.uid}/${m.documentId}`} uid={m.uid!} documentId={m.documentId === 'create' ? undefined : m.documentId} schema={s} />;
  m = match('/content-manager/single-types/:uid', path);
  if (m) return <EditView key={m.uid} uid={m.uid!} single schema={s} />;
  if (path === '/settings' || path.startsWith('/settings/')) return <Settings schema={s} />;
  if ((path === BUILDER_PATH || path.startsWith(`${BUILDER_PATH}/`)) && mayBuild(s)) return <Builder />;
  if (path === '/media-library' && mayMedia(s, 'read')) return <MediaLibraryScreen schema={s} />;
  if (path === '/' || path.startsWith('/auth')) return <Home schema={s} />;
  return <NotFound />;
}

function NotFound() {
  return <main class="content" id="main"><h1>Page not found</h1><p>Nothing is at this address.</p></main>;
}

function Home({ schema: s }: { schema: Schema }) {
  const name = s.user.firstname ?? s.user.email;
  return (
    <main class="content" id="main">
      <h1>Hello {name}</h1>
      <p>Choose a collection or a single type in the menu to write content.</p>
    </main>
  );
}
