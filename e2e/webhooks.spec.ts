import type { Locator, Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expect, test } from './fixtures';
import { ApiRefusal, RUN_ID, serviceApi, type ServiceApi } from './fixtures/assistants-api';
import { EXPECTED } from '../src/server/test/stand-ins/hosted-service-fixtures';
import { startReceiver } from '../src/server/test/stand-ins/webhook-receiver';
import { saveScreenshot } from './support/screenshots';
import { startSessionInStorage } from './support/session';

/*
 * The console's call and webhook actions against the local service, whose engine plays calls through
 * and whose dispatcher delivers webhooks for real (playwright.config.ts starts it with
 * ALLOW_PRIVATE_WEBHOOKS=1, so a receiver on 127.0.0.1 is allowed):
 * - a test call from an outbound assistant's page to a test number shows its steps and ends with a transcript;
 * - a post-call delivery to a receiver answering 500 is listed as pending with the 500; "Resend" after the
 *   receiver recovers delivers it with a 200, same webhook-id, signed with the account's secret;
 * - a simulated call on an inbound assistant plays through;
 * - Settings shows the signing secret masked, and on request.
 * Test numbers (README): +1 … 555-0100 always completes, fast.
 */

const TEST_NUMBER = '+1 202 555 0100';

async function freeInboundNumber(api: ServiceApi, name: string): Promise<{ id: number }> {
  // Other spec files take free numbers too: try each until one is ours.
  for (const n of await api.phoneNumbers('inbound')) {
    try {
      return await api.createAssistant({ assistant_name: name, calls_direction: 'receive', phone_number_id: n.id });
    } catch (e) {
      if (!(e instanceof ApiRefusal && e.status === 422)) throw e;
    }
  }
  throw new Error('The demo seed has no free inbound number.');
}

async function expectStep(dialog: Locator, step: string, state: string) {
  await expect(dialog.locator(`[data-testid="call-step"][data-step="${step}"]`)).toHaveAttribute('data-state', state, { timeout: 20_000 });
}

async function fillNumber(page: Page, label: string, number: string) {
  const input = page.getByRole('dialog').getByRole('textbox', { name: label, exact: true });
  await input.fill(number);
  await input.blur();
}

test('a test call from an outbound assistant shows its steps live and ends with a transcript', async ({ signedInPage: page, request, demoToken }) => {
  test.setTimeout(90_000);
  const api = serviceApi(request, demoToken);
  const assistant = await api.createAssistant({ assistant_name: `E2E test call ${RUN_ID}`, initial_message: 'Hello, this is the e2e assistant.' });
  try {
    await page.goto(`/assistants/${assistant.id}`);
    await page.getByRole('button', { name: 'Test call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test call' });
    await fillNumber(page, 'Number to call', TEST_NUMBER);
    await expect(dialog.getByTestId('phone-e164')).toHaveText('Saved as +12025550100');
    await saveScreenshot(page, 'test-call-form', { fullPage: false });

    const placed = page.waitForResponse((r) => r.url().endsWith('/api/user/make_call') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Place test call' }).click();
    expect((await placed).status()).toBe(200);

    // Test numbers ring at +1 s, answer at +3 s, hang up at +9 s, and settle 2 s later.
    await expectStep(dialog, 'ringing', 'current');
    await expectStep(dialog, 'in-progress', 'current');
    await saveScreenshot(page, 'test-call-in-progress', { fullPage: false });
    await expect(dialog.getByTestId('call-outcome')).toContainText('Completed', { timeout: 30_000 });
    for (const step of ['initiated', 'ringing', 'in-progress', 'ended', 'outcome']) await expectStep(dialog, step, 'done');
    const transcript = dialog.getByRole('list', { name: 'Transcript' });
    await expect(transcript.getByRole('listitem').first()).toContainText('Hello, this is the e2e assistant.');
    await expect(dialog.getByRole('link', { name: 'Open in the call log' })).toBeVisible();
    await saveScreenshot(page, 'test-call-ended', { fullPage: false });
  } finally {
    await api.deleteAssistant(assistant.id);
  }
});

test('a failed delivery is listed on the assistant page, and "Resend" delivers it', async ({ signedInPage: page, request, demoToken }) => {
  test.setTimeout(120_000);
  const api = serviceApi(request, demoToken);
  let answer = 500;
  const receiver = await startReceiver(() => answer);
  const assistant = await api.createAssistant({ assistant_name: `E2E deliveries ${RUN_ID}`, is_webhook_active: true, webhook_url: `${receiver.url}/${RUN_ID}` });
  try {
    const started = await api.call<{ call_id: number }>('POST', '/user/make_call', { phone_number: '+12025550100', assistant_id: assistant.id, variables: {} });

    await page.goto(`/assistants/${assistant.id}`);
    // The cards below the form's first screen load when they come near.
    await page.locator('#section-webhooks').evaluate((el) => el.scrollIntoView());
    const card = page.getByRole('region', { name: 'Webhook deliveries' });
    await card.scrollIntoViewIfNeeded();
    // The call settles after ~11 s; the first attempt follows within a tick and gets the 500.
    const row = card.getByTestId('delivery-row').first();
    await expect(row.getByTestId('delivery-status-code')).toHaveText('500', { timeout: 40_000 });
    await expect(row.getByTestId('delivery-outcome')).toHaveAttribute('data-status', /pending|failed/);
    await expect(row.getByRole('link', { name: `#${started.call_id}` })).toBeVisible();
    await expect(row).toContainText('Call ended');
    await saveScreenshot(page, 'assistant-deliveries-failed', { fullPage: false });

    // The drawer: the payload as sent and the receiver's answer.
    await row.click();
    const drawer = page.getByTestId('delivery-drawer');
    await expect(drawer.getByTestId('delivery-response')).toHaveText('nope 500');
    await expect(drawer.getByLabel('payload', { exact: true })).toContainText(`"id": ${started.call_id}`);
    await expect(drawer.getByLabel('payload', { exact: true })).toContainText('"customer_phone": "+12025550100"');
    await saveScreenshot(page, 'assistant-delivery-drawer', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);

    // The receiver is back: resend from the list.
    answer = 200;
    const clickedAt = Date.now();
    await row.getByRole('button', { name: /Resend delivery/ }).click();
    await expect(page.getByText(/Delivery queued/)).toBeVisible();
    await expect(row.getByTestId('delivery-outcome')).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 });
    await expect(row.getByTestId('delivery-status-code')).toHaveText('200');
    await saveScreenshot(page, 'assistant-deliveries-resent', { fullPage: false });

    // One delivery, one webhook-id throughout; the one after the click answered 200 and verifies with the account's secret.
    expect(new Set(receiver.received.map((h) => h.webhookId)).size).toBe(1);
    const delivered = receiver.received.filter((h) => h.answered === 200 && h.receivedAt >= clickedAt);
    expect(delivered.length).toBeGreaterThanOrEqual(1);
    const { data } = await api.call<{ data: { secret: string } }>('GET', '/user/webhook-secret');
    const payload = new Webhook(data.secret).verify(delivered[0]!.body, delivered[0]!.headers) as Record<string, unknown>;
    expect(payload.id).toBe(started.call_id);
  } finally {
    await api.deleteAssistant(assistant.id);
    await receiver.close();
  }
});

