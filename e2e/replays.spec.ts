import { expect, test } from './fixtures';
import { RUN_ID, serviceApi } from './fixtures/assistants-api';
import { axeFindings } from './support/a11y';
import { createOrderTool, removedAfterEach } from './fixtures/order-desk';

/*
 * Replays against the real local service, whose language model is our stand-in (src/server/test/stand-ins/model.ts): three calls that
 * failed (the test number +1 202 555 0104 never connects) are replayed from the call log's filter against
 * the assistant as it is now. Each replay is a real call to the number that always answers, its caller the
 * original's persona; the stand-in's assistant looks the order up, so the stand-in judge
 * (src/server/test/stand-ins/judge.ts: more tool calls in the replay) says "better". A pair is opened side by
 * side and kept as a scenario, which then shows on the Tests tab.
 */


test.describe('replays', () => {
  const made = removedAfterEach();

  test('replays three failed calls from the call log filter, opens a pair and saves it as a scenario', async ({ signedInPage: page, request, demoToken }) => {
    test.setTimeout(180_000);
    const api = serviceApi(request, demoToken);
    const tool = await createOrderTool(api);
    made.tools.push(tool.id);
    const assistant = await api.createAssistant({ name: `Replay desk ${RUN_ID}`, initial_message: 'Hello, how can I help?', tool_ids: [tool.id] });
    made.assistants.push(assistant.id);
    for (let i = 0; i < 3; i++) {
      await api.call('POST', '/user/make_call', { assistant_id: assistant.id, phone_number: '+12025550104', persona: `Your name is Ada ${i + 1}. What you want: ask where order A-17 is.` });
    }
    await expect
      .poll(async () => (await api.call<{ total: number }>('GET', `/user/calls?assistant_id=${assistant.id}&status=failed`)).total, { timeout: 60_000 })
      .toBe(3);

    // A call's detail offers the replay of that one call.
    const failedCalls = await api.call<{ data: { id: number }[] }>('GET', `/user/calls?assistant_id=${assistant.id}&status=failed`);
    await page.goto(`/calls/${failedCalls.data[0]!.id}?status=failed&assistant_id=${assistant.id}`);
    await expect(page.getByTestId('call-drawer').getByRole('button', { name: 'Replay with current settings' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('call-drawer')).toHaveCount(0);

    // The call log narrowed to the assistant's failed calls; Replay asks first.
    await page.goto(`/calls?status=failed&assistant_id=${assistant.id}`);
    await expect(page.getByTestId('calls-summary')).toHaveAttribute('data-total', '3');
    await page.getByTestId('replay-button').click();
    const confirm = page.getByRole('dialog', { name: 'Replay with current settings?' });
    await confirm.getByRole('button', { name: 'Replay', exact: true }).click();

    // The assistant's Replays tab on the set: progress, then the summary.
    await expect(page).toHaveURL(new RegExp(`/assistants/${assistant.id}\\?.*tab=replays.*replay=\\d+`));
    const set = page.getByTestId('replay-set');
    await expect(set).toHaveAttribute('data-status', 'finished', { timeout: 150_000 });
    await expect(page.getByTestId('summary-better')).toHaveText('Better: 3');
    await expect(page.getByTestId('pair-row')).toHaveCount(3);
    await expect(page.getByTestId('pair-row').first()).toContainText('failed → completed');
    expect(await axeFindings(page, 'replays tab')).toEqual([]);

    // A pair side by side: the verdict with its reason; the original said nothing, the replay diverges at once.
    await page.getByTestId('pair-row').first().getByRole('button').click();
    await expect(page).toHaveURL(/pair=\d+/);
    const pair = page.getByTestId('pair-view');
    await expect(pair.getByTestId('pair-verdict')).toHaveText('Better');
    await expect(pair.getByTestId('pair-reason')).toContainText(tool.name);
    await expect(pair.getByTestId('pair-original')).toContainText('Nothing was said.');
    await expect(pair.getByTestId('pair-replay').locator('[data-diverges]')).toContainText('Hello, how can I help?');
    await expect(pair.getByTestId('pair-replay')).toContainText('Your order A-17 is shipped.');
    expect(await axeFindings(page, 'replay pair')).toEqual([]);

    // Kept as a scenario, then found on the Tests tab.
    const name = await pair.getByRole('textbox', { name: 'Scenario name' }).inputValue();
    expect(name).toMatch(/^Replay of call \d+$/);
    await pair.getByTestId('save-scenario-submit').click();
    await expect(page.getByText(`Scenario "${name}" saved on the Tests tab.`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(pair).toHaveCount(0);
    await page.getByRole('tab', { name: 'Tests' }).click();
    await expect(page.getByTestId('scenario-row').filter({ hasText: name })).toBeVisible();
  });
});
