import { expect, test, type Page } from '@playwright/test';
import { demoToken } from './support/tokens';
import { signInThroughForm } from './support/session';

/*
 * The console under its own Content-Security-Policy (src/server/http/security-headers.ts): signing in,
 * the call log and a playing recording raise no violation, from this server and from an API host on
 * another origin (connect-src, media-src and CORS).
 */

/** Every CSP violation the page reports, from the DOM event and from Chromium's console line. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text())) logged.push(m.text());
  });
  // Init scripts are injected by the browser's debugging protocol, not subject to the page's CSP.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...logged, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))];
}

async function playFirstRecording(page: Page, apiBase: string, token: string) {
  // The newest completed call with a recording, found the way the console would.
  const res = await page.request.get(`${apiBase}/user/calls`, {
    headers: { Authorization: `Bearer ${token}` },
    params: { status: 'completed', per_page: 100 },
  });
  const calls = ((await res.json()) as { data: { id: number; recording_url: string | null }[] }).data;
  const call = calls.find((c) => c.recording_url);
  if (!call) throw new Error('No completed demo call with a recording.');

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Calls' }).click();
  await expect(page).toHaveURL(/\/calls/);
  await expect(page.getByRole('table').first()).toBeVisible();
  await page.goto(`/calls/${call.id}`);
  const player = page.getByTestId('recording-player');
  await expect(player).toBeVisible();
  await player.getByRole('button', { name: 'Play recording' }).click();
  const audio = player.locator('audio');
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(0);
  await player.getByRole('button', { name: 'Pause recording' }).click();
  return audio;
}

test.describe('the console under its Content-Security-Policy', () => {
  test('the policy comes with the page: no inline script, no framing', async ({ page }) => {
    const res = await page.goto('/sign-in');
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res?.headers()['x-content-type-options']).toBe('nosniff');
    expect(res?.headers()['server']).toBeUndefined();
  });

  test('signing in, the call log and a recording raise no violation', async ({ page, baseURL }) => {
    const violations = await watchViolations(page);
    const token = demoToken();
    await signInThroughForm(page, token);
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByRole('heading', { name: 'Overview' }).first()).toBeVisible();
    const audio = await playFirstRecording(page, `${baseURL}/api`, token);
    expect(await audio.getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/recordings\//);
    expect(await violations()).toEqual([]);
  });

  test('an API host on another origin: sign-in, calls and its recording still work', async ({ page, baseURL }) => {
    // Same service, other origin (localhost vs 127.0.0.1): the browser treats it as a foreign host.
    const other = `http://localhost:${new URL(baseURL!).port}/api`;
    const violations = await watchViolations(page);
    const token = demoToken();
    await signInThroughForm(page, token, { host: other });
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByTestId('api-host')).toContainText('localhost');
    const audio = await playFirstRecording(page, other, token);
    expect(await audio.getAttribute('src')).toMatch(/^http:\/\/localhost:\d+\/api\/recordings\//);
    expect(await violations()).toEqual([]);
  });
});