test('a simulated call on an inbound assistant plays through', async ({ signedInPage: page, request, demoToken }) => {
  test.setTimeout(90_000);
  const api = serviceApi(request, demoToken);
  const assistant = await freeInboundNumber(api, `E2E simulate ${RUN_ID}`);
  try {
    await page.goto(`/assistants/${assistant.id}`);
    await page.getByRole('button', { name: 'Simulate a call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Simulate a call' });
    await fillNumber(page, 'Caller’s number', TEST_NUMBER);
    await dialog.getByRole('button', { name: 'Start the call' }).click();
    await expectStep(dialog, 'in-progress', 'current');
    await expect(dialog.getByTestId('call-outcome')).toContainText(/Completed|Ended by/, { timeout: 30_000 });
    await expect(dialog.getByRole('list', { name: 'Transcript' })).toBeVisible();
    await saveScreenshot(page, 'simulate-call-ended', { fullPage: false });
  } finally {
    await api.deleteAssistant(assistant.id);
  }
});

test('Settings shows the signing secret masked, and on request', async ({ signedInPage: page, request, demoToken }) => {
  const api = serviceApi(request, demoToken);
  const { data } = await api.call<{ data: { secret: string } }>('GET', '/user/webhook-secret');
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Webhook signing secret' });
  const value = card.getByTestId('signing-secret');
  await expect(value).toContainText('whsec_••••');
  await expect(value).not.toContainText(data.secret);
  await card.getByRole('button', { name: 'Show secret' }).click();
  await expect(value).toHaveText(data.secret);
  await card.getByRole('button', { name: 'Hide secret' }).click();
  await expect(value).not.toContainText(data.secret);
  await saveScreenshot(page, 'settings-signing-secret');
});

test.describe('against the hosted service, which has no delivery log and signs nothing', () => {
  test.use({ baseURL: `http://127.0.0.1:${process.env.VC_E2E_HOSTED_PORT}` });

  test('the deliveries card and the secret card say so quietly', async ({ page, context }) => {
    const revision = 'current';
    await startSessionInStorage(context, `${revision}-hosted-token-0001`);
    await page.goto(`/assistants/${EXPECTED[revision].assistant.id}`);
    // The cards below the form's first screen load when they come near.
    await page.locator('#section-webhooks').evaluate((el) => el.scrollIntoView());
    const card = page.getByRole('region', { name: 'Webhook deliveries' });
    await expect(card.getByTestId('deliveries-not-offered')).toHaveText(/Not offered by this service/);
    await expect(card.getByRole('alert')).toHaveCount(0);

    await page.goto('/settings');
    const secret = page.getByRole('region', { name: 'Webhook signing secret' });
    await expect(secret.getByTestId('secret-not-offered')).toHaveText(/Not offered by this service/);
    await expect(secret.getByRole('alert')).toHaveCount(0);
    await saveScreenshot(page, 'hosted-settings-signing-secret');
  });
});
