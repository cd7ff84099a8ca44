import { expect, test } from './fixtures';
import { RUN_ID, serviceApi } from './fixtures/assistants-api';
import { axeFindings } from './support/a11y';
import { createOrderTool, removedAfterEach } from './fixtures/order-desk';

/*
 * The Tests tab against the real local service, whose language model is our stand-in (src/server/test/stand-ins/model.ts): a scenario
 * written in the form, run from the tab as a real call (answered at once, its conversation played on the
 * real clock, about 20 s), and a failed expectation's evidence opened at its moment in the transcript.
 * The stand-in's assistant calls the order tool when the customer mentions an order and then says "Your
 * order A-17 is shipped."; its judge decides by the criterion's quoted words (src/server/test/stand-ins/judge.ts),
 * so "never says "shipped"" fails, pointing at that line.
 */


test.describe('assistant test suites', () => {
  const made = removedAfterEach();

  test('writes a scenario, runs it from the Tests tab and opens a failed expectation at its moment in the transcript', async ({ signedInPage: page, request, demoToken }) => {
    test.setTimeout(150_000);
    const api = serviceApi(request, demoToken);
    const tool = await createOrderTool(api);
    made.tools.push(tool.id);
    const assistant = await api.createAssistant({ name: `Suite desk ${RUN_ID}`, initial_message: 'Hello, how can I help?', tool_ids: [tool.id] });
    made.assistants.push(assistant.id);

    await page.goto(`/assistants/${assistant.id}`);
    await page.getByRole('tab', { name: 'Tests' }).click();
    await expect(page).toHaveURL(/tab=tests/);
    await expect(page.getByText('No scenarios yet')).toBeVisible();

    // The form: the default row checks the outcome; a judge row is added and must have its criterion.
    await page.getByRole('button', { name: 'Add scenario' }).click();
    const form = page.getByRole('form', { name: 'New scenario' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Where is my order');
    await form.getByLabel('Caller’s persona').fill('Your name is Ada Lovelace.');
    await form.getByRole('textbox', { name: 'Goal', exact: true }).fill('ask where order A-17 is');
    await form.getByRole('button', { name: 'Add expectation' }).click();
    await form.getByRole('button', { name: 'Save scenario' }).click();
    const judgeRow = form.getByRole('group', { name: 'Expectation 2' });
    await expect(judgeRow.getByText('This field is required.')).toBeVisible();
    await judgeRow.getByRole('textbox', { name: 'Criterion' }).fill('The assistant never says "shipped"');
    await form.getByRole('button', { name: 'Add expectation' }).click();
    const toolRow = form.getByRole('group', { name: 'Expectation 3' });
    await toolRow.getByRole('combobox', { name: 'Expectation 3: kind' }).click();
    await page.getByRole('option', { name: 'Tool is called', exact: true }).click();
    await toolRow.getByRole('textbox', { name: 'Tool', exact: true }).fill(tool.name);
    await toolRow.getByRole('button', { name: 'Add argument' }).click();
    await toolRow.getByRole('textbox', { name: 'Expectation 3, argument 1: name' }).fill('order_id');
    await toolRow.getByRole('textbox', { name: 'Expectation 3, argument 1: value or pattern' }).fill('A-17');
    await form.getByRole('button', { name: 'Save scenario' }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByTestId('scenario-row').filter({ hasText: 'Where is my order' })).toBeVisible();
    expect(await axeFindings(page, 'tests tab with a scenario')).toEqual([]);

    // Run it once; progress shows live, then the pass rates.
    await page.getByRole('textbox', { name: 'Repetitions' }).fill('1');
    await page.getByRole('button', { name: 'Run all' }).click();
    const results = page.getByTestId('run-results');
    await expect(results).toHaveAttribute('data-status', 'running');
    await expect(results).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });
    await expect(results.getByText('1 of 1 repetitions checked', { exact: false })).toBeVisible();
    const rows = results.getByTestId('summary-row');
    await expect(rows.filter({ hasText: 'Ends completed (goal reached)' })).toHaveAttribute('data-ok', 'true');
    await expect(rows.filter({ hasText: `${tool.name} is called with order_id = A-17` })).toHaveAttribute('data-ok', 'true');
    const failed = rows.filter({ hasText: 'Judge: The assistant never says "shipped"' });
    await expect(failed).toHaveAttribute('data-ok', 'false');
    await expect(page).toHaveURL(/run=\d+/);

    // The failed expectation's evidence: the judge's reason and the line that shows it, marked in the transcript.
    await failed.getByRole('button', { name: 'Repetition 1 failed: show the evidence' }).click();
    const drawer = page.getByTestId('evidence-drawer');
    await expect(drawer.getByTestId('evidence-reason')).toContainText('shipped');
    const marked = drawer.locator('[data-marked]');
    await expect(marked).toContainText('Your order A-17 is shipped.');
    await expect(marked).toBeFocused();
    expect(await axeFindings(page, 'evidence drawer')).toEqual([]);
    await drawer.getByRole('link', { name: /Open call #\d+/ }).click();
    await expect(page).toHaveURL(/\/calls\/\d+/);

    // The history keeps the run with the assistant's version.
    await page.goBack();
    await expect(page.getByTestId('history-row')).toHaveCount(1);
  });
});
