// Signing in: the first administrator, the login form (also as a dialog over the screen when a
// session ends mid-work), a forgotten password, its reset, and an invitation's registration.
import type { JSX, TargetedSubmitEvent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, request, resumeAfterSignIn } from './api.js';
import { clearBackups } from './backup.js';
import { here, href, navigate, onLinkClick } from './router.js';
import { useStore } from './store.js';
import { Button, Dialog, ErrorBox } from './ui.js';

type SignedIn = { data: { token: string; user?: { email?: string } } };

function useSubmit<T>(send: (values: Record<string, string>) => Promise<T>, done: (result: T) => void) {
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState(new Map<string, string>());
  const onSubmit = async (e: TargetedSubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values: Record<string, string> = {};
    for (const [k, v] of new FormData(e.currentTarget)) values[k] = String(v);
    setBusy(true);
    setError(undefined);
    try {
      done(await send(values));
    } catch (err) {
      setError(err);
      setFieldErrors(err instanceof ApiError ? err.fieldErrors() : new Map());
    } finally {
      setBusy(false);
    }
  };
  return { onSubmit, error, busy, fieldErrors };
}

function Input(props: { name: string; label: string; type?: 'text' | 'email' | 'password'; autocomplete?: string; required?: boolean; errors?: Map<string, string>; value?: string; autofocus?: boolean }) {
  const id = `auth-${props.name}`;
  const error = props.errors?.get(props.name);
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <input id={id} name={props.name} {...({ type: props.type ?? 'text' } as { type: 'text' })} autocomplete={props.autocomplete} required={props.required}
        value={props.value} autoFocus={props.autofocus} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? <p class="field-error" id={`${id}-error`}>{error}</p> : null}
    </div>
  );
}

function AuthPage(props: { title: string; children: JSX.Element | JSX.Element[] }) {
  return (
    <main class="auth-page">
      <div class="auth-card">
        <p class="brand">Strata</p>
        <h1>{props.title}</h1>
        {props.children}
      </div>
    </main>
  );
}

