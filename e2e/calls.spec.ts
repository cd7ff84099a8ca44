import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import Papa from 'papaparse';
import { expect, test } from './fixtures';
import { DESKTOP, PHONE, saveScreenshot } from './support/screenshots';

/*
 * The call log against the local service (demo@example.com, 2,000 seeded calls): every filter in the
 * URL, reload and back, the call drawer with both transcript forms and a playing recording, keyboard
 * moves, charts, CSV export, and text from the API that must never run as markup.
 *
 * The local service always answers a transcript as one string; the array form (what hosted call
 * endpoints send) and hostile content are made by rewriting the service's real answer in the browser.
 */

interface ApiCall {
  id: number;
  status: string;
  type: string;
  assistant_id: number | null;
  assistant_name: string | null;
  campaign_id: number | null;
  campaign_name?: string | null;
  client_phone_number: string | null;
  transcript: string | unknown[] | null;
  recording_url?: string | null;
  created_at: string;
  [key: string]: unknown;
}

interface ApiPage {
  data: ApiCall[];
  total: number;
  last_page: number;
}

function serviceApi(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  return {
    async calls(query: Record<string, string | number> = {}): Promise<ApiPage> {
      const res = await request.get('/api/user/calls', { headers, params: { per_page: 100, ...query } });
      expect(res.ok(), `GET /user/calls answered ${res.status()}`).toBeTruthy();
      return (await res.json()) as ApiPage;
    },
    async outboundAssistantId(): Promise<number> {
      const res = await request.get('/api/user/assistants/get', { headers, params: { per_page: 100 } });
      expect(res.ok()).toBeTruthy();
      const body = (await res.json()) as { data: { id: number; type: string }[] };
      const hit = body.data.find((a) => a.type === 'outbound');
      if (!hit) throw new Error('The demo seed has no outbound assistant.');
      return hit.id;
    },
    async makeCall(assistantId: number, phone: string): Promise<number> {
      const res = await request.post('/api/user/make_call', { headers, data: { assistant_id: assistantId, phone_number: phone } });
      expect(res.ok(), `POST /user/make_call answered ${res.status()}`).toBeTruthy();
      return ((await res.json()) as { call_id: number }).call_id;
    },
    async deleteCall(id: number) {
      await request.delete(`/api/user/calls/${id}`, { headers });
    },
  };
}

const table = (page: Page) => page.getByTestId('calls-table');
const rows = (page: Page) => page.getByTestId('call-row');

/** The table showing the answer to the URL's current filter (not the previous page kept meanwhile). */
async function fresh(page: Page) {
  // Generous: the machine running these is often shared, and a starved service answers late, not wrong.
  await expect(table(page)).toHaveAttribute('data-state', 'fresh', { timeout: 20_000 });
}

async function totalShown(page: Page): Promise<number> {
  await fresh(page);
  const summary = page.getByTestId('calls-summary');
  await expect(summary).not.toHaveAttribute('data-total', '');
  return Number(await summary.getAttribute('data-total'));
}

async function pickOption(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Every row's value of a data attribute inside the rows (e.g. the status badge's data-status). */
async function rowValues(page: Page, selector: string, attribute: string): Promise<string[]> {
  return rows(page).locator(selector).evaluateAll((els, attr) => els.map((e) => e.getAttribute(attr) ?? ''), attribute);
}

/** Rewrites the service's answer for one call (GET /api/user/calls/:id) before the console reads it. */
async function patchCall(page: Page, id: number, patch: (call: ApiCall) => ApiCall) {
  await page.route(new RegExp(`/api/user/calls/${id}(\\?.*)?$`), async (route: Route) => {
    const res = await route.fetch();
    const call = (await res.json()) as ApiCall;
    await route.fulfill({ response: res, json: patch(call) });
  });
}

function turns(drawer: Locator, side: 'assistant' | 'customer') {
  return drawer.getByRole('list', { name: 'Transcript' }).locator(`[data-side="${side}"]`);
}

