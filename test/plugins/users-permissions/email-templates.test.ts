// Email templates (email.templates.resetPassword / emailConfirmation): sender name and address,
// reply-to, subject, text and html with Strapi's variables, substituted and never evaluated. A
// template holding an evaluation block, an unknown variable or an expression stops start-up; a
// username or email holding template syntax appears literally in the message.

import { expect } from 'chai';
import { KernelError } from '../../../core/index.js';
import type { EmailMessage } from '../../../plugins/users-permissions/index.js';
import { compileTemplate, renderTemplate, escapeHtml } from '../../../core/index.js';
import { startKernel, type TestKernel } from '../../helpers/kernel.js';
import { until } from '../../helpers/poll.js';
import { expectStatus, FIXTURES, fresh, JWT_SECRET, mailbox, upConfig, useKernel, type Json, type Mailbox } from './helpers.js';
import { startSmtpServer } from './smtp-server.js';

const FRONT = 'https://front.example.com/reset';
const SERVER = 'https://cms.example.com';
const CONFIRM_ROUTE = `${SERVER}/api/auth/email-confirmation`;
const HEX = '[0-9a-f]{64}';

const TEMPLATES = {
  resetPassword: {
    from: { name: 'Example CMS', email: 'accounts@example.com' },
    replyTo: 'support@example.com',
    subject: 'Reset for <%= USER.username %>',
    text: 'Hello <%=USER.username%> (<%= USER.email %>), reset at <%= URL %>?code=<%= TOKEN %> from <%=   SERVER_URL   %>',
    html: '<p>Hello <%= USER.username %></p><p><a href="<%= URL %>?code=<%= TOKEN %>">Reset</a></p>',
  },
  emailConfirmation: {
    from: { name: 'Example CMS' },
    subject: 'Welcome <%= USER.username %>',
    text: 'Confirm <%= USER.email %>: <%= URL %>?confirmation=<%= CODE %>',
    html: '<p>Confirm <a href="<%= URL %>?confirmation=<%= CODE %>">here</a> (<%= SERVER_URL %>)</p>',
  },
};

const username = (prefix: string) => fresh(prefix).replace(/\W+/g, '_');

/** Registers (email confirmation on: no JWT) and returns the confirmation message. */
async function signUp(app: TestKernel, box: Mailbox, name: string, email: string): Promise<{ user: Json; message: EmailMessage }> {
  box.messages.length = 0;
  const res = await app.post('/api/auth/local/register', { username: name, email, password: 'Passw0rd!long' });
  expectStatus(res, 200, 'register');
  await box.received(1);
  const [message] = box.messages.splice(0);
  return { user: res.body.user, message: message! };
}

async function forgot(app: TestKernel, box: Mailbox, email: string): Promise<EmailMessage> {
  box.messages.length = 0;
  expectStatus(await app.post('/api/auth/forgot-password', { email }), 200, 'forgot-password');
  await box.received(1);
  return box.messages.splice(0)[0]!;
}

