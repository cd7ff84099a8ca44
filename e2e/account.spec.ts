import { expect, test } from './fixtures';
import { DESKTOP, PHONE, saveScreenshot } from './support/screenshots';

/*
 * The account (GET /user/me) in the console: the balance in the user menu and on Settings, with the
 * name and email there, as the local service reports them.
 */

async function me(request: import('@playwright/test').APIRequestContext, token: string) {
  const res = await request.get('/api/user/me', { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { name: string; email: string; total_balance: number };
}

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

test.describe('account', () => {
  test('the balance shows in the user menu and on Settings, with name and email', async ({ signedInPage: page, request, demoToken }) => {
    const account = await me(request, demoToken);
    expect(account.email).toBe('demo@example.com');

    await page.goto('/assistants');
    await page.getByRole('button', { name: 'Account menu' }).click();
    // Calls of other specs may spend the demo balance meanwhile: a dollar figure, near the one read.
    const inMenu = page.getByTestId('menu-balance-amount');
    await expect(inMenu).toHaveText(/^\$[\d,]+\.\d{2}$/);
    expect(Math.abs(Number((await inMenu.textContent())!.replace(/[$,]/g, '')) - account.total_balance)).toBeLessThan(5);
    await page.getByRole('menuitem', { name: 'Settings' }).click();

    await expect(page).toHaveURL(/\/settings$/);
    const card = page.getByRole('region', { name: 'Account' });
    await expect(card.getByTestId('account-name')).toHaveText(account.name);
    await expect(card.getByTestId('account-email')).toHaveText('demo@example.com');
    await expect(card.getByTestId('account-balance')).toHaveText(/^\$[\d,]+\.\d{2}$/);
    expect(usd(account.total_balance)).toMatch(/^\$/);
  });

  for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`screenshots of Settings and the menu at ${width} width`, async ({ signedInPage: page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/settings');
      await expect(page.getByTestId('account-balance')).toHaveText(/\$/);
      await saveScreenshot(page, `settings-account-${width}`);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await expect(page.getByTestId('menu-balance-amount')).toBeVisible();
      await saveScreenshot(page, `user-menu-${width}`, { fullPage: false });
    });
  }
});
