import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { RUN_ID, serviceApi, type ApiTool } from './fixtures/assistants-api';
import { leadsApi } from './fixtures/leads-api';
import { FaultProxy, type Fault, type FaultMatch } from './support/fault-proxy';
import { saveScreenshot } from './support/screenshots';
import { demoToken as readDemoToken } from './support/tokens';

/*
 * The console under faults. A proxy (e2e/support/fault-proxy.ts) stands between the browser and the
 * real local service and serves everything, console and API, from one origin; each test opens the
 * console at the proxy, breaks one kind of request, saves, and checks that:
 * - what was typed is still there,
 * - the form says what happened in words a person understands (never the browser's or the parser's),
 * - saving again once the fault is gone works,
 * - the service got the change once per press of the button (the proxy counts what it forwarded).
 */

const SERVICE = `http://127.0.0.1:${process.env.VC_E2E_PORT}`;
let proxy: FaultProxy;
/** Setting up and reading back, straight to the service (hooks that run once have no `request`). */
let direct: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  proxy = await FaultProxy.start(SERVICE);
  direct = await playwright.request.newContext({ baseURL: SERVICE });
});
test.afterAll(async () => {
  await proxy.close();
  await direct.dispose();
});
test.beforeEach(() => {
  proxy.clear();
  proxy.resetLog();
});

type ErrorFault = Exclude<Fault, 'slow'>;
const ERROR_FAULTS: readonly ErrorFault[] = ['down', 'error500', 'malformed'];

/** What a person is told, per fault: for a PUT (repeating it is harmless) and for a POST. */
const SAYS: Record<ErrorFault, { put: RegExp; post: RegExp }> = {
  down: {
    put: /Could not reach the service\. Check your internet connection and the API host, then try again\./,
    post: /Could not reach the service\. Check your internet connection and the API host, then try again\./,
  },
  error500: {
    put: /The service ran into a problem \(HTTP 500\)\. Try again in a moment\./,
    post: /The service ran into a problem \(HTTP 500\)\. Try again in a moment\./,
  },
  malformed: {
    put: /its answer was cut off or garbled, so it is not known whether this was saved\. Trying again is safe\./,
    post: /its answer was cut off or garbled, so it is not known whether this was saved\. Check whether it went through before trying again/,
  },
};

/** The words a person must never be shown. */
const JARGON = /Failed to fetch|NetworkError|Load failed|Unexpected token|Unexpected end of JSON|SyntaxError|TypeError|is not valid JSON/;

/** Whether the service got the request: no for a dropped connection or a crash, yes otherwise. */
const reachesService = (fault: Fault) => fault === 'malformed' || fault === 'slow';

async function expectPlainError(page: Page, form: Locator, said: RegExp) {
  const alert = form.getByRole('alert').filter({ hasText: said });
  await expect(alert).toBeVisible();
  await expect(page.locator('body')).not.toContainText(JARGON);
  // A save that may have gone through is never headed "not saved".
  if (said === SAYS.malformed.put || said === SAYS.malformed.post) {
    await expect(alert).toContainText('It is not known whether this was saved');
    await expect(alert).not.toContainText(/not saved|not created/i);
  }
  await alert.scrollIntoViewIfNeeded();
}

/**
 * The console's own requests that match, counted in the page (one per fetch). The proxy's `seen` can be
 * higher for `down`: Chromium sends a request again by itself when a reused connection closes without
 * an answer, below anything the console does; what matters is that the console asked once per press
 * and that the service got it at most once.
 */
function watchRequests(page: Page, match: FaultMatch): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === (match.method ?? r.method()) && match.path.test(new URL(r.url()).pathname)) n += 1;
  });
  return () => n;
}

async function visit(page: Page, path: string) {
  await page.goto(`${proxy.url}${path}`);
}