export function RegisterFirstAdmin({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const { onSubmit, error, busy, fieldErrors } = useSubmit(
    (v) => request<SignedIn>('POST', '/admin/register-admin', { body: { firstname: v.firstname, lastname: v.lastname, email: v.email, password: v.password }, anonymous: true }),
    (r) => onSignedIn(r.data.token),
  );
  return (
    <AuthPage title="Welcome! Create the first administrator">
      <form onSubmit={onSubmit} class="stack">
        <Input name="firstname" label="First name" autocomplete="given-name" required errors={fieldErrors} autofocus />
        <Input name="lastname" label="Last name" autocomplete="family-name" errors={fieldErrors} />
        <Input name="email" label="Email" type="email" autocomplete="email" required errors={fieldErrors} />
        <Input name="password" label="Password" type="password" autocomplete="new-password" required errors={fieldErrors} />
        <p class="hint">At least 8 characters, with a lower-case letter, an upper-case letter and a digit.</p>
        {error && !fieldErrors.size ? <ErrorBox error={error} /> : null}
        <Button type="submit" variant="primary" busy={busy}>Create the administrator</Button>
      </form>
    </AuthPage>
  );
}

function LoginForm({ onSignedIn, email }: { onSignedIn: (token: string, email?: string) => void; email?: string }) {
  const { onSubmit, error, busy, fieldErrors } = useSubmit(
    (v) => request<SignedIn>('POST', '/admin/login', { body: { email: v.email, password: v.password, rememberMe: v.rememberMe === 'on' }, anonymous: true }),
    (r) => onSignedIn(r.data.token, r.data.user?.email),
  );
  return (
    <form onSubmit={onSubmit} class="stack">
      <Input name="email" label="Email" type="email" autocomplete="username" required errors={fieldErrors} value={email} autofocus={!email} />
      <Input name="password" label="Password" type="password" autocomplete="current-password" required errors={fieldErrors} autofocus={!!email} />
      <label class="check"><input type="checkbox" name="rememberMe" /> Remember me</label>
      {error && !fieldErrors.size ? <ErrorBox error={error} /> : null}
      <Button type="submit" variant="primary" busy={busy}>Log in</Button>
    </form>
  );
}

export function Login({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  return (
    <AuthPage title="Log in">
      <LoginForm onSignedIn={onSignedIn} />
      <p><a href={href('/auth/forgot-password')} onClick={onLinkClick}>Forgot your password?</a></p>
    </AuthPage>
  );
}

/** Over the screen when the session ended: the form under it keeps what was typed. */
export function SignInAgain({ email }: { email?: string }) {
  return (
    <Dialog title="Your session has ended" onClose={() => undefined} role="alertdialog">
      <p>Log in again to go on; nothing you typed is lost.</p>
      <LoginForm email={email} onSignedIn={(token, who) => {
        // Someone else signing in gets their own permissions and menus: a fresh start
        if (who && email && who.toLowerCase() !== email.toLowerCase()) location.reload();
        else resumeAfterSignIn(token);
      }} />
    </Dialog>
  );
}

export function ForgotPassword() {
  const [sent, setSent] = useState(false);
  const { onSubmit, error, busy, fieldErrors } = useSubmit(
    (v) => request('POST', '/admin/forgot-password', { body: { email: v.email }, anonymous: true }),
    () => setSent(true),
  );
  return (
    <AuthPage title="Forgot your password?">
      {sent
        ? <p role="status">If an administrator has this email, a link to choose a new password is on its way.</p>
        : (
          <form onSubmit={onSubmit} class="stack">
            <Input name="email" label="Email" type="email" autocomplete="email" required errors={fieldErrors} autofocus />
            {error ? <ErrorBox error={error} /> : null}
            <Button type="submit" variant="primary" busy={busy}>Send the link</Button>
          </form>
        )}
      <p><a href={href('/auth/login')} onClick={onLinkClick}>Back to the login</a></p>
    </AuthPage>
  );
}

export function ResetPassword({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const { query } = useStore(here);
  const { onSubmit, error, busy, fieldErrors } = useSubmit(
    (v) => {
      if (v.password !== v.confirm) throw new ApiError({ status: 400, name: 'ValidationError', message: 'The two passwords differ' });
      return request<SignedIn>('POST', '/admin/reset-password', { body: { resetPasswordToken: query.get('code') ?? '', password: v.password }, anonymous: true });
    },
    (r) => onSignedIn(r.data.token),
  );
  return (
    <AuthPage title="Choose a new password">
      <form onSubmit={onSubmit} class="stack">
        <Input name="password" label="New password" type="password" autocomplete="new-password" required errors={fieldErrors} autofocus />
        <Input name="confirm" label="The same again" type="password" autocomplete="new-password" required />
        {error && !fieldErrors.size ? <ErrorBox error={error} /> : null}
        <Button type="submit" variant="primary" busy={busy}>Change the password</Button>
      </form>
    </AuthPage>
  );
}

export function AcceptInvitation({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const { query } = useStore(here);
  const registrationToken = query.get('registrationToken') ?? '';
  const [info, setInfo] = useState<{ email: string; firstname?: string; lastname?: string } | undefined>();
  const [failed, setFailed] = useState<unknown>();
  useEffect(() => {
    request<{ data: { email: string; firstname?: string; lastname?: string } }>('GET', '/admin/registration-info', { query: { registrationToken }, anonymous: true })
      .then((r) => setInfo(r.data), setFailed);
  }, [registrationToken]);
  const { onSubmit, error, busy, fieldErrors } = useSubmit(
    (v) => request<SignedIn>('POST', '/admin/register', { body: { registrationToken, userInfo: { firstname: v.firstname, lastname: v.lastname, password: v.password } }, anonymous: true }),
    (r) => onSignedIn(r.data.token),
  );
  if (failed) return <AuthPage title="This invitation is not valid"><ErrorBox error={failed} /></AuthPage>;
  return (
    <AuthPage title="Join the team">
      {info ? <p>Choose a password for {info.email}.</p> : <p>…</p>}
      <form onSubmit={onSubmit} class="stack">
        <Input name="firstname" label="First name" autocomplete="given-name" required errors={fieldErrors} value={info?.firstname} />
        <Input name="lastname" label="Last name" autocomplete="family-name" errors={fieldErrors} value={info?.lastname} />
        <Input name="password" label="Password" type="password" autocomplete="new-password" required errors={fieldErrors} />
        {error && !fieldErrors.size ? <ErrorBox error={error} /> : null}
        <Button type="submit" variant="primary" busy={busy}>Create my account</Button>
      </form>
    </AuthPage>
  );
}

export async function logout(): Promise<void> {
  await request('POST', '/admin/logout', { body: {}, noWait: true }).catch(() => undefined);
  clearBackups();
  navigate('/auth/login', { force: true });
  location.reload();
}
