import { expect, type BrowserContext, type Page } from '@playwright/test';

/*
 * Signing in, two ways. Through the form when the test is about signing in; through storage (before the
 * page loads) when the test is about something else and only needs a session.
 */

/** The console's storage key and shape (src/app/api/session.ts). */
export const SESSION_STORAGE_KEY = 'vc.session';

export interface SessionOptions {
  /** Remember me: localStorage (survives new tabs) instead of sessionStorage (this tab only). */
  remember?: boolean;
  /** A custom API host; default "This server". */
  host?: string | null;
}

export async function signInThroughForm(page: Page, token: string, options: SessionOptions & { path?: string } = {}) {
  await page.goto(options.path ?? '/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('API token').fill(token);
  if (options.host) {
    await page.getByLabel('API host', { exact: true }).selectOption('custom');
    await page.getByLabel('API host URL').fill(options.host);
  }
  if (options.remember) await page.getByLabel('Remember me on this device').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Puts a session in storage before any page of the context loads; then `page.goto` lands signed in. */
export async function startSessionInStorage(context: BrowserContext, token: string, options: SessionOptions = {}) {
  const session = { token, host: options.host ?? null, remember: options.remember ?? false, startedAt: new Date().toISOString() };
  await context.addInitScript(
    ([key, value, remember]) => {
      // Only once per tab: a test that signs out or replaces the token must not see it come back on reload.
      if (window.sessionStorage.getItem('vc.e2e.seeded')) return;
      window.sessionStorage.setItem('vc.e2e.seeded', '1');
      (remember ? window.localStorage : window.sessionStorage).setItem(key, value);
    },
    [SESSION_STORAGE_KEY, JSON.stringify(session), session.remember] as const,
  );
}

/** Replaces the stored token with another (the API refusing it from now on, as if revoked). */
export async function replaceStoredToken(page: Page, token: string) {
  await page.evaluate(
    ([key, next]) => {
      for (const storage of [window.localStorage, window.sessionStorage]) {
        const raw = storage.getItem(key);
        if (raw) storage.setItem(key, JSON.stringify({ ...JSON.parse(raw), token: next }));
      }
    },
    [SESSION_STORAGE_KEY, token] as const,
  );
}

export async function storedSession(page: Page): Promise<{ local: string | null; session: string | null }> {
  return page.evaluate((key) => ({ local: window.localStorage.getItem(key), session: window.sessionStorage.getItem(key) }), SESSION_STORAGE_KEY);
}
