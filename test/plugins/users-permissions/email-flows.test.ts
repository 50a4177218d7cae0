// The flows that go through email: forgot/reset password, change password, email confirmation and
// its resend, and registration switched off. Codes are stored hashed with an expiry (stricter than
// Strapi), and send-email-confirmation answers the same whatever the address.

import { expect } from 'chai';
import type { TestKernel } from '../../helpers/kernel.js';
import { as, expectStatus, fresh, mailbox, register, UP, useKernel, type Json } from './helpers.js';

const USER = `${UP}.user`;
const envelope = (status: number, name: string, message: string) => ({ data: null, error: { status, name, message, details: {} } });

/** The code in the last link of a message: ?code= or ?confirmation=. */
function codeIn(text: string): string {
  const match = /[?&](?:code|confirmation)=([0-9a-f]+)\s*$/.exec(text);
  expect(match, text).to.not.equal(null);
  return match![1]!;
}

async function row(app: TestKernel, id: number): Promise<Json> {
  const doc = await app.kernel.documents(USER).findFirst({
    filters: { id: { $eq: id } }, fields: ['resetPasswordToken', 'resetPasswordExpiresAt', 'confirmationToken', 'confirmed', 'tokenVersion'], source: 'internal',
  });
  expect(doc, `user ${id}`).to.not.equal(undefined);
  return doc!;
}

const setUser = (app: TestKernel, user: Json, data: Json) =>
  app.kernel.documents(USER).update({ documentId: user.documentId, data, source: 'internal' });

