import { expect, test } from './fixtures';
import { EXPECTED } from '../src/server/test/stand-ins/hosted-service-fixtures';
import { RUN_ID, serviceApi, type ServiceApi } from './fixtures/assistants-api';
import { startSessionInStorage } from './support/session';
import { DESKTOP, PHONE, saveScreenshot } from './support/screenshots';
import { createOrderTool, removedAfterEach } from './fixtures/order-desk';

/*
 * The Test chat and the Conversations page against the real local service, whose language model is our
 * OpenAI-compatible stand-in (src/server/test/stand-ins/model.ts, started by playwright.config.ts, LLM_BASE_URL pointing at it).
 * The stand-in also serves the mid-call tool the test attaches (`GET /tools/order-status`): the service
 * calls it for real (ALLOW_PRIVATE_URLS=1 lets it reach 127.0.0.1). Its script: a message mentioning an
 * order makes it call the assistant's first tool with {order_id: "A-17"}, and the tool's answer makes it
 * reply "Your order A-17 is shipped."
 */

const hostedPort = process.env.VC_E2E_HOSTED_PORT;
const REPLY = 'Your order A-17 is shipped.';

/** An assistant with the stand-in's order tool, its first message using a variable. */
async function chatAssistant(api: ServiceApi) {
  const tool = await createOrderTool(api);
  const assistant = await api.createAssistant({
    name: `Order desk ${RUN_ID}`,
    initial_message: 'Hello {{customer_name}}, how can I help?',
    variables: { customer_name: 'Ada' },
    tool_ids: [tool.id],
  });
  return { tool, assistant };
}

test.describe('test chat and conversations', () => {
  const made = removedAfterEach();

  test('chats with an assistant, shows its tool call, and finds the conversation on the Conversations page', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    const { tool, assistant } = await chatAssistant(api);
    made.tools.push(tool.id);
    made.assistants.push(assistant.id);

    await page.goto(`/assistants/${assistant.id}`);
    await page.getByRole('button', { name: 'Test chat' }).click();
    const chat = page.getByTestId('test-chat');
    // The assistant's first message, its variable filled from the assistant's own value.
    await expect(chat.getByText('Hello Ada, how can I help?')).toBeVisible();

    const box = chat.getByRole('textbox', { name: 'Message', exact: true });
    await box.fill('Where is my order?');
    await box.press('Enter');
    await expect(chat.getByText(REPLY)).toBeVisible();
    const card = chat.getByRole('group', { name: `Function call ${tool.name}` });
    await expect(card).toContainText('"order_id": "A-17"');
    await expect(card).toContainText('"status": "shipped"');
    await expect(card).toContainText(/took \d/);
    await expect(box).toBeEnabled();
    await saveScreenshot(page, 'test-chat', { fullPage: false });

    await chat.getByRole('link', { name: 'Open in Conversations' }).click();
    await expect(page).toHaveURL(/\/conversations\?open=[0-9a-f-]{36}$/);
    const drawer = page.getByTestId('conversation-drawer');
    await expect(drawer.getByText(REPLY)).toBeVisible();
    await expect(drawer.getByRole('group', { name: `Function call ${tool.name}` })).toContainText('"status": "shipped"');
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);

    // Listed, and the assistant filter lives in the URL: a reload keeps it.
    const row = page.getByTestId('conversation-row').filter({ hasText: assistant.name });
    await expect(row.first()).toBeVisible();
    await expect(row.first()).toContainText('Test');
    await page.getByRole('combobox', { name: 'Assistant' }).click();
    await page.getByRole('option', { name: assistant.name }).click();
    await expect(page).toHaveURL(new RegExp(`assistant_id=${assistant.id}`));
    await page.reload();
    await expect(page.getByTestId('conversation-row')).toHaveCount(1);
    await saveScreenshot(page, 'conversations');

    // AI replies off: the switch says so, and the API agrees.
    const toggle = row.first().getByRole('switch');
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    const list = await api.call<{ data: { assistant_name: string; ai_enabled: boolean }[] }>('GET', `/user/conversations?assistant_id=${assistant.id}`);
    expect(list.data[0]?.ai_enabled).toBe(false);

    // Opened from the list, at phone width too.
    await page.setViewportSize(PHONE);
    await row.first().getByRole('link').click();
    await expect(page.getByTestId('conversation-drawer').getByText(REPLY)).toBeVisible();
    await saveScreenshot(page, 'conversation-phone', { fullPage: false });
    await page.setViewportSize(DESKTOP);
  });

  test('in German', async ({ browser, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    const { tool, assistant } = await chatAssistant(api);
    made.tools.push(tool.id);
    made.assistants.push(assistant.id);
    const context = await browser.newContext({ locale: 'de-DE' });
    await startSessionInStorage(context, demoToken);
    const page = await context.newPage();

    await page.goto(`/assistants/${assistant.id}`);
    await page.getByRole('button', { name: 'Test-Chat' }).click();
    const chat = page.getByTestId('test-chat');
    await expect(chat.getByText('Eingabe sendet, Umschalt+Eingabe beginnt eine neue Zeile.')).toBeVisible();
    const box = chat.getByRole('textbox', { name: 'Nachricht', exact: true });
    await box.fill('Where is my order?');
    await box.press('Enter');
    await expect(chat.getByText(REPLY)).toBeVisible();
    await expect(chat.getByRole('group', { name: `Funktionsaufruf ${tool.name}` })).toContainText('Beantwortet');
    await expect(chat.getByRole('button', { name: 'Neu starten' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(chat).toBeHidden();

    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Unterhaltungen' }).click();
    await expect(page.getByRole('heading', { name: 'Unterhaltungen', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'KI-Antworten' })).toBeVisible();
    await expect(page.getByTestId('conversation-row').filter({ hasText: assistant.name }).first()).toBeVisible();
    await context.close();
  });
});

test.describe('against the hosted service (no conversation API in its stand-in)', () => {
  test.use({ baseURL: `http://127.0.0.1:${hostedPort}` });

  test('the Test chat and the Conversations page say the host does not offer it, without an error box', async ({ context, page }) => {
    await startSessionInStorage(context, 'current-hosted-token-0001');
    await page.goto('/conversations');
    await expect(page.getByTestId('conversations-not-offered')).toBeVisible();
    await page.goto(`/assistants/${EXPECTED.current.assistant.id}`);
    await page.getByRole('button', { name: 'Test chat' }).click();
    await expect(page.getByTestId('host-lacks-chat')).toBeVisible();
  });
});
