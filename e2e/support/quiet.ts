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
 * an aria-busy placeholder until then): the page is scrolled down half a screen at a time to its end, so a
 * scan of the page sees all of it, then back to the top.
 */
export async function loadDeferred(page: Page, rounds = 40): Promise<void> {
  const busy = page.locator('[aria-busy="true"]');
  for (let i = 0; i < rounds && (await busy.count()) > 0; i++) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight / 2);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(atEnd ? 300 : 100);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
