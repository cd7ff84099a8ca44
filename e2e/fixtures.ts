import { test as base, expect, type Page } from '@playwright/test';
import { demoToken } from './support/tokens';
import { startSessionInStorage } from './support/session';

/*
 * `test` with a signed-in page for tests that are not about signing in:
 *
 *   import { test, expect } from './fixtures';
 *   test('…', async ({ signedInPage: page }) => { await page.goto('/numbers'); … });
 */
export const test = base.extend<{ demoToken: string; signedInPage: Page }>({
  // eslint-disable-next-line no-empty-pattern
  demoToken: async ({}, use) => {
    await use(demoToken());
  },
  signedInPage: async ({ page, context, demoToken: token }, use) => {
    await startSessionInStorage(context, token);
    await use(page);
  },
});

export { expect };
