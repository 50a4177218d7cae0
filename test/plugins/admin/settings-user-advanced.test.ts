// Settings > Users & Permissions plugin > Advanced settings and Email templates over HTTP:
// Strapi's admin routes /users-permissions/advanced and /users-permissions/email-templates, the
// values stored in the database and laid over the config file's, which locks what it sets. What
// an administrator saves is what the next registration or reset meets, on every instance; a
// template still only substitutes its variables.

import { expect } from 'chai';
import { createTestDatabase } from '../../helpers/database.js';
import { startKernel, type StartOptions, type TestKernel } from '../../helpers/kernel.js';
import { until } from '../../helpers/poll.js';
import { expectFieldError, expectStatus, fresh, useKernel } from '../../helpers/suite.js';
import { mailbox, type Mailbox } from '../users-permissions/helpers.js';
import { adminOptions, as, login, registerFirstAdmin, type Session } from './helpers.js';
import { expectGuarded } from './settings-helpers.js';

const UP = 'plugin::users-permissions';
const FRONT = 'https://front.example.com/reset';
const LOCKED_CONFIRMATION = { subject: 'Welcome', text: 'Confirm at <%= URL %>?confirmation=<%= CODE %>' };

/** The admin test app, users-permissions sending to `box`, its reset page and confirmation email set in the file. */
function options(box: Mailbox, extra: Partial<StartOptions> = {}): StartOptions {
  const base = adminOptions();
  const plugins = base.config!.plugins as Record<string, { config?: Record<string, unknown> }>;
  plugins['users-permissions']!.config = {
    ...plugins['users-permissions']!.config,
    resetPasswordUrl: FRONT,
    email: { provider: box.provider, from: 'cms@example.com', templates: { emailConfirmation: LOCKED_CONFIRMATION } },
  };
  return { ...base, ...extra, config: { ...base.config, ...extra.config, plugins } };
}

const account = (prefix: string) => {
  const name = fresh(prefix).replace(/\W+/g, '_').toLowerCase();
  return { username: name, email: `${name}@example.com`, password: 'Passw0rd!long' };
};