const HOSTILE = {
  img: '<img src=x onerror="window.__xss=1">',
  script: '<script>window.__xss=2</script>',
  link: '<a href="javascript:window.__xss=3">click me</a>',
};

test.describe('call log', () => {
  test('each filter narrows the table and lives in the URL; reload keeps it, back restores it', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    await page.goto('/calls');
    await expect(page.getByRole('heading', { name: 'Calls', level: 1 })).toBeVisible();
    const all = await totalShown(page);
    expect(all).toBeGreaterThanOrEqual(2000);
    await expect(rows(page)).toHaveCount(15);

    // Status
    await pickOption(page, 'Status', 'Failed');
    await expect(page).toHaveURL(/[?&]status=failed/);
    const failed = await totalShown(page);
    expect(failed).toBeGreaterThan(0);
    expect(failed).toBeLessThan(all);
    expect(new Set(await rowValues(page, '[data-status]', 'data-status'))).toEqual(new Set(['failed']));

    // Type, on top of the status
    await pickOption(page, 'Type', 'Outbound');
    await expect(page).toHaveURL(/[?&]type=outbound/);
    const failedOutbound = await totalShown(page);
    expect(failedOutbound).toBeLessThanOrEqual(failed);
    expect(failedOutbound).toBe((await api.calls({ status: 'failed', type: 'outbound', per_page: 1 })).total);

    // Reload: both filters come back from the URL.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('Failed');
    await expect(page.getByRole('combobox', { name: 'Type', exact: true })).toHaveValue('Outbound');
    expect(await totalShown(page)).toBe(failedOutbound);

    // Back: the filter before the last change.
    await page.goBack();
    await expect(page).not.toHaveURL(/type=/);
    await expect(page).toHaveURL(/status=failed/);
    await expect(page.getByRole('combobox', { name: 'Type', exact: true })).toHaveValue('');
    expect(await totalShown(page)).toBe(failed);

    // Clear filters
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/status=/);
    expect(await totalShown(page)).toBe(all);

    // Phone number: typed the way a person writes it, sent as E.164.
    const target = (await api.calls({ per_page: 50 })).data.find((c) => c.client_phone_number?.startsWith('+49'));
    if (!target?.client_phone_number) throw new Error('No demo call to a German number on the first page.');
    const e164 = target.client_phone_number;
    const typed = `0049 (${e164.slice(3, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
    const phoneRequest = page.waitForRequest((r) => r.url().includes('/api/user/calls?') && new URL(r.url()).searchParams.get('phone_number') === e164);
    await page.getByRole('textbox', { name: 'Client number' }).fill(typed);
    await phoneRequest;
    await expect(page).toHaveURL(new RegExp(`[?&]phone=${encodeURIComponent(e164).replace('+', '\\+')}`));
    const byPhone = await totalShown(page);
    expect(byPhone).toBeGreaterThan(0);
    expect(new Set(await rowValues(page, '[data-e164]:first-child', 'data-e164'))).toContain(e164);
    // National format in the cell, E.164 on hover.
    const cell = rows(page).first().locator(`[data-e164="${e164}"]`).first();
    await expect(cell).toHaveAttribute('title', e164);
    await expect(cell).not.toHaveText(e164);
    expect(byPhone).toBe((await api.calls({ phone_number: e164, per_page: 1 })).total);

    // Text that is not a number: a hint, and no request.
    let askedWithBadPhone = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/user/calls?') && r.url().includes('phone_number=') && !r.url().includes(encodeURIComponent(e164))) askedWithBadPhone = true;
    });
    await page.getByRole('textbox', { name: 'Client number' }).fill('call me maybe');
    await expect(page.getByTestId('phone-hint')).toBeVisible();
    await expect(page).toHaveURL(/phone=call/);
    expect(askedWithBadPhone).toBe(false);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByRole('textbox', { name: 'Client number' })).toHaveValue('');
    expect(await totalShown(page)).toBe(all);

    // Assistant: the option list holds every assistant.
    const withAssistant = (await api.calls({ per_page: 20 })).data.find((c) => c.assistant_id && c.assistant_name);
    if (!withAssistant?.assistant_name) throw new Error('No demo call with an assistant.');
    await pickOption(page, 'Assistant', withAssistant.assistant_name);
    await expect(page).toHaveURL(new RegExp(`[?&]assistant_id=${withAssistant.assistant_id}(&|$)`));
    const byAssistant = await totalShown(page);
    expect(byAssistant).toBeLessThan(all);
    expect(byAssistant).toBe((await api.calls({ assistant_id: withAssistant.assistant_id ?? 0, per_page: 1 })).total);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await fresh(page);

    // Campaign
    const inCampaign = (await api.calls({ per_page: 100 })).data.find((c) => c.campaign_id && c.campaign_name);
    if (!inCampaign?.campaign_name) throw new Error('No demo call of a campaign on the first 100.');
    await pickOption(page, 'Campaign', inCampaign.campaign_name);
    await expect(page).toHaveURL(new RegExp(`[?&]campaign_id=${inCampaign.campaign_id}(&|$)`));
    const byCampaign = await totalShown(page);
    expect(byCampaign).toBeLessThan(all);
    expect(byCampaign).toBe((await api.calls({ campaign_id: inCampaign.campaign_id ?? 0, per_page: 1 })).total);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await fresh(page);

    // Date range, picked in the calendar: two days of the month shown (the previous one early in a month).
    const today = new Date();
    const month = today.getDate() >= 8 ? today : new Date(today.getFullYear(), today.getMonth() - 1, 15);
    const fromDay = new Date(month.getFullYear(), month.getMonth(), today.getDate() >= 8 ? today.getDate() - 6 : 10);
    const toDay = new Date(fromDay.getFullYear(), fromDay.getMonth(), fromDay.getDate() + 3);
    const label = (d: Date) => `${d.getDate()} ${d.toLocaleString('en-US', { month: 'long' })} ${d.getFullYear()}`;
    const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    await page.getByRole('button', { name: 'Date', exact: true }).click();
    if (month !== today) await page.locator('button[data-direction="previous"]').first().click();
    await page.getByRole('button', { name: label(fromDay), exact: true }).click();
    await page.getByRole('button', { name: label(toDay), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`date_from=${iso(fromDay)}.*date_to=${iso(toDay)}|date_to=${iso(toDay)}.*date_from=${iso(fromDay)}`));
    const byDate = await totalShown(page);
    expect(byDate).toBeGreaterThan(0);
    expect(byDate).toBeLessThan(all);
    expect(byDate).toBe((await api.calls({ date_from: iso(fromDay), date_to: iso(toDay), per_page: 1 })).total);
    const days = (await rows(page).locator('td:first-child a').allInnerTexts()).length;
    expect(days).toBeGreaterThan(0);

    // Page size and page
    await pickOption(page, 'Calls a page', '25 a page');
    await expect(page).toHaveURL(/per_page=25/);
    await fresh(page);
    await expect(rows(page)).toHaveCount(Math.min(25, byDate));
    if (byDate > 25) {
      const firstIdOfPageOne = await rows(page).first().getAttribute('data-call-id');
      await page.getByRole('button', { name: 'Page 2', exact: true }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await fresh(page);
      // Retried: the previous page stays on screen until the next one has arrived (keepPreviousData).
      await expect(rows(page).first()).not.toHaveAttribute('data-call-id', firstIdOfPageOne ?? '');
      await page.goBack();
      await expect(page).not.toHaveURL(/[?&]page=2/);
      await fresh(page);
      await expect(rows(page).first()).toHaveAttribute('data-call-id', firstIdOfPageOne ?? '');
    }

    // A hand-edited link falls back instead of failing.
    await page.goto('/calls?status=nonsense&per_page=7&page=-3');
    await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('');
    expect(await totalShown(page)).toBe(all);
    await expect(rows(page)).toHaveCount(15);
  });

  test('an empty filter says which filters are set; a failing list offers a retry', async ({ signedInPage: page }) => {
    await page.goto('/calls?status=busy&type=web');
    await expect(page.getByTestId('calls-empty')).toContainText('No calls match these filters');
    await expect(page.getByTestId('calls-empty')).toContainText('Status: Busy');
    await expect(page.getByTestId('calls-empty')).toContainText('Type: Web');

    let fail = true;
    await page.route('**/api/user/calls?**', async (route) => {
      if (fail) await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The log is resting.' }) });
      else await route.continue();
    });
    await page.goto('/calls?status=completed');
    await expect(page.getByRole('alert')).toContainText('The log is resting.', { timeout: 20_000 });
    fail = false;
    await page.getByRole('button', { name: /retry|try again/i }).first().click();
    await expect(rows(page).first()).toBeVisible();
    await fresh(page);
  });

  test('unknown statuses show plain, missing fields do not break the table or the call', async ({ signedInPage: page }) => {
    const odd = { id: 99_999_901, status: 'voicemail_left', type: 'outbound', created_at: '2026-01-05 10:00:00' };
    const sparse = { id: 99_999_902 };
    await page.route('**/api/user/calls?**', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as ApiPage;
      await route.fulfill({ response: res, json: { ...body, data: [odd, sparse, ...body.data.slice(2)] } });
    });
    await page.route(/\/api\/user\/calls\/99999902$/, (route) => route.fulfill({ json: sparse }));
    await page.goto('/calls');
    const row = page.locator('[data-testid="call-row"][data-call-id="99999901"]');
    await expect(row).toContainText('voicemail_left');
    // Plain text: no badge.
    await expect(row.locator('.mantine-Badge-root')).toHaveCount(0);
    await expect(page.locator('[data-testid="call-row"][data-call-id="99999902"]')).toBeVisible();
    await page.goto('/calls/99999902');
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText('Call #99999902');
    await expect(drawer).toContainText('No transcript for this call.');
    await expect(drawer).toContainText('No recording for this call.');
  });

  test('live calls refresh by themselves', async ({ signedInPage: page, request, demoToken }) => {
    test.setTimeout(120_000);
    const api = serviceApi(request, demoToken);
    // A test number: answered at 3 s, hung up at 9 s, completed at 11 s (README, the call engine).
    const id = await api.makeCall(await api.outboundAssistantId(), '+14155550100');
    try {
      await page.goto('/calls?phone=%2B14155550100');
      const row = page.locator(`[data-testid="call-row"][data-call-id="${id}"]`);
      await expect(row.locator('[data-status]')).toHaveAttribute('data-status', /^(initiated|ringing|in-progress)$/, { timeout: 9_000 });
      // The row follows the call to its outcome without a reload. The call talks with the stand-in model until one
      // side ends it, then the model reads it afterwards (ended → completed): on a busy machine that took over 20 s.
      await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    } finally {
      await api.deleteCall(id);
    }
  });
});

test.describe('a call', () => {
  test('opens from the table as a linkable drawer; j/k walk the filter, Esc closes', async ({ signedInPage: page }) => {
    await page.goto('/calls?status=completed');
    await fresh(page);
    const ids = await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-call-id')));
    await rows(page).nth(0).locator('td').nth(3).click();
    await expect(page).toHaveURL(new RegExp(`/calls/${ids[0]}\\?.*status=completed`));
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText(`Call #${ids[0]}`);
    await expect(drawer.getByRole('list', { name: 'Transcript' })).toBeVisible();
    await expect(drawer).toContainText('1 of');

    // A key pressed while the drawer is still moving is dropped (the arrows are disabled meanwhile, and the
    // URL changes before the move ends): each press waits for them, as a person sees the drawer ready.
    const ready = () => expect(drawer.getByRole('button', { name: 'Next call' })).toBeEnabled();
    await page.keyboard.press('j');
    await expect(page).toHaveURL(new RegExp(`/calls/${ids[1]}\\?`));
    await expect(drawer).toContainText(`Call #${ids[1]}`);
    await ready();
    await page.keyboard.press('j');
    await expect(page).toHaveURL(new RegExp(`/calls/${ids[2]}\\?`));
    await ready();
    await page.keyboard.press('k');
    await expect(page).toHaveURL(new RegExp(`/calls/${ids[1]}\\?`));

    // A shared link opens the same call.
    await page.reload();
    await expect(page.getByRole('dialog')).toContainText(`Call #${ids[1]}`);

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/calls\?status=completed$/);

    // j at the end of a page goes on to the next page.
    await page.goto(`/calls/${ids[14]}?status=completed`);
    await expect(page.getByRole('dialog')).toContainText(`Call #${ids[14]}`);
    await page.keyboard.press('j');
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('dialog')).not.toContainText(`Call #${ids[14]}`);
  });

  test('the transcript shows both speakers, from a string and from a list', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    // The newest calls may have been played by the stand-in model (a list of entries): take seeded ones.
    const completed = (await api.calls({ status: 'completed', per_page: 50 })).data;
    const first = completed.find((c) => typeof c.transcript === 'string');
    const second = completed.find((c) => c !== first && c.id !== first?.id);
    if (!first || !second) throw new Error('Fewer than two completed demo calls.');
    expect(typeof first.transcript).toBe('string');
    expect(first.transcript).toMatch(/^AI: /m);
    expect(first.transcript).toMatch(/^User: /m);

    // The string form, as the local service answers it.
    await page.goto(`/calls/${first.id}`);
    const drawer = page.getByRole('dialog');
    await expect(turns(drawer, 'assistant').first()).toBeVisible();
    await expect(turns(drawer, 'customer').first()).toBeVisible();
    const firstAiLine = /^AI: (.*)$/m.exec(String(first.transcript))?.[1] ?? '';
    await expect(turns(drawer, 'assistant').first()).toContainText(firstAiLine.slice(0, 40));
    // Assistant left, customer right.
    const aBox = await turns(drawer, 'assistant').first().locator('> *').boundingBox();
    const cBox = await turns(drawer, 'customer').first().locator('> *').boundingBox();
    expect(aBox && cBox && cBox.x + cBox.width > aBox.x + aBox.width).toBeTruthy();
    await expect(drawer.getByRole('table', { name: 'Variables' }).or(drawer.getByText('No variables were collected.'))).toBeVisible();

    // The list form, as hosted call endpoints send it.
    await patchCall(page, second.id, (call) => ({
      ...call,
      transcript: [
        { sender: 'bot', type: 'text', text: 'Good morning, this is Alex from the clinic.', timestamp: '2026-01-05T10:00:03Z' },
        { sender: 'human', type: 'text', text: 'Hi Alex, I wanted to move my appointment.', timestamp: '2026-01-05T10:00:08Z' },
        { sender: 'bot', type: 'text', text: 'Of course. Which day suits you?', timestamp: '2026-01-05T10:00:12Z' },
      ],
    }));
    await page.goto(`/calls/${second.id}`);
    const drawer2 = page.getByRole('dialog');
    await expect(turns(drawer2, 'assistant')).toHaveCount(2);
    await expect(turns(drawer2, 'customer')).toHaveCount(1);
    await expect(turns(drawer2, 'assistant').first()).toContainText('Good morning, this is Alex from the clinic.');
    await expect(turns(drawer2, 'customer').first()).toContainText('Hi Alex, I wanted to move my appointment.');
  });

  test('the recording plays, changes speed and downloads; only web addresses reach a player', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    const withRecording = (await api.calls({ status: 'completed', per_page: 100 })).data.find((c) => c.recording_url);
    if (!withRecording) throw new Error('No completed demo call with a recording.');
    await page.goto(`/calls/${withRecording.id}`);
    const player = page.getByTestId('recording-player');
    await expect(player).toBeVisible();
    const audio = player.locator('audio');
    await audio.evaluate(
      (el: HTMLAudioElement) =>
        new Promise<void>((resolve) => {
          if (el.readyState >= 1) resolve();
          else el.addEventListener('loadedmetadata', () => resolve(), { once: true });
        }),
    );
    expect(await audio.evaluate((el: HTMLAudioElement) => el.duration)).toBeGreaterThan(0);

    await player.getByRole('button', { name: 'Play recording' }).click();
    await expect(player.getByRole('button', { name: 'Pause recording' })).toBeVisible();
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(0);
    await player.getByText('2x', { exact: true }).click();
    expect(await audio.evaluate((el: HTMLAudioElement) => el.playbackRate)).toBe(2);
    await player.getByRole('button', { name: 'Pause recording' }).click();
    await expect(player.getByRole('button', { name: 'Play recording' })).toBeVisible();
    expect(await audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);

    // Seek with the keyboard on the slider.
    const before = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
    await player.getByRole('slider', { name: 'Seek' }).focus();
    await page.keyboard.press('End');
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(before);

    const download = page.waitForEvent('download');
    await player.getByRole('link', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.wav$/);

    // Not a web address: no media element, no link.
    await patchCall(page, withRecording.id, (call) => ({ ...call, recording_url: 'javascript:window.__xss=4' }));
    await page.goto(`/calls/${withRecording.id}`);
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText('not a web address');
    await expect(drawer.locator('audio')).toHaveCount(0);
    await expect(drawer.locator('a[href^="javascript"]')).toHaveCount(0);
  });

  test('markup and script-like text from the API shows as text and runs nothing', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    const [a, b] = (await api.calls({ status: 'completed', per_page: 2 })).data;
    if (!a || !b) throw new Error('Fewer than two completed demo calls.');
    const hostileText = `AI: Hello ${HOSTILE.img}\nUser: ${HOSTILE.script} and ${HOSTILE.link}`;
    await patchCall(page, a.id, (call) => ({
      ...call,
      assistant_name: HOSTILE.img,
      transcript: hostileText,
      variables: { [HOSTILE.img]: HOSTILE.script },
      evaluation: [{ name: 'summary', value: HOSTILE.link }],
      webhook_response: { body: HOSTILE.script },
    }));
    await patchCall(page, b.id, (call) => ({
      ...call,
      transcript: [
        { sender: 'bot', text: HOSTILE.img, timestamp: null },
        { sender: 'human', text: HOSTILE.script, timestamp: null },
      ],
    }));

    await page.goto(`/calls/${a.id}`);
    const drawer = page.getByRole('dialog');
    await expect(turns(drawer, 'assistant').first()).toContainText(`Hello ${HOSTILE.img}`);
    await expect(turns(drawer, 'customer').first()).toContainText(`${HOSTILE.script} and ${HOSTILE.link}`);
    await expect(drawer.getByRole('table', { name: 'Variables' })).toContainText(HOSTILE.img);
    await expect(drawer.getByRole('table', { name: 'Variables' })).toContainText(HOSTILE.script);
    await expect(drawer.getByRole('table', { name: 'Evaluation' })).toContainText(HOSTILE.link);
    await expect(drawer.getByLabel('webhook response', { exact: true })).toContainText('<script>window.__xss=2</script>');
    await expect(drawer).toContainText(HOSTILE.img);
    await expect(drawer.locator('img[src="x"], script:not([src]), a[href^="javascript"]')).toHaveCount(0);

    await page.goto(`/calls/${b.id}`);
    await expect(turns(page.getByRole('dialog'), 'assistant').first()).toContainText(HOSTILE.img);
    await expect(turns(page.getByRole('dialog'), 'customer').first()).toContainText(HOSTILE.script);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  });
});