describe('users-permissions: configured email templates', () => {
  const box = mailbox();
  const app = useKernel(() => ({
    email: { provider: box.provider, from: 'cms@example.com', templates: TEMPLATES },
    resetPasswordUrl: FRONT, serverUrl: SERVER, emailConfirmation: true,
  }));

  it('confirmation: sender name, subject, text and html with URL (the confirmation route), CODE and SERVER_URL; the link confirms', async () => {
    const name = username('tpl_conf');
    const { message } = await signUp(app(), box, name, `${name}@example.com`);
    expect(message.to).to.equal(`${name}@example.com`);
    // No address in the template: the plugin's email.from carries the name
    expect(message.from).to.deep.equal({ name: 'Example CMS', address: 'cms@example.com' });
    expect(message).to.not.have.property('replyTo');
    expect(message.subject).to.equal(`Welcome ${name}`);
    const text = new RegExp(`^Confirm ${name}@example\\.com: ${CONFIRM_ROUTE.replace(/\./g, '\\.')}\\?confirmation=(${HEX})$`).exec(message.text);
    expect(text, message.text).to.not.equal(null);
    const code = text![1]!;
    expect(message.html).to.equal(`<p>Confirm <a href="${CONFIRM_ROUTE}?confirmation=${code}">here</a> (${SERVER})</p>`);

    const confirmed = await fetch(`${app().url}/api/auth/email-confirmation?confirmation=${code}`, { redirect: 'manual' });
    expect(confirmed.status).to.equal(302);
    expectStatus(await app().post('/api/auth/local', { identifier: name, password: 'Passw0rd!long' }), 200, 'login once confirmed');
  });

  it('reset: sender, reply-to, subject, text and html with URL (resetPasswordUrl), TOKEN, SERVER_URL and USER; the code resets', async () => {
    const name = username('tpl_reset');
    await signUp(app(), box, name, `${name}@example.com`);
    const message = await forgot(app(), box, `${name}@example.com`);
    expect(message.from).to.deep.equal({ name: 'Example CMS', address: 'accounts@example.com' });
    expect(message.replyTo).to.equal('support@example.com');
    expect(message.subject).to.equal(`Reset for ${name}`);
    const text = new RegExp(`^Hello ${name} \\(${name}@example\\.com\\), reset at ${FRONT.replace(/\./g, '\\.')}\\?code=(${HEX}) from ${SERVER.replace(/\./g, '\\.')}$`).exec(message.text);
    expect(text, message.text).to.not.equal(null);
    const code = text![1]!;
    expect(message.html).to.equal(`<p>Hello ${name}</p><p><a href="${FRONT}?code=${code}">Reset</a></p>`);
    const reset = await app().post('/api/auth/reset-password', { code, password: 'NewPassw0rd!', passwordConfirmation: 'NewPassw0rd!' });
    expectStatus(reset, 200, 'reset-password');
  });

  it('a username and email holding template syntax appear literally, escaped in html, and nothing is evaluated', async () => {
    const hostile = `<%= process.env.JWT_SECRET %> {{7*7}} \${7*7} ${username('x')}`;
    const email = `<%=process.env.jwt_secret%>{{7*7}}\${7*7}${username('h')}@example.com`.toLowerCase();
    const { message: confirmation } = await signUp(app(), box, hostile, email);
    const reset = await forgot(app(), box, email);
    const escaped = escapeHtml(hostile);
    expect(escaped).to.contain('&lt;%= process.env.JWT_SECRET %&gt;');

    expect(confirmation.subject).to.equal(`Welcome ${hostile}`);
    expect(confirmation.text).to.contain(`Confirm ${email}: `);
    expect(reset.subject).to.equal(`Reset for ${hostile}`);
    expect(reset.text).to.contain(`Hello ${hostile} (${email}), reset at `);
    expect(reset.html).to.contain(`<p>Hello ${escaped}</p>`);
    // A line break in a value cannot start another header line from the subject
    const breaking = `evil\r\nBcc: victim@example.com ${username('b')}`;
    const { message: folded } = await signUp(app(), box, breaking, `${username('b')}@example.com`);
    expect(folded.subject).to.equal(`Welcome ${breaking.replace('\r\n', ' ')}`);

    for (const message of [confirmation, reset]) {
      const all = JSON.stringify(message);
      expect(all).to.not.contain(JWT_SECRET);
      expect(all).to.not.contain('{{49}}');
      expect(all).to.not.match(/\b49\b/);
    }
  });
});

