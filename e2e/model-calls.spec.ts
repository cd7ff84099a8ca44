import { expect, test } from './fixtures';
import { RUN_ID, serviceApi } from './fixtures/assistants-api';
import { createOrderTool, removedAfterEach } from './fixtures/order-desk';

/*
 * A test call a language model plays (issue 23), against the real local service whose model is the
 * OpenAI-compatible stand-in (src/server/test/stand-ins/model.ts, LLM_BASE_URL pointing at it). The stand-in's order script: a
 * customer turn mentioning an order makes the assistant call its first tool with {order_id: "A-17"}, the
 * tool (served by the stand-in too) answers, and the assistant says the order shipped. The customer is
 * the model too, playing the persona the form sends.
 * Needs the service side of the model-played calls (branch `model-calls`): without it the call is
 * scripted, has no tool call and no latency, and this spec fails.
 */


test.describe('model-played calls', () => {
  const made = removedAfterEach();

  test('a test call with a persona shows the model’s transcript, a tool call on its timeline and the latency panel', async ({
    signedInPage: page,
    request,
    demoToken,
  }) => {
    test.setTimeout(120_000);
    const api = serviceApi(request, demoToken);
    const tool = await createOrderTool(api);
    made.tools.push(tool.id);
    const assistant = await api.createAssistant({
      name: `Order line ${RUN_ID}`,
      initial_message: 'Hello, this is the order line. How can I help?',
      tool_ids: [tool.id],
    });
    made.assistants.push(assistant.id);

    await page.goto(`/assistants/${assistant.id}`);
    await page.getByRole('button', { name: 'Test call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test call' });
    await dialog.getByRole('textbox', { name: /^Number to call/ }).fill('+1 202 555 0100');
    const persona = dialog.getByRole('textbox', { name: 'Caller persona' });
    await persona.fill('Ada, who wants to know where her order A-17 is.');
    await expect(dialog.getByText(/^\d+ \/ 2,000$/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Place test call' }).click();

    const live = dialog.getByTestId('live-call');
    const timeline = live.getByTestId('call-timeline');
    // The model's transcript: the assistant's opening, the customer's words, a tool call where it happened.
    await expect(timeline.getByText('Hello, this is the order line. How can I help?')).toBeVisible({ timeout: 60_000 });
    await expect(timeline.locator('[data-side="customer"]').first()).toBeVisible();
    const card = timeline.getByRole('group', { name: `Function call ${tool.name}` });
    await expect(card).toContainText('"order_id": "A-17"', { timeout: 60_000 });
    await expect(timeline.getByTestId('turn-latency').first()).toContainText(/Model: \d/);

    const panel = live.getByRole('region', { name: 'Model time per turn' });
    await expect(panel).toBeVisible({ timeout: 60_000 });
    await expect(panel.getByTestId('latency-p50')).toContainText(/(ms|s)\b/);
    await expect(panel.getByTestId('latency-p95')).toContainText(/800 ms/);
    await expect(panel.getByRole('table', { name: 'Model time per assistant turn', includeHidden: true })).toContainText(tool.name);
    await expect(live.getByTestId('scripted-note')).toHaveCount(0);

    // The same call in the log says who played it.
    await live.getByRole('link', { name: 'Open in the call log' }).click();
    const drawer = page.getByTestId('call-drawer');
    await expect(drawer.getByText('Played by the language model')).toBeVisible();
    await expect(drawer.getByTestId('latency-panel')).toBeVisible();
  });
});
