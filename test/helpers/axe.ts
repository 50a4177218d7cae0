// axe-core on a panel screen: the serious and critical violations, each with where it is, so a
// failing test says what to fix. axe runs in the page through the DevTools protocol, which the
// page's CSP does not govern; nothing is loaded from elsewhere.

import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  // The WCAG 2.1 A/AA rules and best practices, as Payload's end-to-end tests check them
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}