describe('admin: end users\' advanced settings and email templates', () => {
  const box = mailbox();
  const app = useKernel(() => options(box));
  let root: Session;
  before(async () => { root = await registerFirstAdmin(app()); });

  it('reads the settings in Strapi\'s shape with what the file locks, and applies a change to the next registration', async () => {
    const admin = as(app(), root);
    const read = await admin.get('/users-permissions/advanced');
    expectStatus(read, 200);
    expect(read.body.settings).to.deep.equal({
      unique_email: true, allow_register: true, email_confirmation: false,
      email_confirmation_redirection: '/', email_reset_password: FRONT, default_role: 'authenticated',
    });
    expect(read.body.locked).to.deep.equal(['email_reset_password']);
    expect(read.body.roles.map((r: { type: string }) => r.type)).to.include.members(['public', 'authenticated']);

    // Closed: the next registration is refused
    expectStatus(await admin.put('/users-permissions/advanced', { ...read.body.settings, allow_register: false }), 200);
    const refused = await app().post('/api/auth/local/register', account('closed'));
    expectStatus(refused, 400);
    expect(refused.body.error.message).to.equal('Register action is currently disabled');

    // Open again, new accounts in a chosen role, confirmation by email with the file's template
    const roleName = fresh('Members');
    expectStatus(await admin.post('/users-permissions/roles', { name: roleName, type: 'members' }), 200);
    const changed = await admin.put('/users-permissions/advanced', {
      ...read.body.settings, allow_register: true, email_confirmation: true, default_role: 'members', email_confirmation_redirection: 'https://front.example.com/welcome',
    });
    expectStatus(changed, 200);
    expect(changed.body).to.deep.equal({ ok: true });
    box.messages.length = 0;
    const someone = account('member');
    const registered = await app().post('/api/auth/local/register', someone);
    expectStatus(registered, 200);
    expect(registered.body, 'no session before the email is confirmed').to.not.have.property('jwt');
    await box.received(1);
    const [message] = box.messages.splice(0);
    expect(message!.subject).to.equal('Welcome');
    const code = /confirmation=([0-9a-f]+)/.exec(message!.text)![1];
    const confirmed = await fetch(`${app().url}/api/auth/email-confirmation?confirmation=${code}`, { redirect: 'manual' });
    expect(confirmed.status).to.equal(302);
    expect(confirmed.headers.get('location')).to.equal('https://front.example.com/welcome');
    const stored = await app().kernel.documents(`${UP}.user`).findFirst({ filters: { email: { $eq: someone.email } }, populate: { role: { fields: ['type'] } }, source: 'internal' });
    expect((stored!.role as { type: string }).type).to.equal('members');

    // The default role cannot be deleted while it is the default
    const members = (await admin.get('/users-permissions/roles')).body.roles.find((r: { type: string }) => r.type === 'members');
    const deleting = await admin.del(`/users-permissions/roles/${members.id}`);
    expectStatus(deleting, 400);
    expect(deleting.body.error.message).to.match(/default role/);

    // Cleared values return to the file's; the whole form sent back unchanged is accepted
    expectStatus(await admin.put('/users-permissions/advanced', { email_confirmation: false, default_role: 'authenticated', email_confirmation_redirection: null }), 200);
    const back = await admin.get('/users-permissions/advanced');
    expect(back.body.settings).to.include({ email_confirmation: false, default_role: 'authenticated', email_confirmation_redirection: '/' });
    expectStatus(await admin.put('/users-permissions/advanced', back.body.settings), 200);
  });

  it('answers 400 naming the setting for bad values, unknown keys and what the config file sets', async () => {
    const admin = as(app(), root);
    expectFieldError(await admin.put('/users-permissions/advanced', { allow_register: 'yes' }), ['allow_register']);
    expectFieldError(await admin.put('/users-permissions/advanced', { default_role: 'public' }), ['default_role']);
    expectFieldError(await admin.put('/users-permissions/advanced', { default_role: 'nobody-has-this' }), ['default_role']);
    expectFieldError(await admin.put('/users-permissions/advanced', { email_confirmation_redirection: 'javascript:alert(1)' }), ['email_confirmation_redirection']);
    expectFieldError(await admin.put('/users-permissions/advanced', { email_confirmation_redirection: '//evil.example.com' }), ['email_confirmation_redirection']);
    expectFieldError(await admin.put('/users-permissions/advanced', { unique_email: false }), ['unique_email']);
    expectFieldError(await admin.put('/users-permissions/advanced', { explode: true }), ['explode']);
    const locked = await admin.put('/users-permissions/advanced', { email_reset_password: 'https://elsewhere.example.com/reset' });
    expectFieldError(locked, ['email_reset_password']);
    expect(locked.body.error.message).to.match(/config file.*resetPasswordUrl/);
    expectStatus(await admin.put('/users-permissions/advanced', [1, 2]), 400);
    expectStatus(await admin.put('/users-permissions/advanced', { email_reset_password: FRONT }), 200);
  });

  it('changes the reset email\'s template, which the next reset uses; refuses code, unknown variables and locked templates', async () => {
    const admin = as(app(), root);
    const read = await admin.get('/users-permissions/email-templates');
    expectStatus(read, 200);
    expect(read.body.reset_password.options).to.include({ object: 'Reset password', message: '', response_email: '' });
    expect(read.body.reset_password.options.from).to.deep.equal({ name: '', email: 'cms@example.com' });
    expect(read.body.reset_password.locked).to.equal(false);
    expect(read.body.email_confirmation).to.include({ locked: true });
    expect(read.body.email_confirmation.options).to.include({ object: 'Welcome', text: LOCKED_CONFIRMATION.text });

    const options = {
      from: { name: 'Example Accounts', email: 'accounts@example.com' }, response_email: 'help@example.com',
      object: 'Reset for <%= USER.username %>',
      text: 'Hello <%= USER.username %>, reset at <%= URL %>?code=<%= TOKEN %>',
      message: '<p>Hello <%= USER.username %></p><a href="<%= URL %>?code=<%= TOKEN %>">Reset</a>',
    };
    const saved = await admin.put('/users-permissions/email-templates', { 'email-templates': { ...read.body, reset_password: { ...read.body.reset_password, options } } });
    expectStatus(saved, 200);
    const user = account('resetter');
    expectStatus(await app().post('/api/auth/local/register', user), 200);
    box.messages.length = 0;
    expectStatus(await app().post('/api/auth/forgot-password', { email: user.email }), 200);
    await box.received(1);
    const [mail] = box.messages.splice(0);
    expect(mail!.subject).to.equal(`Reset for ${user.username}`);
    expect(mail!.from).to.deep.equal({ name: 'Example Accounts', address: 'accounts@example.com' });
    expect(mail!.replyTo).to.equal('help@example.com');
    expect(mail!.text).to.match(new RegExp(`^Hello ${user.username}, reset at ${FRONT}\\?code=[0-9a-f]{64}$`));
    expect(mail!.html).to.match(/^<p>Hello .+<\/p><a href="https:\/\/front\.example\.com\/reset\?code=[0-9a-f]{64}">Reset<\/a>$/);
    expect((await admin.get('/users-permissions/email-templates')).body.reset_password.options).to.deep.equal(options);

    const put = (opts: Record<string, unknown>) => admin.put('/users-permissions/email-templates', { 'email-templates': { reset_password: { options: { ...options, ...opts } } } });
    const code = await put({ text: 'Hi <% process.exit(1) %>' });
    expectFieldError(code, ['email-templates', 'reset_password', 'options', 'text']);
    expect(code.body.error.message).to.match(/evaluation block/);
    expectFieldError(await put({ object: 'Hi <%= USER.password %>' }), ['email-templates', 'reset_password', 'options', 'object']);
    expectFieldError(await put({ message: '<%= constructor.constructor("return process")() %>' }), ['email-templates', 'reset_password', 'options', 'message']);
    expectFieldError(await put({ response_email: 'not an address' }), ['email-templates', 'reset_password', 'options', 'response_email']);
    expectFieldError(await put({ object: '' }), ['email-templates', 'reset_password', 'options', 'object']);
    expectFieldError(await put({ extra: 1 }), ['email-templates', 'reset_password', 'options', 'extra']);
    expectFieldError(await admin.put('/users-permissions/email-templates', { 'email-templates': { welcome: { options } } }), ['email-templates', 'welcome']);
    expectStatus(await admin.put('/users-permissions/email-templates', { reset_password: { options } }), 400);
    const locked = await admin.put('/users-permissions/email-templates', { 'email-templates': { email_confirmation: { options: { ...read.body.email_confirmation.options, object: 'Changed' } } } });
    expectFieldError(locked, ['email-templates', 'email_confirmation']);
    // Nothing refused was stored
    expect((await admin.get('/users-permissions/email-templates')).body.reset_password.options).to.deep.equal(options);
  });

  it('previews a template with sample values without saving it', async () => {
    const admin = as(app(), root);
    const before = (await admin.get('/users-permissions/email-templates')).body.reset_password.options;
    const preview = await admin.post('/users-permissions/email-templates/preview', {
      template: 'reset_password',
      options: { object: 'Hi <%= USER.username %>', text: 'Go to <%= URL %>?code=<%= TOKEN %>', message: '<b><%= USER.email %></b> <script>x</script>' },
    });
    expectStatus(preview, 200);
    expect(preview.body).to.include({ subject: 'Hi jane.doe', text: `Go to ${FRONT}?code=sample-reset-code`, html: '<b>jane.doe@example.com</b> <script>x</script>' });
    expect((await admin.get('/users-permissions/email-templates')).body.reset_password.options).to.deep.equal(before);
    expectFieldError(await admin.post('/users-permissions/email-templates/preview', { template: 'reset_password', options: { object: 'x', text: '<%= TOKEN.constructor %>' } }), ['options', 'text']);
    expectFieldError(await admin.post('/users-permissions/email-templates/preview', { template: 'nope', options: {} }), ['template']);
  });

  it('refuses each route to callers without its permission', async () => {
    const P = {
      advancedRead: `${UP}.advanced-settings.read`, advancedUpdate: `${UP}.advanced-settings.update`,
      templatesRead: `${UP}.email-templates.read`, templatesUpdate: `${UP}.email-templates.update`,
    };
    await expectGuarded(app(), [
      { method: 'GET', path: '/users-permissions/advanced', action: P.advancedRead },
      { method: 'PUT', path: '/users-permissions/advanced', body: { allow_register: true }, action: P.advancedUpdate },
      { method: 'GET', path: '/users-permissions/email-templates', action: P.templatesRead },
      { method: 'POST', path: '/users-permissions/email-templates/preview', body: { template: 'reset_password', options: { object: 'x', text: 'y' } }, action: P.templatesRead },
      { method: 'PUT', path: '/users-permissions/email-templates', body: { 'email-templates': {} }, action: P.templatesUpdate },
    ], Object.values(P));
  });
});

