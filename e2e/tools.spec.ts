import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { RUN_ID, serviceApi, toolName, type ServiceApi } from './fixtures/assistants-api';
import { startSessionInStorage } from './support/session';
import { tokenFor } from './support/tokens';
import { DESKTOP, PHONE, saveScreenshot } from './support/screenshots';
import { networkQuiet } from './support/quiet';

/*
 * Mid-call tools against the real local service. demo@example.com for create, edit and delete (each
 * test removes the tools it made, so its count is back at the seeded three); second@example.com for
 * the plan limit, topped up to five through the API from whatever it holds, then emptied back.
 */

const LIMIT_MESSAGE = 'You have reached your plan limit of 5 mid call tools. Please upgrade your plan to create more.';
const isToolSave = (method: 'POST' | 'PUT') => (r: Request) =>
  r.method() === method && /\/api\/user\/tools(\/\d+)?$/.test(new URL(r.url()).pathname);

/**
 * The quota shows the service's count of the demo user's tools. That user is shared with the keyboard test, which
 * makes and removes a tool of its own meanwhile (in the other worker): the page is compared with the count of the
 * moment, and read again when the other test changed it after the page was drawn.
 */
async function expectQuota(page: Page, api: ServiceApi) {
  const quota = page.getByTestId('tool-quota');
  await expect(async () => {
    const count = (await api.tools()).length;
    if ((await quota.textContent()) !== `${count} of 5 used`) await page.reload();
    await expect(quota).toHaveText(`${count} of 5 used`, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

test.describe('mid-call tools', () => {
  const made: string[] = [];
  test.afterEach(async ({ request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    for (const t of await api.tools()) if (made.includes(t.name)) await api.deleteTool(t.id);
    for (const a of await api.assistants()) if (a.name.includes(RUN_ID)) await api.deleteAssistant(a.id);
    made.length = 0;
  });

  test('create one: name checked as typed, live description counter, masked headers, parameters', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    const used = (await api.tools()).length;
    const name = toolName('check_order');
    made.push(name);

    await page.goto('/tools');
    await expect(page.getByRole('heading', { name: 'Mid-call tools', level: 1 })).toBeVisible();
    await expectQuota(page, api);
    await page.getByRole('link', { name: 'New tool' }).click();
    await expect(page.getByRole('heading', { name: 'New mid-call tool' })).toBeVisible();
    await expect(page.getByText('Only lowercase letters and underscores, starting with a letter.', { exact: false })).toBeVisible();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await expect(page.getByText('Valid name')).toBeVisible();
    const description = 'Looks up an order by its number when the caller gives one.';
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill(description);
    await expect(page.getByText(`${description.length} / 255`)).toBeVisible();
    await page.getByRole('textbox', { name: 'Endpoint URL' }).fill('https://api.example.com/orders/status');
    await page.getByRole('combobox', { name: 'Method' }).click();
    await page.getByRole('option', { name: 'GET', exact: true }).click();
    const timeout = page.getByRole('textbox', { name: 'Timeout' });
    await expect(timeout).toHaveValue('10 s');
    await timeout.fill('12');

    await page.getByRole('button', { name: 'Add header' }).click();
    await page.getByRole('textbox', { name: 'Header 1 name' }).fill('Authorization');
    const secret = page.getByRole('textbox', { name: 'Header 1 value' });
    await secret.fill('Bearer s3cret');
    await expect(secret).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show header 1 value' }).click();
    await expect(secret).toHaveAttribute('type', 'text');

    await page.getByRole('button', { name: 'Add parameter' }).click();
    await page.getByRole('textbox', { name: 'Parameter 1 name' }).fill('order_number');
    await page.getByRole('combobox', { name: 'Parameter 1 type' }).click();
    await page.getByRole('option', { name: 'number' }).click();
    await page.getByRole('textbox', { name: 'Parameter 1 description' }).fill('The number the caller reads out');

    const sent = page.waitForRequest(isToolSave('POST'));
    await page.getByRole('button', { name: 'Create tool' }).click();
    expect((await sent).postDataJSON()).toEqual({
      name,
      description,
      endpoint: 'https://api.example.com/orders/status',
      method: 'GET',
      timeout: 12,
      headers: [{ name: 'Authorization', value: 'Bearer s3cret' }],
      schema: [{ name: 'order_number', type: 'number', description: 'The number the caller reads out' }],
    });
    await expect(page).toHaveURL(/\/tools$/);
    const link = page.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    await expectQuota(page, api);
    expect((await api.tools()).length).toBeGreaterThan(used);
    // The header's value is never shown in the list.
    await expect(page.getByText('s3cret')).toHaveCount(0);
  });

  test('a name that breaks the pattern is explained as it is typed and never sent', async ({ signedInPage: page }) => {
    let posted = false;
    page.on('request', (r) => {
      if (isToolSave('POST')(r)) posted = true;
    });
    await page.goto('/tools/new');
    const nameBox = page.getByRole('textbox', { name: 'Name', exact: true });
    await nameBox.fill('Check Order2');
    await expect(page.getByText('Not allowed: capital "C", space, capital "O", digit "2".')).toBeVisible();
    await nameBox.fill('_order');
    await expect(page.getByText('Start with a lowercase letter, not "_".')).toBeVisible();
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Something.');
    await page.getByRole('textbox', { name: 'Endpoint URL' }).fill('https://api.example.com/x');
    await page.getByRole('button', { name: 'Create tool' }).click();
    // Refused before sending: the field is marked, and still says precisely what is wrong.
    await expect(nameBox).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Start with a lowercase letter, not "_".')).toBeVisible();
    expect(posted).toBe(false);

    // The suggestion makes it pass.
    await nameBox.fill('Check Order');
    await page.getByRole('button', { name: 'Use “check_order”' }).click();
    await expect(nameBox).toHaveValue('check_order');
    await expect(page.getByText('Valid name')).toBeVisible();
  });

  test('edit one: only what changed is sent', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    const name = toolName('edit_me');
    made.push(name);
    const tool = await api.createTool(name, { headers: [{ name: 'X-Key', value: 'k1' }] });

    await page.goto('/tools');
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('heading', { name: `Tool: ${name}` })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Changed by the edit test.');
    await page.getByRole('textbox', { name: 'Timeout' }).fill('30');
    const sent = page.waitForRequest(isToolSave('PUT'));
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await sent).postDataJSON()).toEqual({ description: 'Changed by the edit test.', timeout: 30 });
    await expect(page).toHaveURL(/\/tools$/);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(row).toContainText('30 s');
    const stored = (await api.tools()).find((t) => t.id === tool.id);
    expect(stored).toMatchObject({ description: 'Changed by the edit test.', timeout: 30, headers: [{ name: 'X-Key', value: 'k1' }] });
  });

  test('a timeout out of 1 to 30 is refused before sending', async ({ signedInPage: page }) => {
    await page.goto('/tools/new');
    await page.getByRole('textbox', { name: 'Timeout' }).fill('31');
    await page.getByRole('button', { name: 'Create tool' }).click();
    await expect(page.getByText('The timeout field must not be greater than 30.')).toBeVisible();
  });

  test('delete one: the confirmation says it is detached, and the assistant no longer has it', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    const name = toolName('soon_gone');
    made.push(name);
    const tool = await api.createTool(name);
    const assistantName = `E2E tool holder ${RUN_ID}`;
    const assistant = await api.createAssistant({ assistant_name: assistantName, tool_ids: [tool.id] });

    // The assistant shows it first.
    await page.goto(`/assistants/${assistant.id}`);
    // The lower sections load when they come near.
    await page.locator('#section-tools').evaluate((el) => el.scrollIntoView());
    await expect(page.getByRole('button', { name: `Detach ${name}` })).toBeVisible();

    await page.goto('/tools');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete the tool “${name}”?` });
    await expect(dialog).toContainText('It is detached from every assistant that uses it');
    await dialog.getByRole('button', { name: 'Delete tool' }).click();
    await expect(page.getByText(`“${name}” was deleted and detached from its assistants.`)).toBeVisible();
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);

    await page.goto(`/assistants/${assistant.id}`);
    await expect(page.getByRole('heading', { name: assistantName, level: 1 })).toBeVisible();
    // Loaded (the section, not its placeholder) before counting what it does not show.
    await page.locator('#section-tools').evaluate((el) => el.scrollIntoView());
    await expect(page.locator('section#section-tools')).toBeVisible();
    await expect(page.getByRole('button', { name: `Detach ${name}` })).toHaveCount(0);
    await expect(page.getByText(/not found/)).toHaveCount(0);
    expect((await api.assistant(assistant.id)).tools.filter((t) => t.id !== undefined)).toEqual([]);
    await page.goto('/assistants');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: assistantName, exact: true }) });
    await expect(row.getByRole('cell').nth(6)).toHaveText('0');
  });
});

test.describe('the plan limit', () => {
  const SECOND = 'second@example.com';
  const made: number[] = [];
  test.afterEach(async ({ request }) => {
    const api = serviceApi(request, tokenFor(SECOND));
    for (const id of made) await api.deleteTool(id);
    made.length = 0;
  });

  test('"N of 5 used" beside the button, and the service’s message in full on the 6th', async ({ page, context, request }) => {
    const token = tokenFor(SECOND);
    const api = serviceApi(request, token);
    const have = (await api.tools()).length;
    expect(have).toBeLessThanOrEqual(5);
    for (let i = have; i < 5; i += 1) made.push((await api.createTool(toolName('filler'))).id);

    await startSessionInStorage(context, token);
    await page.goto('/tools');
    await expect(page.getByTestId('tool-quota')).toHaveText('5 of 5 used');
    await page.getByRole('link', { name: 'New tool' }).click();
    await expect(page.getByTestId('tool-quota')).toHaveText('5 of 5 used');
    const name = toolName('one_too_many');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('The sixth tool.');
    await page.getByRole('textbox', { name: 'Endpoint URL' }).fill('https://api.example.com/six');
    await page.getByRole('button', { name: 'Create tool' }).click();
    await expect(page.getByRole('alert', { name: 'Not saved' })).toContainText(LIMIT_MESSAGE);
    // Nothing typed is lost, and nothing was made.
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    await expect(page).toHaveURL(/\/tools\/new/);
    expect((await api.tools()).length).toBe(5);
  });
});

for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test.describe(`tool form at ${label} width`, () => {
    test.use({ viewport });
    test('screenshot', async ({ signedInPage: page, request, demoToken }) => {
      const api = serviceApi(request, demoToken);
      const seeded = (await api.tools()).find((t) => t.name === 'book_appointment');
      if (!seeded) throw new Error('The demo seed has no book_appointment tool.');
      await page.goto(`/tools/${seeded.id}`);
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('book_appointment');
      await networkQuiet(page);
      await saveScreenshot(page, `tool-form-${label}`);
      await page.goto('/tools/new');
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Check Order');
      await page.getByRole('button', { name: 'Create tool' }).click();
      await expect(page.getByText('The endpoint field must be a valid URL.')).toBeVisible();
      // The fixed header would be drawn where the page was scrolled to (the first field with an error).
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `tool-form-errors-${label}`);
    });
  });
}
