import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { RUN_ID } from './fixtures/leads-api';
import { signInThroughForm, startSessionInStorage } from './support/session';
import { demoToken } from './support/tokens';
import { DESKTOP, PHONE, saveScreenshot } from './support/screenshots';

/*
 * The console, live, against the real local service and its call engine: sign-in lands on the overview;
 * a campaign started from its page moves its leads to completed without a reload; a call placed through
 * the API appears on the overview's live list and leaves it when it ends. Test numbers (+1 …555-0100)
 * always complete, in about ten seconds.
 */

const test = base;
const salt = () => Math.random().toString(36).slice(2, 6);

function apiOf(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await request.fetch(`/api${path}`, { method, headers, data: body });
    if (!res.ok()) throw new Error(`${method} ${path}: HTTP ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  }
  return {
    call,
    async outboundAssistant() {
      const list = await call<{ id: number; name: string }[]>('GET', '/user/assistants/outbound');
      if (list.length === 0) throw new Error('The demo seed has no outbound assistant.');
      return list[0]!;
    },
  };
}

/** Marks the document: still there later means the page was never reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __liveMark: string }).__liveMark = 'kept';
  });
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __liveMark?: string }).__liveMark)).toBe('kept');
}

async function leadCount(page: Page, status: string): Promise<number> {
  const chip = page.getByTestId('progress-lead-status').and(page.locator(`[data-status="${status}"]`));
  if ((await chip.count()) === 0) return 0;
  return Number(await chip.getAttribute('data-count'));
}

test.describe('live console', () => {
  test('sign-in lands on the overview, with the live stream on', async ({ page }) => {
    await signInThroughForm(page, demoToken());
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('day-stats')).toBeVisible();
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-mode', 'live');
    await expect(page.getByTestId('live-indicator')).toHaveText('Live');
  });

  test('a campaign started from its page: leads complete without a reload', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const token = demoToken();
    const api = apiOf(request, token);
    const assistant = await api.outboundAssistant();
    const name = `Live campaign ${RUN_ID} ${salt()}`;
    const campaign = (
      await api.call<{ data: { id: number } }>('POST', '/user/campaigns', {
        name,
        assistant_id: assistant.id,
        timezone: 'UTC',
        allowed_hours_start_time: '00:00',
        allowed_hours_end_time: '23:59',
        allowed_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
        max_calls_in_parallel: 2,
        max_retries: 1,
      })
    ).data;
    const phones = ['+12025550100', '+13125550100', '+14155550100'];
    for (const phone_number of phones) {
      await api.call('POST', '/user/lead', { campaign_id: campaign.id, phone_number, variables: { customer_name: 'Ada' } });
    }

    await startSessionInStorage(context, token);
    await page.goto(`/campaigns/${campaign.id}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-mode', 'live');
    await expect(page.getByTestId('progress-leads-done')).toHaveText('0 of 3 done');
    await expect.poll(() => leadCount(page, 'created')).toBe(3);
    await markDocument(page);

    await page.getByRole('button', { name: `Start campaign ${name}` }).click();
    await expect(page.getByTestId('campaign-status')).toHaveText('running');

    // Calls show up while they ring and talk, never more than two at once.
    await expect(page.getByTestId('live-call').first()).toBeVisible({ timeout: 20_000 });
    expect(await page.getByTestId('live-call').count()).toBeLessThanOrEqual(2);
    await saveScreenshot(page, 'live-campaign-running-light');

    // The completed count rises as calls end, then reaches every lead.
    await expect.poll(() => leadCount(page, 'completed'), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => leadCount(page, 'completed'), { timeout: 60_000, intervals: [500] }).toBe(3);
    await expect(page.getByTestId('progress-leads-done')).toHaveText('3 of 3 done');
    await expect(page.getByTestId('progress-attempts')).toHaveText('3');
    await expect(page.getByTestId('campaign-status')).toHaveText('completed', { timeout: 15_000 });
    await expectSameDocument(page);

    // The numbers over time, as the chart's table.
    await page.getByText('Table', { exact: true }).click();
    await expect(page.getByTestId('progress-series-table')).toBeVisible();
    await saveScreenshot(page, 'live-campaign-light');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByText('Chart', { exact: true }).click();
    await expect(page.getByTestId('progress-chart')).toBeVisible();
    await saveScreenshot(page, 'live-campaign-dark');
  });

  test("a call placed through the API appears on the overview's live list and leaves it", async ({ page, context, request }) => {
    test.setTimeout(90_000);
    const token = demoToken();
    const api = apiOf(request, token);
    const assistant = await api.outboundAssistant();
    await startSessionInStorage(context, token);
    await page.goto('/overview');
    await expect(page.getByTestId('day-stats')).toBeVisible();
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-mode', 'live');
    await markDocument(page);
    const callsBefore = Number((await page.getByTestId('stat-calls').getByTestId('stat-today').textContent())?.replace(/\D/g, '') || '0');

    const made = await api.call<{ call_id?: number; id?: number; data?: { id?: number } }>('POST', '/user/make_call', {
      phone_number: '+12025550100',
      assistant_id: assistant.id,
      variables: { customer_name: 'Grace' },
    });
    const callId = made.call_id ?? made.id ?? made.data?.id;
    expect(callId, JSON.stringify(made)).toBeTruthy();

    const row = page.locator(`[data-testid="live-call"][data-call-id="${callId}"]`);
    await expect(row).toBeVisible({ timeout: 10_000 });
    await expect(row).toContainText(assistant.name);
    await saveScreenshot(page, 'live-overview-light');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await saveScreenshot(page, 'live-overview-dark');
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, 'live-overview-phone');
    await page.setViewportSize(DESKTOP);

    // Ringing, talking, then gone once it has its outcome.
    await expect(row).toHaveAttribute('data-status', 'in-progress', { timeout: 15_000 });
    await expect(row).toHaveCount(0, { timeout: 30_000 });
    await expect
      .poll(async () => Number((await page.getByTestId('stat-calls').getByTestId('stat-today').textContent())?.replace(/\D/g, '') || '0'))
      .toBeGreaterThan(callsBefore);
    await expectSameDocument(page);
  });
});
