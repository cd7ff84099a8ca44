import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { englishOnPage, englishPatterns } from './support/catalogs';
import { loadDeferred, networkQuiet } from './support/quiet';
import { saveScreenshot } from './support/screenshots';
import { startSessionInStorage } from './support/session';
import { demoToken } from './support/tokens';

/*
 * A German-speaking user works in German throughout: a browser that prefers German gets the console in
 * German on its first visit, and no page, form error or open drawer shows an English catalog text.
 * (The English catalog is the detector: see support/catalogs.ts.) The choice made on the sign-in page or
 * in Settings sticks across reloads.
 */
/*
 * One German browser per worker, a tab per test: the console's files stay in the context's cache, so only
 * its first test loads them cold. These tests only read (nothing they do outlives the tab); the two that
 * are about a first visit or a choice that sticks make contexts of their own.
 */
const test = base.extend<{ germanPage: Page }, { germanContext: BrowserContext }>({
  germanContext: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ locale: 'de-DE', baseURL: workerInfo.project.use.baseURL });
      await startSessionInStorage(context, demoToken());
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  germanPage: async ({ germanContext }, use) => {
    const page = await germanContext.newPage();
    await use(page);
    await page.close();
  },
});

const patterns = englishPatterns();

async function settled(page: Page) {
  await networkQuiet(page);
  await loadDeferred(page);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function expectNoEnglish(page: Page, where: string) {
  await settled(page);
  expect(await englishOnPage(page, patterns), `English catalog texts on ${where}`).toEqual([]);
}

/** Opens the first row's link of the page's main table (a record's own page). */
async function openFirstRecord(page: Page, listPath: string) {
  await page.goto(listPath);
  await settled(page);
  const link = page.locator('main table tbody tr a[href]').first();
  await expect(link).toBeVisible();
  await link.click();
  await settled(page);
}

test.describe('the console in German', () => {
  test('a German browser gets German on its first visit, and the sign-in page has no English', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/sign-in');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expectNoEnglish(page, '/sign-in');
    // Field errors in German too.
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoEnglish(page, '/sign-in with errors');
    await context.close();
  });

  const pages = ['/overview', '/assistants', '/assistants/new', '/calls', '/leads', '/leads/new', '/leads/import', '/campaigns', '/campaigns/new', '/tools', '/tools/new', '/numbers', '/numbers/sip-trunks/new', '/settings', '/no/such/page'];
  for (const path of pages) {
    test(`${path} has no English`, async ({ germanPage: page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expectNoEnglish(page, path);
    });
  }

  for (const path of ['/assistants/new', '/leads/new', '/campaigns/new', '/tools/new', '/numbers/sip-trunks/new']) {
    test(`${path}: validation messages in German`, async ({ germanPage: page }) => {
      await page.goto(path);
      await settled(page);
      await page.locator('main form button[type="submit"]').first().click();
      await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
      await expectNoEnglish(page, `${path} with errors`);
    });
  }

  for (const list of ['/assistants', '/leads', '/campaigns', '/tools']) {
    test(`a record's page from ${list} has no English`, async ({ germanPage: page }) => {
      await openFirstRecord(page, list);
      await expectNoEnglish(page, `the first record of ${list}`);
    });
  }

  test('a call drawer has no English', async ({ germanPage: page }) => {
    await page.goto('/calls');
    await settled(page);
    await page.locator('main table tbody tr').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoEnglish(page, 'the call drawer');
    await saveScreenshot(page, 'german-call-drawer');
  });

  test('dates and numbers read the German way', async ({ germanPage: page }) => {
    await page.goto('/calls');
    await settled(page);
    await saveScreenshot(page, 'german-calls');
    // A call time as a German reader writes it: "23.11.2026, 14:03" or "23. Nov. 2026, 14:03", never "Nov 23".
    const firstRow = page.locator('main table tbody tr').first();
    await expect(firstRow).toContainText(/\d{1,2}\.(\s?\p{L}+\.?|\d{2}\.)/u);
    await expect(firstRow).not.toContainText(/\b(AM|PM)\b/);
  });
});

test('the language chosen on the sign-in page sticks, and Settings switches it back', async ({ page, context }) => {
  // An English browser: English first.
  await page.goto('/sign-in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Deutsch', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expectNoEnglish(page, '/sign-in after choosing German');

  await startSessionInStorage(context, demoToken());
  await page.goto('/settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