describe('admin: end users\' settings reach the other instances and survive a restart', function () {
  this.timeout(90_000);

  it('through the database and its signal', async () => {
    const box = mailbox();
    const db = await createTestDatabase({ persistent: true });
    const apps: TestKernel[] = [];
    try {
      const opts = options(box, { db, config: { server: { signalInterval: 200 } } });
      apps.push(await startKernel(opts), await startKernel(opts));
      const [first, second] = apps as [TestKernel, TestKernel];
      const admin = as(first, await registerFirstAdmin(first));
      expectStatus(await admin.put('/users-permissions/advanced', { allow_register: false }), 200);
      await until('the other instance to refuse registrations', async () => (await second.post('/api/auth/local/register', account('other'))).status === 400, { within: 10_000 });
      // A stored default role that app code deletes: new accounts fall back to Authenticated, and
      // the next start goes on with the file's role
      expectStatus(await admin.post('/users-permissions/roles', { name: 'Short-lived', type: 'short-lived' }), 200);
      expectStatus(await admin.put('/users-permissions/advanced', { allow_register: true, default_role: 'short-lived' }), 200);
      const doomed = await first.kernel.documents(`${UP}.role`).findFirst({ filters: { type: { $eq: 'short-lived' } }, source: 'internal' });
      await first.kernel.documents(`${UP}.role`).delete({ documentId: doomed!.documentId, source: 'internal' });
      const someone = account('orphan');
      expectStatus(await first.post('/api/auth/local/register', someone), 200);
      const user = await first.kernel.documents(`${UP}.user`).findFirst({ filters: { email: { $eq: someone.email } }, populate: { role: { fields: ['type'] } }, source: 'internal' });
      expect((user!.role as { type: string }).type).to.equal('authenticated');
      expectStatus(await admin.put('/users-permissions/advanced', { allow_register: false }), 200);
      await first.stop();
      apps.shift();
      const third = await startKernel(opts);
      apps.push(third);
      const read = await as(third, await login(third, 'ada@example.com')).get('/users-permissions/advanced');
      expect(read.body.settings.allow_register).to.equal(false);
      expect(read.body.settings.default_role).to.equal('authenticated');
    } finally {
      for (const app of apps) await app.stop();
      await db.drop();
    }
  });
});