test.describe('charts and export', () => {
  // Each reads up to 2,000 calls page by page.
  test.describe.configure({ timeout: 90_000 });
  test('the charts draw over the current filter and say what they cover', async ({ signedInPage: page }) => {
    await page.goto('/calls?status=completed');
    const total = await totalShown(page);
    await page.getByRole('button', { name: 'Charts' }).click();
    await expect(page).toHaveURL(/charts=true/);
    const charts = page.getByTestId('call-charts');
    await expect(charts).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });
    await expect(page.getByTestId('chart-coverage')).toContainText(total > 2000 ? 'The latest 2,000' : `All ${total.toLocaleString('en-US')} matching calls`);
    await expect(charts).toContainText('Status: Completed');
    for (const id of ['chart-calls-per-day', 'chart-minutes-per-day', 'chart-cost-per-day', 'chart-answered-by']) {
      const card = page.getByTestId(id);
      await expect(card.locator('svg.recharts-surface').first()).toBeVisible();
    }
    await expect(page.getByTestId('chart-calls-per-day').locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(page.getByTestId('chart-cost-per-day').locator('.recharts-line-curve, path.recharts-curve').first()).toBeVisible();
    await expect(page.getByTestId('chart-answered-by').locator('.recharts-pie-sector').first()).toBeVisible();
    await saveScreenshot(page, 'calls-charts-desktop');

    // All calls: capped at the latest 2,000, with a progress bar on the way.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(charts).toHaveAttribute('data-complete', 'true', { timeout: 40_000 });
    await expect(page.getByTestId('chart-coverage')).toContainText(/The latest 2,000 of [\d,]+ matching calls|All 2,0\d\d matching calls/);
  });

  test('export gives a CSV with one row per call of the filter', async ({ signedInPage: page }) => {
    await page.goto('/calls?type=inbound');
    const total = await totalShown(page);
    expect(total).toBeGreaterThan(100);
    const download = page.waitForEvent('download', { timeout: 40_000 });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByTestId('export-dialog')).toBeVisible();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^calls-type-inbound-.*\.csv$/);
    await expect(page.getByTestId('export-done')).toContainText(`Exported ${total.toLocaleString('en-US')} calls`);
    const path = await file.path();
    const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(total);
    expect(parsed.meta.fields).toEqual([
      'Call ID',
      'Date and time',
      'Type',
      'Status',
      'Assistant',
      'Campaign',
      'Client number',
      'Assistant number',
      'Duration',
      'Duration (seconds)',
      'Answered by',
      'Total cost',
      'Transcript',
    ]);
    expect(new Set(parsed.data.map((r) => r.Type))).toEqual(new Set(['inbound']));
    expect(new Set(parsed.data.map((r) => r['Call ID'])).size).toBe(total);
    expect(parsed.data.some((r) => /^(Assistant|Customer): /m.test(r.Transcript ?? ''))).toBe(true);
    await page.getByTestId('export-dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('export-dialog')).toHaveCount(0);
  });

  test('a long export can be cancelled', async ({ signedInPage: page }) => {
    // Slow pages, so there is time to press Cancel.
    await page.route('**/api/user/calls?**', async (route) => {
      if (new URL(route.request().url()).searchParams.get('per_page') === '100') await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.goto('/calls');
    await fresh(page);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByTestId('export-progress')).toContainText(/of 2,0\d\d calls loaded/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('export-dialog')).toHaveCount(0);
    await page.waitForTimeout(1000);
    expect(downloaded).toBe(false);
  });
});

test.describe('screenshots', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`call log and a call at ${name} width`, async ({ signedInPage: page, request, demoToken }) => {
      await page.setViewportSize(viewport);
      await page.goto('/calls');
      await fresh(page);
      await saveScreenshot(page, `calls-log-${name}`, { fullPage: false });
      const api = serviceApi(request, demoToken);
      const call = (await api.calls({ status: 'completed', per_page: 100 })).data.find((c) => c.recording_url && c.campaign_name);
      if (!call) throw new Error('No completed campaign call with a recording.');
      await page.goto(`/calls/${call.id}`);
      await expect(page.getByRole('dialog').getByRole('list', { name: 'Transcript' })).toBeVisible();
      await saveScreenshot(page, `calls-drawer-${name}`, { fullPage: false });
      if (name === 'phone') {
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Filters', exact: true }).click();
        await saveScreenshot(page, `calls-filters-${name}`, { fullPage: false });
      }
    });
  }
});
