import { expect, test, type Page } from '@playwright/test';
import { demoToken, unknownToken } from './support/tokens';
import { replaceStoredToken, signInThroughForm, storedSession } from './support/session';

/** Collects everything the page logs, to prove the token never appears there. */
function watchConsole(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (m) => lines.push(m.text()));
  page.on('pageerror', (e) => lines.push(String(e)));
  return lines;
}

test.describe('signing in', () => {
  test('with the demo token: the hint (not the token), then the overview, the API host in the header', async ({ page, baseURL }) => {
    const token = demoToken();
    const logs = watchConsole(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in/);
    const hint = page.getByTestId('sign-in-hint');
    await expect(hint).toContainText('npm start');
    await expect(hint).not.toContainText(token);
    await expect(page.getByLabel('API token')).toHaveAttribute('type', 'password');

    await signInThroughForm(page, token);
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByRole('heading', { name: 'Overview' }).first()).toBeVisible();
    await expect(page.getByTestId('api-host')).toHaveText(`${new URL(baseURL!).host}/api`);
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Numbers & voices' })).toBeVisible();

    expect(page.url()).not.toContain(token);
    expect(logs.join('\n')).not.toContain(token);
  });

  test('a wrong token: a clear message on the token field, still signed out', async ({ page }) => {
    await signInThroughForm(page, unknownToken);
    await expect(page.getByText(/This API token was not accepted by this server/)).toBeVisible();
    await expect(page.getByLabel('API token')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/sign-in/);
    expect(await storedSession(page)).toEqual({ local: null, session: null });
    await expect(page.getByText(unknownToken)).toHaveCount(0);
  });

  test('an unreachable custom host: the message is on the host field and names proxy mode', async ({ page }) => {
    await signInThroughForm(page, demoToken(), { host: 'http://127.0.0.1:9/api' });
    await expect(page.getByText(/Could not reach http:\/\/127\.0\.0\.1:9\/api/)).toBeVisible();
    await expect(page.getByText(/API_UPSTREAM=http:\/\/127\.0\.0\.1:9\/api npm start/)).toBeVisible();
  });

  test('remember me: the session survives a reload and a new tab', async ({ page, context }) => {
    await signInThroughForm(page, demoToken(), { remember: true });
    await expect(page).toHaveURL(/\/overview$/);
    expect((await storedSession(page)).local).not.toBeNull();

    await page.reload();
    await expect(page).toHaveURL(/\/overview$/);
    const tab = await context.newPage();
    await tab.goto('/settings');
    await expect(tab.getByTestId('session-remember')).toContainText('On: the session stays in this browser');
  });

  test('without remember me: a reload keeps the session, a new tab or a new browser does not', async ({ page, context, browser }) => {
    await signInThroughForm(page, demoToken());
    await expect(page).toHaveURL(/\/overview$/);
    const stored = await storedSession(page);
    expect(stored.local).toBeNull();
    expect(stored.session).not.toBeNull();

    await page.reload();
    await expect(page).toHaveURL(/\/overview$/);
    await page.goto('/settings');
    await expect(page.getByTestId('session-remember')).toContainText('Off: the session lives in this tab only');

    const tab = await context.newPage();
    await tab.goto('/settings');
    await expect(tab).toHaveURL(/\/sign-in\?redirect=%2Fsettings/);

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/assistants');
    await expect(otherPage).toHaveURL(/\/sign-in/);
    await other.close();
  });

  test('sign out: back to sign-in, the token gone from the browser, pages closed', async ({ page }) => {
    await signInThroughForm(page, demoToken(), { remember: true });
    await expect(page).toHaveURL(/\/overview$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByText('You are signed out.')).toBeVisible();
    expect(await storedSession(page)).toEqual({ local: null, session: null });
    await page.goto('/numbers');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fnumbers/);
  });

  test('a token revoked mid-session: sign-in, then the same page back', async ({ page }) => {
    await signInThroughForm(page, demoToken(), { path: '/sign-in?redirect=%2Fnumbers%3Fphones%3Dinbound' });
    await expect(page).toHaveURL(/\/numbers\?phones=inbound$/);
    const phones = page.getByTestId('phone-numbers');
    await expect(phones.getByTestId('phone-number-row').first()).toBeVisible();

    // The API stops accepting the stored token (it has no revoke endpoint: the token is swapped for one
    // it never issued); the next request gets a 401.
    await replaceStoredToken(page, unknownToken);
    await phones.getByText('Outbound', { exact: true }).click();

    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fnumbers%3Fphones%3Doutbound&reason=expired$/);
    await expect(page.getByText('Your session ended')).toBeVisible();
    expect(await storedSession(page)).toEqual({ local: null, session: null });

    await page.getByLabel('API token').fill(demoToken());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/numbers\?phones=outbound$/);
    await expect(page.getByTestId('phone-numbers').getByTestId('phone-number-row').first()).toBeVisible();
  });
});