describe('users-permissions: email templates, defaults and partial templates', () => {
  const box = mailbox();
  const app = useKernel(() => ({
    email: { provider: box.provider, from: 'cms@example.com', templates: { resetPassword: { subject: 'Your reset link' } } },
    resetPasswordUrl: FRONT, serverUrl: SERVER, emailConfirmation: true,
  }));

  it('a template that sets some keys keeps the plugin\'s wording for the others; without templates, the messages are the plugin\'s own', async () => {
    const name = username('tpl_default');
    const { message: confirmation } = await signUp(app(), box, name, `${name}@example.com`);
    expect(confirmation.from).to.equal('cms@example.com');
    expect(confirmation.subject).to.equal('Account confirmation');
    expect(confirmation.text).to.match(new RegExp(`^Thank you for registering! Confirm your email address with this link:\\n${CONFIRM_ROUTE.replace(/\./g, '\\.')}\\?confirmation=${HEX}$`));
    expect(confirmation).to.not.have.any.keys('html', 'replyTo');

    const reset = await forgot(app(), box, `${name}@example.com`);
    expect(reset.from).to.equal('cms@example.com');
    expect(reset.subject).to.equal('Your reset link');
    expect(reset.text).to.match(new RegExp(`^We heard that you lost your password\\. Use this link to reset it \\(valid 60 minutes\\):\\n${FRONT.replace(/\./g, '\\.')}\\?code=${HEX}$`));
    expect(reset).to.not.have.any.keys('html', 'replyTo');
  });
});

describe('users-permissions: email templates refused at start-up', function () {
  this.timeout(60_000);

  async function startWith(templates: unknown): Promise<unknown> {
    return startKernel({ contentTypesDir: FIXTURES, config: upConfig({ email: { templates } }) }).then(async (app) => { await app.stop(); return null; }, (e: unknown) => e);
  }

  function expectRefused(err: unknown, path: string, ...parts: string[]): void {
    expect(err, 'start-up should fail').to.be.instanceOf(KernelError);
    expect((err as KernelError).code).to.equal('CONFIG_ERR_INVALID');
    const message = (err as Error).message;
    expect(message.startsWith(`config plugins.users-permissions.config.email.templates.${path}: `), message).to.equal(true);
    for (const part of parts) expect(message).to.contain(part);
  }

  const cases: Array<{ template: 'resetPassword' | 'emailConfirmation'; key: string; source: string; offending: string; reason: string }> = [
    { template: 'resetPassword', key: 'text', source: 'Hi <% console.log(process.env) %>!', offending: '<% console.log(process.env) %>', reason: 'is an evaluation block' },
    { template: 'resetPassword', key: 'html', source: '<p><%- USER.username %></p>', offending: '<%- USER.username %>', reason: 'is an evaluation block' },
    { template: 'emailConfirmation', key: 'text', source: 'Hi <%= USER.username.toUpperCase() %>', offending: '<%= USER.username.toUpperCase() %>', reason: 'is an expression' },
    { template: 'resetPassword', key: 'subject', source: 'Reset <%= 1+1 %>', offending: '<%= 1+1 %>', reason: 'is an expression' },
    {
      template: 'resetPassword', key: 'text', source: "<%= process.mainModule.require('child_process').execSync('id') %>",
      offending: "<%= process.mainModule.require('child_process').execSync('id') %>", reason: 'is an expression',
    },
    { template: 'resetPassword', key: 'text', source: 'Your hash: <%= USER.password %>', offending: '<%= USER.password %>', reason: 'names an unknown variable' },
    { template: 'resetPassword', key: 'text', source: '<%= URL %>?code=<%= CODE %>', offending: '<%= CODE %>', reason: 'names an unknown variable' },
    { template: 'emailConfirmation', key: 'text', source: '<%= URL %>?confirmation=<%= TOKEN %>', offending: '<%= TOKEN %>', reason: 'names an unknown variable' },
    { template: 'emailConfirmation', key: 'html', source: '<a href="<%= URL', offending: '<%= URL', reason: 'is never closed' },
  ];

  for (const { template, key, source, offending, reason } of cases) {
    it(`${template}.${key}: ${source}`, async () => {
      const err = await startWith({ [template]: { [key]: source } });
      expectRefused(err, `${template}.${key}`, JSON.stringify(offending), reason);
    });
  }

  it('names the variables a template knows', async () => {
    expectRefused(await startWith({ emailConfirmation: { text: '<%= ADMIN_URL %>' } }), 'emailConfirmation.text',
      'this template knows URL, CODE, SERVER_URL, USER.username, USER.email');
  });

  it('refuses unknown templates and keys, pointing Strapi\'s key names to these', async () => {
    expectRefused(await startWith({ passwordReset: { subject: 'x' } }), 'passwordReset', 'unknown template');
    expectRefused(await startWith({ resetPassword: { message: '<p><%= URL %></p>' } }), 'resetPassword.message', "Strapi's message is called html here");
    expectRefused(await startWith({ resetPassword: { object: 'Reset' } }), 'resetPassword.object', "Strapi's object is called subject here");
  });

  it('refuses a sender or reply-to that is not a plain address or name, and a body that is not text', async () => {
    expectRefused(await startWith({ resetPassword: { replyTo: 'support' } }), 'resetPassword.replyTo', 'expected an email address');
    expectRefused(await startWith({ resetPassword: { from: { email: 'Support <a@example.com>' } } }), 'resetPassword.from.email', 'expected an email address');
    expectRefused(await startWith({ resetPassword: { from: { name: 'CMS\r\nBcc: x@example.com' } } }), 'resetPassword.from.name', 'on one line');
    expectRefused(await startWith({ resetPassword: { from: { name: '<%= USER.username %>' } } }), 'resetPassword.from.name', 'without template tags');
    expectRefused(await startWith({ emailConfirmation: { text: 42 } }), 'emailConfirmation.text', 'expected a non-empty string');
  });
});