describe('users-permissions: forgot, reset and change password', () => {
  const box = mailbox();
  const app = useKernel(() => ({ email: { provider: box.provider, from: 'cms@example.com' }, resetPasswordUrl: 'https://front.example.com/reset' }));
  beforeEach(() => { box.messages.length = 0; });

  async function forgot(user: Json): Promise<string> {
    const res = await app().post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    expectStatus(res, 200);
    expect(res.body).to.deep.equal({ ok: true });
    await box.received(1);
    expect(box.messages).to.have.length(1);
    const [message] = box.messages.splice(0);
    expect(message).to.include({ to: user.email, from: 'cms@example.com', subject: 'Reset password' });
    expect(message!.text).to.include('https://front.example.com/reset?code=');
    return codeIn(message!.text);
  }

  it('forgot-password always answers { ok: true }, and sends only to an active user', async () => {
    const unknown = await app().post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(unknown.status).to.equal(200);
    expect(unknown.body).to.deep.equal({ ok: true });
    const blocked = await register(app(), 'blocked');
    await setUser(app(), blocked.user, { blocked: true });
    const res = await app().post('/api/auth/forgot-password', { email: blocked.user.email });
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ ok: true });
    // mails go out after the answer, in order: once an active user's has arrived, none other is due
    const active = await register(app(), 'active');
    await app().post('/api/auth/forgot-password', { email: active.user.email });
    expect((await box.received(1)).map((m) => m.to)).to.deep.equal([active.user.email]);
    expect((await row(app(), blocked.user.id)).resetPasswordToken).to.equal(null);
  });

  it('the stored reset token is not the emailed code; the code works once', async () => {
    const { user, jwt, password } = await register(app(), 'reset');
    const code = await forgot(user);
    const stored = await row(app(), user.id);
    expect(stored.resetPasswordToken).to.be.a('string').and.not.equal(code);
    expect(new Date(stored.resetPasswordExpiresAt).getTime()).to.be.greaterThan(Date.now());

    const res = await app().post('/api/auth/reset-password', { code, password: 'reset-pass-1', passwordConfirmation: 'reset-pass-1' });
    expectStatus(res, 200);
    expect(Object.keys(res.body).sort()).to.deep.equal(['jwt', 'user']);
    expect(res.body.user).to.deep.include({ id: user.id, username: user.username });
    expect(res.body.user).to.not.have.property('resetPasswordToken');
    expectStatus(await as(app(), res.body.jwt).get('/api/users/me'), 200);
    // Earlier tokens and the old password stop working; the new password logs in
    expect((await as(app(), jwt).get('/api/users/me')).status).to.equal(401);
    expect((await app().post('/api/auth/local', { identifier: user.email, password })).status).to.equal(400);
    expectStatus(await app().post('/api/auth/local', { identifier: user.email, password: 'reset-pass-1' }), 200);
    expect((await row(app(), user.id)).resetPasswordToken).to.equal(null);

    const again = await app().post('/api/auth/reset-password', { code, password: 'reset-pass-2', passwordConfirmation: 'reset-pass-2' });
    expect(again.body).to.deep.equal(envelope(400, 'ValidationError', 'Incorrect code provided'));
    const hashAsCode = await app().post('/api/auth/reset-password', { code: stored.resetPasswordToken, password: 'reset-pass-2', passwordConfirmation: 'reset-pass-2' });
    expect(hashAsCode.body).to.deep.equal(envelope(400, 'ValidationError', 'Incorrect code provided'));
  });

  it('one reset code used by several requests at once sets one password: the others are 400s', async () => {
    const { user } = await register(app(), 'race');
    const code = await forgot(user);
    // The password hash (bcrypt) runs between finding the code and writing: without a locked
    // consume every request found the code and every one answered 200
    const passwords = ['race-pass-1', 'race-pass-2', 'race-pass-3', 'race-pass-4'];
    const answers = await Promise.all(passwords.map((password) => app().post('/api/auth/reset-password', { code, password, passwordConfirmation: password })));
    expect(answers.map((a) => a.status).sort()).to.deep.equal([200, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) expect(refused.body).to.deep.equal(envelope(400, 'ValidationError', 'Incorrect code provided'));
    const winner = passwords[answers.findIndex((a) => a.status === 200)]!;
    for (const password of passwords) {
      expect((await app().post('/api/auth/local', { identifier: user.email, password })).status, password).to.equal(password === winner ? 200 : 400);
    }
  });

  it('reset-password refuses mismatched passwords, unknown and expired codes', async () => {
    const { user, password } = await register(app(), 'expire');
    const code = await forgot(user);
    const mismatch = await app().post('/api/auth/reset-password', { code, password: 'reset-pass-1', passwordConfirmation: 'reset-pass-2' });
    expect(mismatch.body).to.deep.equal(envelope(400, 'ValidationError', 'Passwords do not match'));
    for (const bad of ['0'.repeat(64), 'not-a-code', code.toUpperCase()]) {
      const res = await app().post('/api/auth/reset-password', { code: bad, password: 'reset-pass-1', passwordConfirmation: 'reset-pass-1' });
      expect(res.body, bad).to.deep.equal(envelope(400, 'ValidationError', 'Incorrect code provided'));
    }
    await setUser(app(), user, { resetPasswordExpiresAt: new Date(Date.now() - 1000).toISOString() });
    const expired = await app().post('/api/auth/reset-password', { code, password: 'reset-pass-1', passwordConfirmation: 'reset-pass-1' });
    expect(expired.body).to.deep.equal(envelope(400, 'ValidationError', 'Incorrect code provided'));
    expectStatus(await app().post('/api/auth/local', { identifier: user.email, password }), 200, 'the password is unchanged');
  });

  it('change-password: a wrong current password and an unchanged one are 400s; success revokes the old JWT', async () => {
    const { user, jwt, password } = await register(app(), 'change');
    const wrong = await as(app(), jwt).post('/api/auth/change-password', { currentPassword: 'not-it-at-all', password: 'changed-1', passwordConfirmation: 'changed-1' });
    expect(wrong.body).to.deep.equal(envelope(400, 'ValidationError', 'The provided current password is invalid'));
    const same = await as(app(), jwt).post('/api/auth/change-password', { currentPassword: password, password, passwordConfirmation: password });
    expect(same.body).to.deep.equal(envelope(400, 'ValidationError', 'Your new password must be different than your current password'));
    const mismatch = await as(app(), jwt).post('/api/auth/change-password', { currentPassword: password, password: 'changed-1', passwordConfirmation: 'changed-2' });
    expect(mismatch.body).to.deep.equal(envelope(400, 'ValidationError', 'Passwords do not match'));
    const anonymous = await app().post('/api/auth/change-password', { currentPassword: password, password: 'changed-1', passwordConfirmation: 'changed-1' });
    expect(anonymous.status).to.equal(403);

    const res = await as(app(), jwt).post('/api/auth/change-password', { currentPassword: password, password: 'changed-1', passwordConfirmation: 'changed-1' });
    expectStatus(res, 200);
    expect(Object.keys(res.body).sort()).to.deep.equal(['jwt', 'user']);
    expect(res.body.user).to.deep.include({ id: user.id, email: user.email });
    expect(res.body.jwt).to.not.equal(jwt);
    expect((await as(app(), jwt).get('/api/users/me')).status).to.equal(401);
    expectStatus(await as(app(), res.body.jwt).get('/api/users/me'), 200);
    expectStatus(await app().post('/api/auth/local', { identifier: user.username, password: 'changed-1' }), 200);
  });
});