test.describe('the assistant form under faults', () => {
  let assistantId = 0;
  test.beforeAll(async () => {
    assistantId = (await serviceApi(direct, readDemoToken()).createAssistant({ assistant_name: `Faults ${RUN_ID}` })).id;
  });
  test.afterAll(async () => {
    await serviceApi(direct, readDemoToken()).deleteAssistant(assistantId);
  });

  const save: FaultMatch = { method: 'PUT', path: /^\/api\/user\/assistant\/\d+$/ };

  for (const fault of ERROR_FAULTS) {
    test(`${fault}: the edit is kept, explained, and saved by the retry once`, async ({ signedInPage: page, request, demoToken }) => {
      const name = `Faults ${fault} ${RUN_ID}`;
      const prompt = `You answer after a ${fault} fault.`;
      const sent = watchRequests(page, save);
      await visit(page, `/assistants/${assistantId}`);
      const form = page.getByRole('form', { name: 'Assistant' });
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await form.getByRole('textbox', { name: 'System prompt' }).fill(prompt);

      proxy.fail(save, fault);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expectPlainError(page, form, SAYS[fault].put);
      await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
      await expect(form.getByRole('textbox', { name: 'System prompt' })).toHaveValue(prompt);
      await expect(form.getByText('Unsaved changes')).toBeVisible();
      await expect(form.getByRole('button', { name: 'Save changes' })).toBeEnabled();
      await saveScreenshot(page, `fault-assistant-${fault}`, { fullPage: false });
      expect(proxy.count(save).forwarded).toBe(reachesService(fault) ? 1 : 0);

      proxy.clear();
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Your changes were saved.')).toBeVisible();
      await expect(form.getByText('No changes')).toBeVisible();
      await expect(form.getByRole('alert')).toHaveCount(0);
      expect(sent()).toBe(2);
      expect(proxy.count(save).forwarded).toBe(reachesService(fault) ? 2 : 1);

      const stored = await serviceApi(request, demoToken).assistant(assistantId);
      expect(stored).toMatchObject({ name, system_prompt: prompt });
    });
  }

  test('slow: the save waits, says so, cannot be sent twice, and lands once', async ({ signedInPage: page, request, demoToken }) => {
    test.setTimeout(60_000);
    const name = `Faults slow ${RUN_ID}`;
    await visit(page, `/assistants/${assistantId}`);
    const form = page.getByRole('form', { name: 'Assistant' });
    const nameBox = form.getByRole('textbox', { name: 'Name', exact: true });
    await nameBox.fill(name);

    proxy.fail(save, 'slow');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('Saving…')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await nameBox.press('Enter'); // a second submit while the first is in flight
    await expect(form.getByText(/Still saving/)).toBeVisible({ timeout: 8_000 });
    await saveScreenshot(page, 'fault-assistant-slow', { fullPage: false });
    proxy.releaseSlow();
    await expect(page.getByText('Your changes were saved.')).toBeVisible({ timeout: 20_000 });
    expect(proxy.count(save)).toEqual({ seen: 1, forwarded: 1 });
    expect((await serviceApi(request, demoToken).assistant(assistantId)).name).toBe(name);
  });
});

