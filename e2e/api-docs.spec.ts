import { expect, test, type Page } from '@playwright/test';
import { demoToken } from './support/tokens';
import { saveScreenshot } from './support/screenshots';

/*
 * The API reference at /api/docs (src/server/openapi/docs-page.ts): Scalar renders /api/openapi.json in
 * Chromium under the page's own Content-Security-Policy, with nothing fetched from anywhere but this
 * service, and its "Test Request" panel sends a request that the service answers.
 */

/** CSP violations from Chromium's console lines and from the DOM event, and every request off this origin. */
async function watch(page: Page, origin: string) {
  const violations: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate)/i.test(m.text())) violations.push(m.text());
  });
  page.on('request', (r) => {
    if (!r.url().startsWith(`${origin}/`)) elsewhere.push(r.url());
  });
  // Init scripts come through the debugging protocol, not the page's policy.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  return {
    violations: async () => [...violations, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))],
    elsewhere: () => [...elsewhere],
  };
}

test.describe('the API reference', () => {
  test('lists every tag of the document and its operations, under its policy, fetching nothing from elsewhere', async ({ page, baseURL }) => {
    const seen = await watch(page, baseURL!);
    const res = await page.goto('/api/docs');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self';");

    const doc = (await (await page.request.get('/api/openapi.json')).json()) as { tags: { name: string }[] };
    for (const { name } of doc.tags) {
      await expect(page.getByRole('button', { name: new RegExp(`^(Open|Close) Group - ${name}$`) }).first(), name).toBeVisible();
    }
    await page.getByRole('button', { name: 'Open Group - Assistants' }).click();
    await expect(page.getByRole('link', { name: 'Every assistant, newest first' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an assistant' })).toBeVisible();
    await saveScreenshot(page, 'api-docs', { fullPage: false });

    expect(await seen.violations()).toEqual([]);
    expect(seen.elsewhere()).toEqual([]);
  });

  test('sends GET /user/me from "Test Request" with the token typed in, and shows the 200', async ({ page, baseURL }) => {
    const seen = await watch(page, baseURL!);
    await page.goto('/api/docs#tag/account/GET/user/me');
    await page.getByRole('button', { name: 'Test Request (get /user/me)' }).click();
    const client = page.getByRole('dialog', { name: 'API Client' });
    const send = client.getByRole('button', { name: `Send get request to ${baseURL}/api/user/me` });
    await expect(send).toBeVisible();

    const token = demoToken();
    await client.getByPlaceholder('Token').fill(token);
    const sent = page.waitForRequest((r) => r.url() === `${baseURL}/api/user/me`);
    await send.click();
    const request = await sent;
    expect(request.headers()['authorization']).toBe(`Bearer ${token}`);
    expect((await request.response())?.status()).toBe(200);

    // The panel shows the status and the account the token belongs to.
    await expect(client.getByRole('link', { name: '200 OK' })).toBeVisible();
    await expect(client.getByText('demo@example.com').first()).toBeVisible();
    await saveScreenshot(page, 'api-docs-test-request', { fullPage: false });
    // Its link to Scalar's hosted client (which would get this document's URL) is hidden.
    expect(await page.locator('a[href*="client.scalar.com"]').count()).toBe(0);
    await expect(page.getByText('Open API Client')).toHaveCount(0);

    expect(await seen.violations()).toEqual([]);
    expect(seen.elsewhere()).toEqual([]);
  });
});
