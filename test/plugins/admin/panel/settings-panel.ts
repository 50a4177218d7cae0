// What the settings screens' browser tests share: waiting on the server's answer to what a click sends.

import { expect } from 'chai';
import type { Page } from 'playwright-core';

/** Runs `act` and waits for the answer to the request it sends (`method`, a path matching `path`):
 *  a success, or the test fails with the answer's body. */
export async function answered(page: Page, method: string, path: RegExp, act: () => Promise<unknown>): Promise<void> {
  const res = page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname));
  await act();
  const got = await res;
  expect(got.status(), `${method} ${got.url()}: ${await got.text()}`).to.be.within(200, 299);
}
