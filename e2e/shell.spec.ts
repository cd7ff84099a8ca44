import { expect, test } from './fixtures';
import { PHONE } from './support/screenshots';

test.describe('the frame', () => {
  test('every section is one click away', async ({ signedInPage: page }) => {
    await page.goto('/assistants');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const [label, path] of [
      ['Calls', '/calls'],
      ['Leads', '/leads'],
      ['Campaigns', '/campaigns'],
      ['Tools', '/tools'],
      ['Numbers & voices', '/numbers'],
      ['Settings', '/settings'],
      ['Assistants', '/assistants'],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    }
  });

  test('an unknown address shows the not-found page', async ({ signedInPage: page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Go to Assistants' }).click();
    await expect(page).toHaveURL(/\/assistants$/);
  });

  test('dark mode: switched in the header, kept after a reload', async ({ signedInPage: page }) => {
    await page.goto('/settings');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('at phone width the navigation hides behind a burger', async ({ signedInPage: page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/settings');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await expect(burger).toBeVisible();
    await expect(nav).not.toBeInViewport();

    await burger.click();
    await expect(nav).toBeInViewport();
    await nav.getByRole('link', { name: 'Numbers & voices' }).click();
    await expect(page).toHaveURL(/\/numbers$/);
    await expect(nav).not.toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Numbers & voices', level: 1 })).toBeVisible();
    await expect(page.getByTestId('phone-numbers').getByTestId('phone-number-row').first()).toBeVisible();

    // Nothing wider than the screen but the tables' own scroll areas.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