describe('users-permissions: a template sent over SMTP', function () {
  this.timeout(60_000);

  it('carries the sender name, the reply-to and an html part', async () => {
    const smtp = await startSmtpServer();
    let app: TestKernel | undefined;
    try {
      app = await startKernel({
        contentTypesDir: FIXTURES,
        config: upConfig({
          email: {
            provider: 'smtp', from: 'cms@example.com', smtp: { host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true },
            templates: { resetPassword: TEMPLATES.resetPassword },
          },
          resetPasswordUrl: FRONT,
        }),
      });
      const name = username('tpl_smtp');
      expectStatus(await app.post('/api/auth/local/register', { username: name, email: `${name}@example.com`, password: 'Passw0rd!long' }), 200);
      expectStatus(await app.post('/api/auth/forgot-password', { email: `${name}@example.com` }), 200);
      const [mail] = await until('a message delivered over SMTP', () => smtp.received.length > 0 && smtp.received);
      expect(mail!.from).to.equal('accounts@example.com');
      expect(mail!.data).to.match(/^From: Example CMS <accounts@example\.com>$/m);
      expect(mail!.data).to.match(/^Reply-To: support@example\.com$/m);
      expect(mail!.data).to.match(new RegExp(`^Subject: Reset for ${name}$`, 'm'));
      expect(mail!.data).to.match(/^Content-Type: text\/html/m);
      expect(mail!.data).to.match(/^Content-Type: text\/plain/m);
    } finally {
      await app?.stop();
      await smtp.close();
    }
  });
});

describe('users-permissions: the template renderer', () => {
  const variables = ['URL', 'TOKEN', 'USER.username'];

  it('substitutes known variables, with or without spaces in the tag, and leaves every other text alone', () => {
    const parts = compileTemplate('a<%=URL%>b<%= TOKEN %>c<%=\tUSER.username\n%>d ${x} {{y}} %> <p>', variables);
    expect(renderTemplate(parts, { URL: 'u', TOKEN: 't', 'USER.username': 'n' })).to.equal('aubtcnd ${x} {{y}} %> <p>');
  });

  it('never scans a value for tags, and escapes values (only) for html', () => {
    const parts = compileTemplate('<b><%= USER.username %></b>', variables);
    const value = `<%= TOKEN %> & "quotes" 'too'`;
    expect(renderTemplate(parts, { URL: '', TOKEN: 'SECRET', 'USER.username': value })).to.equal(`<b>${value}</b>`);
    expect(renderTemplate(parts, { URL: '', TOKEN: 'SECRET', 'USER.username': value }, escapeHtml))
      .to.equal('<b>&lt;%= TOKEN %&gt; &amp; &quot;quotes&quot; &#39;too&#39;</b>');
  });
});