describe('users-permissions: email confirmation', () => {
  const box = mailbox();
  const app = useKernel(() => ({
    email: { provider: box.provider }, emailConfirmation: true,
    emailConfirmationRedirect: 'https://front.example.com/confirmed', serverUrl: 'https://cms.example.com',
  }));
  beforeEach(() => { box.messages.length = 0; });

  /** GET without following the redirect. */
  const confirm = (code: string) => fetch(`${app().url}/api/auth/email-confirmation?confirmation=${encodeURIComponent(code)}`, { redirect: 'manual' });

  async function signUp(): Promise<{ user: Json; password: string; link: string }> {
    const name = fresh('conf').replace(/\W+/g, '_');
    const password = 'confirm-me-1';
    const res = await app().post('/api/auth/local/register', { username: name, email: `${name}@example.com`, password });
    expectStatus(res, 200);
    expect(Object.keys(res.body)).to.deep.equal(['user']);
    expect(res.body.user).to.include({ username: name, confirmed: false });
    expect(box.messages).to.have.length(1);
    const [message] = box.messages.splice(0);
    expect(message).to.include({ to: `${name}@example.com`, subject: 'Account confirmation' });
    const link = /(https:\/\/\S+)\s*$/.exec(message!.text)![1]!;
    expect(link.startsWith('https://cms.example.com/api/auth/email-confirmation?confirmation=')).to.equal(true);
    return { user: res.body.user, password, link };
  }

  it('register answers { user } and mails a link; login waits for the link, which redirects', async () => {
    const { user, password, link } = await signUp();
    const code = codeIn(link);
    expect((await row(app(), user.id)).confirmationToken).to.be.a('string').and.not.equal(code);
    const early = await app().post('/api/auth/local', { identifier: user.email, password });
    expect(early.body).to.deep.equal(envelope(400, 'ApplicationError', 'Your account email is not confirmed'));

    const res = await confirm(code);
    expect(res.status).to.equal(302);
    expect(res.headers.get('location')).to.equal('https://front.example.com/confirmed');
    expect(await row(app(), user.id)).to.include({ confirmed: true, confirmationToken: null });
    const login = await app().post('/api/auth/local', { identifier: user.email, password });
    expectStatus(login, 200);
    expectStatus(await as(app(), login.body.jwt).get('/api/users/me'), 200);

    const reused = await confirm(code);
    expect(reused.status).to.equal(400);
    expect(await reused.json()).to.deep.equal(envelope(400, 'ValidationError', 'Invalid token'));
  });

  it('a wrong, malformed or expired confirmation is a 400 Invalid token', async () => {
    const { user, link } = await signUp();
    for (const bad of ['0'.repeat(64), 'garbage', '']) {
      const res = await confirm(bad);
      expect(res.status, bad).to.equal(400);
      expect(await res.json()).to.deep.equal(envelope(400, 'ValidationError', 'Invalid token'));
    }
    await setUser(app(), user, { confirmationExpiresAt: new Date(Date.now() - 1000).toISOString() });
    const expired = await confirm(codeIn(link));
    expect(expired.status).to.equal(400);
    expect((await row(app(), user.id)).confirmed).to.equal(false);
  });

  it('send-email-confirmation answers { email, sent: true } for any address and sends only to unconfirmed users', async () => {
    const { user, password, link } = await signUp();
    const confirmedUser = await signUp();
    expect((await confirm(codeIn(confirmedUser.link))).status).to.equal(302);
    const blocked = await signUp();
    await setUser(app(), blocked.user, { blocked: true });

    for (const email of ['nobody-at-all@example.com', confirmedUser.user.email, blocked.user.email]) {
      const res = await app().post('/api/auth/send-email-confirmation', { email });
      expectStatus(res, 200, email);
      expect(res.body).to.deep.equal({ email, sent: true });
    }
    expect(box.messages).to.deep.equal([]);

    const res = await app().post('/api/auth/send-email-confirmation', { email: user.email.toUpperCase() });
    expect(res.body).to.deep.equal({ email: user.email, sent: true });
    expect(box.messages.map((m) => m.to)).to.deep.equal([user.email]);
    const fresh = codeIn(box.messages[0]!.text);
    expect(fresh).to.not.equal(codeIn(link));
    expect((await confirm(codeIn(link))).status).to.equal(400, 'the resend replaces the earlier code');
    expect((await confirm(fresh)).status).to.equal(302);
    expectStatus(await app().post('/api/auth/local', { identifier: user.username, password }), 200);
  });

  it('the JWT of a user who is no longer confirmed is a 401', async () => {
    const { user, password, link } = await signUp();
    expect((await confirm(codeIn(link))).status).to.equal(302);
    const login = await app().post('/api/auth/local', { identifier: user.email, password });
    expectStatus(await as(app(), login.body.jwt).get('/api/users/me'), 200);
    await setUser(app(), user, { confirmed: false });
    const res = await as(app(), login.body.jwt).get('/api/users/me');
    expect(res.body).to.deep.equal(envelope(401, 'UnauthorizedError', 'Missing or invalid credentials'));
  });
});

describe('users-permissions: registration switched off', () => {
  const app = useKernel({ allowRegister: false });

  it('register is a 400 and creates nothing', async () => {
    const res = await app().post('/api/auth/local/register', { username: 'closed_door', email: 'closed@example.com', password: 'secret123' });
    expect(res.body).to.deep.equal(envelope(400, 'ApplicationError', 'Register action is currently disabled'));
    expect(await app().kernel.documents(USER).count({ source: 'internal' })).to.equal(0);
  });
});