test.describe('the tool form under faults', () => {
  // A seeded tool is edited and put back afterwards: the demo account's tool count (which other specs
  // read while this one runs) never changes.
  let original: ApiTool | undefined;
  test.beforeAll(async () => {
    original = (await serviceApi(direct, readDemoToken()).tools()).find((t) => t.name === 'lookup_order');
    if (!original) throw new Error('The demo seed has no lookup_order tool.');
  });
  test.afterAll(async () => {
    if (!original) return;
    const { description, endpoint, method, timeout, headers, schema } = original;
    await serviceApi(direct, readDemoToken()).call('PUT', `/user/tools/${original.id}`, { description, endpoint, method, timeout, headers, schema });
  });

  const save: FaultMatch = { method: 'PUT', path: /^\/api\/user\/tools\/\d+$/ };

  for (const fault of [...ERROR_FAULTS, 'slow'] as const) {
    test(`${fault}: the edit is kept, explained, and saved by the retry once`, async ({ signedInPage: page, request, demoToken }) => {
      test.setTimeout(60_000);
      const api = serviceApi(request, demoToken);
      const tool = original!;
      const description = `Looks up an order; saved through a ${fault} fault.`;
      const endpoint = `https://api.example.com/orders/${fault}`;

      const sent = watchRequests(page, save);
      await visit(page, `/tools/${tool.id}`);
      const form = page.getByRole('form', { name: 'Mid-call tool' });
      await form.getByRole('textbox', { name: 'Description', exact: true }).fill(description);
      await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(endpoint);

      proxy.fail(save, fault);
      await form.getByRole('button', { name: 'Save changes' }).click();
      if (fault === 'slow') {
        await expect(form.getByRole('button', { name: 'Save changes' })).toBeDisabled();
        await form.getByRole('textbox', { name: 'Endpoint URL' }).press('Enter');
        await expect(form.getByText(/Still saving/)).toBeVisible({ timeout: 8_000 });
        await saveScreenshot(page, 'fault-tool-slow', { fullPage: false });
        proxy.releaseSlow();
        await expect(page.getByText('“lookup_order” was saved.')).toBeVisible({ timeout: 20_000 });
        expect(sent()).toBe(1);
        expect(proxy.count(save)).toEqual({ seen: 1, forwarded: 1 });
      } else {
        await expectPlainError(page, form, SAYS[fault].put);
        await expect(form.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(description);
        await expect(form.getByRole('textbox', { name: 'Endpoint URL' })).toHaveValue(endpoint);
        await saveScreenshot(page, `fault-tool-${fault}`, { fullPage: false });
        expect(proxy.count(save).forwarded).toBe(reachesService(fault) ? 1 : 0);

        proxy.clear();
        await form.getByRole('button', { name: 'Save changes' }).click();
        await expect(page).toHaveURL(/\/tools$/);
        await expect(page.getByText('“lookup_order” was saved.')).toBeVisible();
        expect(sent()).toBe(2);
        expect(proxy.count(save).forwarded).toBe(reachesService(fault) ? 2 : 1);
      }

      const stored = (await api.tools()).find((t) => t.id === tool.id);
      expect(stored).toMatchObject({ description, endpoint });
    });
  }
});

test.describe('the lead forms under faults', () => {
  let campaignId = 0;
  test.beforeAll(async () => {
    campaignId = (await leadsApi(direct, readDemoToken()).createCampaign(`E2E faults ${RUN_ID}`)).id;
  });

  const create: FaultMatch = { method: 'POST', path: /^\/api\/user\/lead$/ };
  const update: FaultMatch = { method: 'PUT', path: /^\/api\/user\/leads\/\d+$/ };
  const numbers: Record<Fault, { typed: string; shown: string; e164: string }> = {
    down: { typed: '2125550171', shown: '(212) 555-0171', e164: '+12125550171' },
    error500: { typed: '2125550172', shown: '(212) 555-0172', e164: '+12125550172' },
    slow: { typed: '2125550173', shown: '(212) 555-0173', e164: '+12125550173' },
    malformed: { typed: '2125550174', shown: '(212) 555-0174', e164: '+12125550174' },
  };

  async function fillNewLead(page: Page, fault: Fault) {
    await visit(page, `/leads/new?campaign=${campaignId}`);
    const form = page.getByRole('form', { name: 'New lead' });
    await expect(form.getByRole('combobox', { name: 'Campaign', exact: true })).toHaveValue(`E2E faults ${RUN_ID}`);
    const picker = form.getByRole('combobox', { name: 'Country of phone number' });
    await picker.click();
    await picker.fill('united states');
    await page.getByRole('option', { name: /United States/ }).first().click();
    await form.getByRole('textbox', { name: 'Phone number', exact: true }).pressSequentially(numbers[fault].typed);
    await form.getByLabel('Customer name').fill(`Faulty ${fault}`);
    await form.getByRole('button', { name: 'Add variable' }).first().click();
    await form.getByLabel('Variable 1 name').fill('fault');
    await form.getByLabel('Variable 1 value').fill(fault);
    return form;
  }

  for (const fault of ['down', 'error500'] as const) {
    test(`new lead, ${fault}: kept, explained, created by the retry once`, async ({ signedInPage: page, request, demoToken }) => {
      const sent = watchRequests(page, create);
      const form = await fillNewLead(page, fault);
      proxy.fail(create, fault);
      await form.getByRole('button', { name: 'Create lead' }).click();
      await expectPlainError(page, form, SAYS[fault].post);
      await expect(form.getByRole('textbox', { name: 'Phone number', exact: true })).toHaveValue(numbers[fault].shown);
      await expect(form.getByLabel('Customer name')).toHaveValue(`Faulty ${fault}`);
      await expect(form.getByLabel('Variable 1 value')).toHaveValue(fault);
      await saveScreenshot(page, `fault-lead-new-${fault}`, { fullPage: false });
      expect(proxy.count(create).forwarded).toBe(0);

      proxy.clear();
      await form.getByRole('button', { name: 'Create lead' }).click();
      await expect(page).toHaveURL(/\/leads\?campaign=/);
      expect(sent()).toBe(2);
      expect(proxy.count(create).forwarded).toBe(1);
      const stored = (await leadsApi(request, demoToken).leadsOf(campaignId)).filter((l) => l.phone_number === numbers[fault].e164);
      expect(stored).toHaveLength(1);
      expect(stored[0]!.variables).toMatchObject({ customer_name: `Faulty ${fault}`, fault });
    });
  }

  test('new lead, slow: waits, says so, cannot be sent twice, created once', async ({ signedInPage: page, request, demoToken }) => {
    test.setTimeout(60_000);
    const form = await fillNewLead(page, 'slow');
    proxy.fail(create, 'slow');
    await form.getByRole('button', { name: 'Create lead' }).click();
    await expect(form.getByRole('button', { name: 'Create lead' })).toBeDisabled();
    await form.getByLabel('Customer name').press('Enter');
    await expect(form.getByText(/Still saving/)).toBeVisible({ timeout: 8_000 });
    await saveScreenshot(page, 'fault-lead-new-slow', { fullPage: false });
    proxy.releaseSlow();
    await expect(page).toHaveURL(/\/leads\?campaign=/, { timeout: 20_000 });
    expect(proxy.count(create)).toEqual({ seen: 1, forwarded: 1 });
    const stored = (await leadsApi(request, demoToken).leadsOf(campaignId)).filter((l) => l.phone_number === numbers.slow.e164);
    expect(stored).toHaveLength(1);
  });

  test('new lead, malformed answer: says it may have gone through, does not send it again by itself', async ({ signedInPage: page, request, demoToken }) => {
    const form = await fillNewLead(page, 'malformed');
    proxy.fail(create, 'malformed');
    await form.getByRole('button', { name: 'Create lead' }).click();
    await expectPlainError(page, form, SAYS.malformed.post);
    await expect(form.getByLabel('Customer name')).toHaveValue('Faulty malformed');
    await saveScreenshot(page, 'fault-lead-new-malformed', { fullPage: false });
    expect(proxy.count(create)).toEqual({ seen: 1, forwarded: 1 });
    const stored = (await leadsApi(request, demoToken).leadsOf(campaignId)).filter((l) => l.phone_number === numbers.malformed.e164);
    expect(stored).toHaveLength(1);
  });

  for (const fault of ERROR_FAULTS) {
    test(`edit lead, ${fault}: kept, explained, saved by the retry once`, async ({ signedInPage: page, request, demoToken }) => {
      const api = leadsApi(request, demoToken);
      const phone = `+1212555018${ERROR_FAULTS.indexOf(fault)}`;
      const lead = await api.createLead({ campaign_id: campaignId, phone_number: phone, variables: { plan: 'basic' } });
      const sent = watchRequests(page, update);
      await visit(page, `/leads/${lead.id}`);
      const form = page.getByRole('form', { name: 'Edit lead' });
      await form.getByLabel('Variable 1 value').fill(`after ${fault}`);
      await form.getByRole('button', { name: 'Add variable' }).click();
      await form.getByLabel('Variable 2 name').fill('region');
      await form.getByLabel('Variable 2 value').fill('north');

      proxy.fail(update, fault);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expectPlainError(page, form, SAYS[fault].put);
      await expect(form.getByLabel('Variable 1 value')).toHaveValue(`after ${fault}`);
      await expect(form.getByLabel('Variable 2 value')).toHaveValue('north');
      await saveScreenshot(page, `fault-lead-edit-${fault}`, { fullPage: false });
      expect(proxy.count(update).forwarded).toBe(reachesService(fault) ? 1 : 0);

      proxy.clear();
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(page).toHaveURL(/\/leads\?campaign=/);
      expect(sent()).toBe(2);
      expect(proxy.count(update).forwarded).toBe(reachesService(fault) ? 2 : 1);
      const stored = (await api.leadsOf(campaignId)).find((l) => l.id === lead.id);
      expect(stored?.variables).toMatchObject({ plan: `after ${fault}`, region: 'north' });
    });
  }
});

test.describe('a list while the API is down', () => {
  test('the tools list shows its error state, and Retry loads it once the API is back', async ({ signedInPage: page }) => {
    proxy.fail({ method: 'GET', path: /^\/api\/user\/tools$/ }, 'down');
    await visit(page, '/tools');
    const state = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Retry' }) });
    // The client repeats a failed GET a few times (backoff) before it gives up.
    await expect(state).toBeVisible({ timeout: 15_000 });
    await expect(state).toContainText('Could not reach the service. Check your internet connection and the API host, then try again.');
    await expect(page.locator('body')).not.toContainText(JARGON);
    await saveScreenshot(page, 'fault-tools-list-down');
    expect(proxy.count({ method: 'GET', path: /^\/api\/user\/tools$/ }).forwarded).toBe(0);

    proxy.clear();
    await state.getByRole('button', { name: 'Retry' }).click();
    await expect(state).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'New tool' })).toBeVisible();
    await expect(page.getByTestId('tool-quota')).toBeVisible();
  });

  test('the assistants list answers 500: error state, then Retry', async ({ signedInPage: page }) => {
    const list: FaultMatch = { method: 'GET', path: /^\/api\/user\/assistants\/get$/ };
    proxy.fail(list, 'error500');
    await visit(page, '/assistants');
    const state = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Retry' }) });
    await expect(state).toBeVisible({ timeout: 15_000 });
    await expect(state).toContainText('The service ran into a problem (HTTP 500). Try again in a moment.');
    await saveScreenshot(page, 'fault-assistants-list-500');
    proxy.clear();
    await state.getByRole('button', { name: 'Retry' }).click();
    await expect(state).toHaveCount(0);
  });
});
