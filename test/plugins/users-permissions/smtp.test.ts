// The smtp email provider delivers through nodemailer to a real SMTP server (a small one on
// 127.0.0.1, see smtp-server.ts), and the log provider writes messages to the log.

import { expect } from 'chai';
import { startKernel, type TestKernel } from '../../helpers/kernel.js';
import { expectStatus, FIXTURES, register, upConfig } from './helpers.js';
import { startSmtpServer } from './smtp-server.js';

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(check(), what).to.equal(true);
}

describe('users-permissions: email providers', function () {
  this.timeout(60_000);

  it('smtp: forgot-password delivers a reset link to the user over SMTP', async () => {
    const smtp = await startSmtpServer();
    let app: TestKernel | undefined;
    try {
      app = await startKernel({
        contentTypesDir: FIXTURES,
        config: upConfig({
          email: { provider: 'smtp', from: 'cms@example.com', smtp: { host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true } },
          resetPasswordUrl: 'https://front.example.com/reset',
        }),
      });
      const { user } = await register(app);
      expectStatus(await app.post('/api/auth/forgot-password', { email: user.email }), 200);
      await waitFor(() => smtp.received.length === 1, 'one message delivered');
      const [mail] = smtp.received;
      expect(mail!.from).to.equal('cms@example.com');
      expect(mail!.to).to.deep.equal([user.email]);
      expect(mail!.data).to.match(/Subject: Reset password/);
      expect(mail!.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).to.match(/https:\/\/front\.example\.com\/reset\?code=[0-9a-f]{64}/);
    } finally {
      await app?.stop();
      await smtp.close();
    }
  });

  it('smtp: a mail server that is down never fails or slows the request; the error is logged', async () => {
    const smtp = await startSmtpServer();
    const port = smtp.port;
    await smtp.close();
    const app = await startKernel({
      contentTypesDir: FIXTURES,
      config: upConfig({ email: { provider: 'smtp', smtp: { host: '127.0.0.1', port, secure: false, ignoreTLS: true } } }),
    });
    try {
      const { user } = await register(app);
      expectStatus(await app.post('/api/auth/forgot-password', { email: user.email }), 200);
      await waitFor(() => app.logs.some((l) => l.level === 'error' && l.message.includes('could not send email')), 'the failure is logged');
    } finally {
      await app.stop();
    }
  });

  it('log (the default): the message is written to the log', async () => {
    const app = await startKernel({ contentTypesDir: FIXTURES, config: upConfig() });
    try {
      const { user } = await register(app);
      expectStatus(await app.post('/api/auth/forgot-password', { email: user.email }), 200);
      await waitFor(() => app.logs.some((l) => l.message.includes(`email to ${user.email}: Reset password`)), 'logged');
    } finally {
      await app.stop();
    }
  });

  it('log in production: the body, which carries the one-time code, is withheld', async () => {
    const app = await startKernel({
      contentTypesDir: FIXTURES,
      config: upConfig({}, { server: { environment: 'production' }, api: { tokens: { salt: 'production-test-salt' } } }),
    });
    try {
      const { user } = await register(app);
      expectStatus(await app.post('/api/auth/forgot-password', { email: user.email }), 200);
      await waitFor(() => app.logs.some((l) => l.message.includes(`email to ${user.email}: Reset password`)), 'logged');
      expect(app.logs.map((l) => l.message).join('\n')).to.not.match(/code=|[0-9a-f]{64}/);
    } finally {
      await app.stop();
    }
  });

  it('smtp without transport options stops start-up naming the key', async () => {
    const err = await startKernel({ contentTypesDir: FIXTURES, config: upConfig({ email: { provider: 'smtp' } }) }).then(() => null, (e: unknown) => e);
    expect((err as Error).message).to.contain('config plugins.users-permissions.config.email.smtp');
  });
});
