// A forgotten password in the panel: the editor asks for a link on the login screen, the email
// names the panel's reset screen, and choosing a new password there signs them in; the old one
// no longer works.

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { EmailMessage } from '../../../../core/index.js';
import { BROWSER_RUN, ensurePanelBuilt, openPanel, type PanelBrowser } from '../../../helpers/panel.js';
import { expectStatus, useKernel } from '../../../helpers/suite.js';
import { adminOptions, registerFirstAdmin } from '../helpers.js';

(BROWSER_RUN ? describe : describe.skip)('admin panel: a forgotten password (chromium)', function () {
  this.timeout(60_000);
  const sent: EmailMessage[] = [];
  const app = useKernel(adminOptions({ url: 'http://panel.example/admin', email: { provider: { send: (m: EmailMessage) => { sent.push(m); return Promise.resolve(); } } } }));
  let b: PanelBrowser;
  let page: Page;

  before(async () => {
    ensurePanelBuilt();
    await registerFirstAdmin(app());
    b = await openPanel(app());
    page = b.page;
  });
  after(async () => { await b?.close(); });

  it('sends a link to the panel\'s reset screen, where a new password signs the editor in', async () => {
    await page.goto(`${app().url}/admin`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText(/a link to choose a new password is on its way/).waitFor();
    expect(sent).to.have.length(1);
    const link = /http:\/\/panel\.example\/admin\/auth\/reset-password\?code=[^\s"<]+/.exec(sent[0]!.text)?.[0];
    expect(link, sent[0]!.text).to.be.a('string');
    await page.goto(link!.replace('http://panel.example', app().url));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password').fill('Another-Horse-10');
    await page.getByLabel('The same again').fill('Another-Horse-10');
    await page.getByRole('button', { name: 'Change the password' }).click();
    await page.getByRole('heading', { name: 'Hello Ada' }).waitFor();
    expect(new URL(page.url()).pathname).to.equal('/admin');
    expectStatus(await app().post('/admin/login', { email: 'ada@example.com', password: 'Another-Horse-10' }), 200);
    expectStatus(await app().post('/admin/login', { email: 'ada@example.com', password: 'Correct-Horse-9' }), 400);
    expect(b.problems).to.deep.equal([]);
  });
});
