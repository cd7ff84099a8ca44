import { expect, test } from './fixtures';
import { serviceApi } from './fixtures/assistants-api';
import { DESKTOP, PHONE, saveScreenshot } from './support/screenshots';
import { networkQuiet } from './support/quiet';
import { axeFindings } from './support/a11y';

/*
 * A picture of every page at desktop and phone width, to look at (test-results/screenshots/). Each page
 * is waited for until its main content is there, so the picture shows the page, not its skeleton.
 */
const pages = [
  { name: 'assistants', path: '/assistants', heading: 'Assistants' },
  { name: 'calls', path: '/calls', heading: 'Calls' },
  { name: 'leads', path: '/leads', heading: 'Leads' },
  { name: 'campaigns', path: '/campaigns', heading: 'Campaigns' },
  { name: 'tools', path: '/tools', heading: 'Tools' },
  { name: 'numbers', path: '/numbers', heading: 'Numbers & voices' },
  { name: 'sip-trunk-new', path: '/numbers/sip-trunks/new', heading: 'Add SIP trunk' },
  { name: 'settings', path: '/settings', heading: 'Settings' },
  // The newer pages, with what the demo seed puts in them.
  { name: 'knowledge', path: '/knowledge', heading: 'Knowledge bases' },
  { name: 'conversations', path: '/conversations', heading: 'Conversations' },
  { name: 'folders-labels', path: '/assistants/folders', heading: 'Folders and labels' },
] as const;

for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test.describe(`screenshots at ${width} width`, () => {
    test.use({ viewport });

    test('sign-in', async ({ page }) => {
      await page.goto('/sign-in');
      await expect(page.getByTestId('sign-in-hint')).toBeVisible();
      await saveScreenshot(page, `sign-in-${width}`);
      await page.getByLabel('API host', { exact: true }).selectOption('custom');
      await page.getByLabel('API host URL').fill('https://api.example.com/api');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText(/Enter your API token/)).toBeVisible();
      await saveScreenshot(page, `sign-in-errors-${width}`);
    });

    for (const p of pages) {
      test(p.name, async ({ signedInPage: page }) => {
        await page.goto(p.path);
        await expect(page.getByRole('heading', { name: p.heading }).first()).toBeVisible();
        await networkQuiet(page);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await saveScreenshot(page, `${p.name}-${width}`);
      });
    }

    test('the seeded knowledge base, its documents read by the worker', async ({ signedInPage: page }) => {
      await page.goto('/knowledge');
      await page.getByRole('link', { name: 'Northwind Help Centre' }).first().click();
      await expect(page.getByRole('heading', { name: 'Northwind Help Centre', level: 1 })).toBeVisible();
      for (const doc of ['Returns and refunds', 'Shipping and delivery']) {
        await expect(page.getByRole('row').filter({ hasText: doc }).getByTestId('knowledge-status')).toHaveText('Ready', { timeout: 30_000 });
      }
      await page.getByRole('textbox', { name: 'Question' }).fill('How long do refunds take?');
      await page.getByRole('textbox', { name: 'Question' }).press('Enter');
      await expect(page.getByTestId('search-passage').filter({ hasText: '5 business days' })).toBeVisible();
      await networkQuiet(page);
      await saveScreenshot(page, `knowledge-base-seeded-${width}`);
    });

    test('the seeded Tests tab: scenarios and two finished runs', async ({ signedInPage: page, request, demoToken }) => {
      const assistant = (await serviceApi(request, demoToken).assistants()).find((a) => a.name === 'Bright Smile Dental – Reception');
      expect(assistant).toBeDefined();
      await page.goto(`/assistants/${assistant!.id}?tab=tests`);
      await expect(page.getByTestId('scenario-row')).toHaveCount(3);
      await expect(page.getByTestId('history-row')).toHaveCount(2);
      await expect(page.getByTestId('run-results')).toHaveAttribute('data-status', 'finished');
      await networkQuiet(page);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await saveScreenshot(page, `assistant-tests-seeded-${width}`);
    });

    test('numbers in dark mode, and the navigation open', async ({ signedInPage: page }) => {
      await page.goto('/numbers');
      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      await networkQuiet(page);
      await expect(page.getByTestId('phone-numbers').getByTestId('phone-number-row').first()).toBeVisible();
      await saveScreenshot(page, `numbers-dark-${width}`);
      if (width === 'phone') {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await saveScreenshot(page, `navigation-open-phone`, { fullPage: false });
      }
    });

    test('import from Twilio, refused', async ({ signedInPage: page }) => {
      // The service's refusal played by the test: the form with the service's words on its fields.
      await page.route('**/api/user/phone-numbers/import', (route) =>
        route.fulfill({
          status: 422,
          json: { message: 'The given data was invalid.', errors: { auth_token: ['Twilio refused these credentials (401).'], phone_number: ['This Twilio account has no such number.'] } },
        }),
      );
      await page.goto('/numbers');
      await page.getByRole('button', { name: 'Import from Twilio' }).click();
      const form = page.getByRole('form', { name: 'Import a number from Twilio' });
      await form.getByRole('textbox', { name: 'Phone number' }).fill('+1 415 555 0123');
      await form.getByRole('textbox', { name: 'Account SID' }).fill(`AC${'0123456789abcdef'.repeat(2)}`);
      await form.getByLabel('Auth token').fill('not-the-token');
      await form.getByRole('button', { name: 'Import number' }).click();
      await expect(form.getByText('Twilio refused these credentials (401).')).toBeVisible();
      await saveScreenshot(page, `numbers-import-twilio-${width}`, { fullPage: false });
      expect(await axeFindings(page, `import from Twilio (${width})`)).toEqual([]);
    });

    test('not found', async ({ signedInPage: page }) => {
      await page.goto('/no/such/page');
      await expect(page.getByText('Page not found')).toBeVisible();
      await saveScreenshot(page, `not-found-${width}`);
    });
  });
}
