import type { Page, Request } from '@playwright/test';

/*
 * Playwright's 'networkidle' never comes while the console holds its live event stream (GET /user/events
 * stays open for the whole session), so screenshots wait for this instead: no request other than the
 * stream in flight, and none started, for `quietMs`.
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 20_000): Promise<void> {
  await page.waitForLoadState('load');
  const inflight = new Set<Request>();
  let lastChange = Date.now();
  const counts = (r: Request) => !r.url().includes('/user/events');
  const started = (r: Request) => {
    if (!counts(r)) return;
    inflight.add(r);
    lastChange = Date.now();
  };
  const ended = (r: Request) => {
    if (inflight.delete(r)) lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const deadline = Date.now() + timeoutMs;
    while (inflight.size > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > deadline) throw new Error(`The network did not go quiet within ${timeoutMs} ms (${inflight.size} requests in flight).`);
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * Brings in what a page holds back until it is near the screen (the assistant form's lower sections show
 * an aria-busy placeholder until then): the first placeholder still busy is scrolled into view and the
 * page waited on until fewer are busy, until none is (or `timeoutMs`), so a scan of the page sees all of
 * it; then back to the top. A busy part that is not scroll-bound (a table loading) is simply waited for.
 */
export async function loadDeferred(page: Page, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const busy = await page.evaluate(() => {
      const all = document.querySelectorAll('[aria-busy="true"]');
      all[0]?.scrollIntoView({ block: 'center' });
      return all.length;
    });
    const left = deadline - Date.now();
    if (busy === 0 || left <= 0) break;
    const fewer = await page
      .waitForFunction((n) => document.querySelectorAll('[aria-busy="true"]').length < n, busy, { timeout: Math.min(left, 5_000) })
      .then(() => true, () => false);
    // One that stays busy this long is the caller's finding (it checks that none is left), not a reason to wait on.
    if (!fewer) break;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
