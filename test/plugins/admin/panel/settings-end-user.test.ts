// Settings > End-user settings and Email templates in chromium: registration closed from the
// form (the next registration is refused), a setting the config file holds shown read-only, a
// template edited with a preview rendered by the server in an empty sandbox, a refused template
// naming its fault, and the saved one used by the next reset email.

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../../../helpers/axe.js';
import { BROWSER_RUN, type PanelBrowser, signIn, usePanel } from '../../../helpers/panel.js';
import { until } from '../../../helpers/poll.js';
import { useKernel } from '../../../helpers/suite.js';
import { mailbox } from '../../users-permissions/helpers.js';
import { adminOptions, as, PASSWORD, registerFirstAdmin, type Session } from '../helpers.js';
import { answered } from './settings-panel.js';

const FRONT = 'https://front.example.com/reset';

(BROWSER_RUN ? describe : describe.skip)('admin panel: settings, end-user settings and email templates (chromium)', function () {
  this.timeout(60_000);
  const box = mailbox();
  const app = useKernel(() => {
    const opts = adminOptions();
    const plugins = opts.config!.plugins as Record<string, { config?: Record<string, unknown> }>;
    plugins['users-permissions']!.config = { ...plugins['users-permissions']!.config, resetPasswordUrl: FRONT, email: { provider: box.provider, from: 'cms@example.com' } };
    return opts;
  });
  const panel = usePanel(app);
  let ada: Session;
  let b: PanelBrowser;
  let page: Page;

  before(async () => {
    ada = await registerFirstAdmin(app());
    b = await panel.open();
    page = b.page;
    await signIn(page, app(), 'ada@example.com', PASSWORD, '/admin/settings/users-permissions/advanced');
    await page.getByRole('heading', { name: 'End-user settings', level: 1 }).waitFor();
  });

  it('closes registration; the reset page set in the config file is read-only', async () => {
    const reset = page.getByLabel('Password reset page');
    await reset.waitFor();
    expect(await reset.isDisabled()).to.equal(true);
    expect(await reset.inputValue()).to.equal(FRONT);
    expect(await page.getByText('Set in the config file: change it there.').count()).to.equal(1);
    expect(await seriousViolations(page, 'end-user settings')).to.deep.equal([]);
    await page.getByLabel('Anyone may create an account (register)').uncheck();
    await answered(page, 'PUT', /^\/users-permissions\/advanced$/, () => page.getByRole('button', { name: 'Save' }).click());
    const refused = await app().post('/api/auth/local/register', { username: 'closed_door', email: 'closed@example.com', password: 'Passw0rd!long' });
    expect(refused.status).to.equal(400);
    expect((await as(app(), ada).get('/users-permissions/advanced')).body.settings.allow_register).to.equal(false);
  });

  it('edits the reset email with a preview; a refused template names its fault; the next reset uses the saved one', async () => {
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Email templates' }).click();
    await page.getByRole('heading', { name: 'Email templates', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit Reset password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit: Reset password' });
    await dialog.getByLabel('Subject').fill('Hello <%= USER.username %>');
    await dialog.getByLabel('HTML (optional)').fill('<p>Reset <a href="<%= URL %>?code=<%= TOKEN %>">here</a></p><script>document.title="ran"</script>');
    await answered(page, 'POST', /^\/users-permissions\/email-templates\/preview$/, () => dialog.getByRole('button', { name: 'Preview' }).click());
    expect(await dialog.getByTestId('preview-subject').textContent()).to.equal('Hello jane.doe');
    const frame = page.frameLocator('iframe[title="HTML preview"]');
    expect(await frame.getByRole('link', { name: 'here' }).getAttribute('href')).to.equal(`${FRONT}?code=sample-reset-code`);
    // The message's script did not run: chromium says the empty sandbox blocked it
    await until('chromium to report the blocked script', async () => b.problems.some((p) => /Blocked script execution in 'about:srcdoc'.*sandboxed/.test(p)));
    expect(await seriousViolations(page, 'template dialog')).to.deep.equal([]);

    // Code is refused, at its field, and nothing is saved
    await dialog.getByLabel('Plain text').fill('Reset: <% require("fs") %>');
    const refused = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/users-permissions/email-templates'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).to.equal(400);
    await dialog.getByText(/evaluation block/).waitFor();
    expect((await as(app(), ada).get('/users-permissions/email-templates')).body.reset_password.options.object).to.equal('Reset password');

    await dialog.getByLabel('Plain text').fill('Reset at <%= URL %>?code=<%= TOKEN %>');
    await answered(page, 'PUT', /^\/users-permissions\/email-templates$/, () => dialog.getByRole('button', { name: 'Save' }).click());
    await page.getByRole('cell', { name: 'Hello <%= USER.username %>' }).waitFor();
    expectStatus(await app().post('/api/auth/local/register', { username: 'before_close', email: 'x@example.com', password: 'Passw0rd!long' }), 400);
    await as(app(), ada).put('/users-permissions/advanced', { allow_register: true });
    expectStatus(await app().post('/api/auth/local/register', { username: 'reader_one', email: 'reader@example.com', password: 'Passw0rd!long' }), 200);
    box.messages.length = 0;
    expectStatus(await app().post('/api/auth/forgot-password', { email: 'reader@example.com' }), 200);
    await box.received(1);
    expect(box.messages[0]!.subject).to.equal('Hello reader_one');
    expect(box.messages[0]!.text).to.match(new RegExp(`^Reset at ${FRONT}\\?code=[0-9a-f]{64}$`));
    // Expected, and reported once per rendering of the preview: not a problem of the page
    b.problems.splice(0, b.problems.length, ...b.problems.filter((p) => !/Blocked script execution in 'about:srcdoc'/.test(p)));
  });
});

function expectStatus(res: { status: number; text: string }, status: number): void {
  expect(res.status, res.text).to.equal(status);
}
