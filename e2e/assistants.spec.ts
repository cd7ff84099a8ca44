import type { Page, Request, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { RUN_ID, serviceApi, type ServiceApi } from './fixtures/assistants-api';
import { DESKTOP, PHONE, saveScreenshot } from './support/screenshots';
import { networkQuiet } from './support/quiet';

/*
 * Assistants against the real local service (demo@example.com): create through every section of the
 * form, edit and detach a tool, the lists that follow mode and direction, a refusal only the service
 * can make, the unsaved-changes prompt, delete, duplicate, the inbound webhook switch. Every assistant
 * made here carries RUN_ID in its name and is deleted after its test.
 */

async function pickOption(page: Page, combobox: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The option labels a Select offers right now (its dropdown opened and closed again). */
async function optionsOf(page: Page, combobox: string): Promise<string[]> {
  const box = page.getByRole('combobox', { name: combobox, exact: true });
  await box.click();
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option').first()).toBeVisible();
  const labels = await listbox.getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(listbox).toHaveCount(0);
  return labels.map((l) => l.trim());
}

const isSave = (method: 'POST' | 'PUT') => (r: Request) =>
  r.method() === method && /\/api\/user\/assistant(\/\d+)?$/.test(new URL(r.url()).pathname);
const isSaveAnswer = (method: 'POST' | 'PUT') => (r: Response) => isSave(method)(r.request());

async function toolIdsByName(api: ServiceApi, ...names: string[]): Promise<number[]> {
  const tools = await api.tools();
  return names.map((n) => {
    const t = tools.find((tool) => tool.name === n);
    if (!t) throw new Error(`The demo seed has no tool ${n}.`);
    return t.id;
  });
}

/** The minimum a new assistant needs, typed into the form. */
async function fillRequired(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await pickOption(page, 'Voice', 'Rachel');
  await pickOption(page, 'Language', /^English/);
  await pickOption(page, 'LLM model', 'gpt-4o-mini');
  await page.getByRole('textbox', { name: 'System prompt' }).fill('You answer questions about opening hours.');
}

test.describe('assistants', () => {
  test.afterEach(async ({ request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    for (const a of await api.assistants()) {
      if (a.name.includes(RUN_ID)) await api.deleteAssistant(a.id);
    }
  });

  test('create one touching every section, two tools attached, then find it in the list', async ({ signedInPage: page, request, demoToken }) => {
    test.setTimeout(90_000);
    const api = serviceApi(request, demoToken);
    const [availability, booking] = await toolIdsByName(api, 'check_availability', 'book_appointment');
    const outbound = (await api.phoneNumbers('outbound')).find((p) => p.phone_number.startsWith('+1646'));
    if (!outbound) throw new Error('The demo seed has no +1646 number.');
    const name = `E2E every section ${RUN_ID}`;

    await page.goto('/assistants/new');
    await expect(page.getByRole('heading', { name: 'New assistant' })).toBeVisible();

    // Basics
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByText('Outbound', { exact: true }).click();
    await page.getByText('Pipeline', { exact: true }).click();
    const tz = page.getByRole('combobox', { name: 'Time zone' });
    await tz.click();
    await tz.fill('berlin');
    await page.getByRole('option', { name: /Europe\/Berlin/ }).click();
    await pickOption(page, 'Phone number', outbound.phone_number);

    // Voice and language: sliders show their value and the spec's bounds
    await pickOption(page, 'Voice', 'Adam');
    await pickOption(page, 'Language', /^German/);
    const voiceSection = page.locator('#section-voice');
    await expect(voiceSection.getByText('0.70× · slower')).toBeVisible();
    await expect(voiceSection.getByText('faster · 1.20×')).toBeVisible();
    const speed = page.getByRole('slider', { name: 'Speech speed' });
    await speed.focus();
    await speed.press('ArrowRight');
    await expect(page.getByTestId('speech_speed-value')).toHaveText('1.05×');
    const stability = page.getByRole('slider', { name: 'Stability' });
    await stability.focus();
    await stability.press('ArrowLeft');
    await expect(page.getByTestId('voice_stability-value')).toHaveText('0.45');
    const similarity = page.getByRole('slider', { name: 'Similarity' });
    await similarity.focus();
    await similarity.press('End');
    await expect(page.getByTestId('voice_similarity-value')).toHaveText('1.00');

    // Model and prompts
    await pickOption(page, 'LLM model', 'gpt-4.1-mini');
    const temperature = page.getByRole('slider', { name: 'Temperature' });
    await temperature.focus();
    await temperature.press('ArrowRight');
    await temperature.press('ArrowRight');
    await expect(page.getByTestId('llm_temperature-value')).toHaveText('0.40');
    await page.getByRole('textbox', { name: 'System prompt' }).fill('You call back people who asked for a quote. Be brief.');
    await page.getByRole('textbox', { name: 'Initial message' }).fill('Hi {{customer_name}}, this is Sam.');
    await page.getByText('The customer', { exact: true }).click();

    // Conversation
    await page.getByRole('switch', { name: 'Require a minimum of words' }).check();
    await page.getByRole('textbox', { name: 'Minimum interrupt words' }).fill('3');
    await page.getByText('AI', { exact: true }).click();
    const endpoint = page.getByRole('slider', { name: 'Endpoint sensitivity' });
    await endpoint.focus();
    await endpoint.press('ArrowRight');
    const interrupt = page.getByRole('slider', { name: 'Interrupt sensitivity' });
    await interrupt.focus();
    await interrupt.press('ArrowLeft');
    await page.getByRole('textbox', { name: 'Silence before re-engaging' }).fill('20');
    await page.getByRole('textbox', { name: 'Re-engagement interval' }).fill('45');
    await page.getByRole('textbox', { name: 'Maximum call duration' }).fill('900');
    await expect(page.locator('#section-conversation').getByText('20 to 1200 s.')).toBeVisible();
    await expect(page.getByText('15 min', { exact: true })).toBeVisible();
    await page.getByRole('switch', { name: 'Hang up on voicemail' }).check();
    await page.getByRole('switch', { name: 'Noise cancellation' }).check();
    const ambient = page.getByRole('slider', { name: 'Ambient sound volume' });
    await ambient.focus();
    await ambient.press('ArrowRight');
    await expect(page.getByTestId('ambient_sound_volume-value')).toHaveText('25%');
    await page.getByRole('switch', { name: 'Filler sounds' }).check();
    await page.getByRole('switch', { name: 'Record the call' }).uncheck();

    // After the call
    await page.getByRole('switch', { name: 'Evaluate the call' }).check();
    await page.getByRole('button', { name: 'Add field' }).click();
    const row = page.getByTestId('post-call-row').first();
    await row.getByRole('textbox', { name: 'Extracted field 1 name' }).fill('wants_quote');
    await row.getByRole('combobox', { name: 'Extracted field 1 type' }).click();
    await page.getByRole('option', { name: 'Yes / no' }).click();
    await row.getByRole('textbox', { name: 'Extracted field 1 description' }).fill('The person wants a written quote');
    await page.getByRole('button', { name: 'Add variable' }).click();
    await page.getByRole('textbox', { name: 'Variable 1 key' }).fill('company_name');
    await page.getByRole('textbox', { name: 'Variable 1 value' }).fill('Acme Roofing');

    // Webhooks
    await page.getByRole('switch', { name: 'Send a post-call webhook' }).check();
    await page.getByRole('textbox', { name: 'Webhook URL' }).fill('https://hooks.example.com/calls');
    await page.getByRole('switch', { name: 'Only for completed calls' }).check();
    await page.getByRole('switch', { name: 'Include the recording' }).check();

    // Tools: two through the multiselect
    const tools = page.getByRole('combobox', { name: 'Mid-call tools' });
    await tools.click();
    await page.getByRole('option', { name: /check_availability/ }).click();
    await page.getByRole('option', { name: /book_appointment/ }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Detach check_availability' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Detach book_appointment' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Create a tool/ })).toHaveAttribute('href', '/tools/new');
    await page.getByRole('textbox', { name: 'End-call tool' }).fill('End the call once the quote is booked.');

    const sent = page.waitForRequest(isSave('POST'));
    await page.getByRole('button', { name: 'Create assistant' }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      assistant_name: name,
      calls_direction: 'make',
      engine_type: 'pipeline',
      timezone: 'Europe/Berlin',
      phone_number_id: outbound.id,
      language: 'German',
      llm_model: 'gpt-4.1-mini',
      who_speaks_first: 'Customer',
      use_min_interrupt_words: true,
      min_interrupt_words: 3,
      endpoint_type: 'ai',
      max_call_duration: 900,
      post_call_schema: [{ name: 'wants_quote', type: 'bool', description: 'The person wants a written quote' }],
      variables: { company_name: 'Acme Roofing' },
      is_webhook_active: true,
      webhook_url: 'https://hooks.example.com/calls',
      tool_ids: [availability, booking],
      'end_call_tool.description': 'End the call once the quote is booked.',
    });

    // Back on the list, which shows it with its columns.
    await expect(page).toHaveURL(/\/assistants(\?|$)/);
    const link = page.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    const listRow = page.getByRole('row').filter({ has: link });
    await expect(listRow).toContainText('Outbound');
    await expect(listRow).toContainText('Pipeline');
    await expect(listRow).toContainText('German');
    await expect(listRow).toContainText(outbound.phone_number);
    await expect(listRow.getByRole('cell').nth(6)).toHaveText('2');
    await expect(listRow).toContainText('On');

    // What the service stored.
    const id = Number(/\/assistants\/(\d+)/.exec((await link.getAttribute('href')) ?? '')?.[1]);
    const stored = await api.assistant(id);
    expect(stored).toMatchObject({
      type: 'outbound',
      timezone: 'Europe/Berlin',
      wait_for_customer: true,
      min_interrupt_words: 3,
      // The spec's integer flag.
      end_call_on_voicemail: 1,
      record: false,
      include_recording_in_webhook: true,
    });
    expect(stored.tools.map((t) => t.id).filter(Boolean).sort()).toEqual([availability, booking].sort());
  });

  test('edit: detach one tool, only what changed is sent', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    const [availability, booking] = await toolIdsByName(api, 'check_availability', 'book_appointment');
    const name = `E2E edit ${RUN_ID}`;
    const made = await api.createAssistant({ assistant_name: name, tool_ids: [availability, booking] });

    await page.goto(`/assistants/${made.id}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    await expect(page.getByText('No changes')).toBeVisible();
    // The lower sections load when they come near.
    await page.locator('#section-tools').evaluate((el) => el.scrollIntoView());
    await page.getByRole('button', { name: 'Detach book_appointment' }).click();
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    const sent = page.waitForRequest(isSave('PUT'));
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await sent).postDataJSON()).toEqual({ tool_ids: [availability] });
    await expect(page.getByText('Your changes were saved.')).toBeVisible();
    await expect(page.getByText('No changes')).toBeVisible();
    expect((await api.assistant(made.id)).tools.map((t) => t.id)).toEqual([availability]);

    // A reload shows what the service holds.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Detach check_availability' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Detach book_appointment' })).toHaveCount(0);
  });

  test('the voice list follows the mode, the number list the direction', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    const pipeline = (await api.voices('pipeline')).map((v) => v.name);
    const multimodal = (await api.voices('multimodal')).map((v) => v.name);
    const outbound = (await api.phoneNumbers('outbound')).map((p) => p.phone_number);
    const inbound = (await api.phoneNumbers('inbound')).map((p) => p.phone_number);
    expect(outbound.filter((n) => !inbound.includes(n)).length).toBeGreaterThan(0);

    await page.goto('/assistants/new');
    await expect(page.getByRole('heading', { name: 'New assistant' })).toBeVisible();

    // Pipeline (the default): pipeline voices only.
    expect((await optionsOf(page, 'Voice')).sort()).toEqual([...pipeline].sort());
    await pickOption(page, 'Voice', 'Rachel');
    await page.getByText('Multimodal', { exact: true }).click();
    // The pipeline voice cannot stay: cleared, and the field says why.
    await expect(page.getByRole('combobox', { name: 'Voice', exact: true })).toHaveValue('');
    await expect(page.getByText(/The voice was cleared: it is not a multimodal voice/)).toBeVisible();
    expect((await optionsOf(page, 'Voice')).sort()).toEqual([...multimodal].sort());
    await pickOption(page, 'Voice', multimodal[0]!);

    // Outbound (the default): every outbound number, Caller ID ones too.
    const outboundOptions = await optionsOf(page, 'Phone number');
    expect(outboundOptions.map((o) => o.split(' · ')[0]).sort()).toEqual([...outbound].sort());
    expect(outboundOptions.some((o) => o.includes('Caller ID'))).toBe(true);
    const callerId = outboundOptions.find((o) => o.includes('Caller ID'))!;
    await pickOption(page, 'Phone number', callerId);

    // Inbound: only the free numbers that can receive calls; the Caller ID number is cleared.
    await page.getByText('Inbound', { exact: true }).click();
    await expect(page.getByText(/was cleared: an inbound assistant needs a free number/)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Phone number', exact: true })).toHaveValue('');
    const inboundOptions = await optionsOf(page, 'Phone number');
    expect(inboundOptions.map((o) => o.split(' · ')[0]).sort()).toEqual([...inbound].sort());
    expect(inboundOptions.some((o) => o.includes('Caller ID'))).toBe(false);

    // An inbound assistant being edited is offered the number it holds, beside the free ones.
    const holder = (await api.assistants()).find((a) => a.type === 'inbound' && a.phone_number_id !== null);
    if (!holder) throw new Error('The demo seed has no inbound assistant with a number.');
    const held = (await api.phoneNumbers()).find((p) => p.id === holder.phone_number_id)!;
    await page.goto(`/assistants/${holder.id}`);
    await expect(page.getByRole('heading', { name: holder.name, level: 1 })).toBeVisible();
    const editOptions = (await optionsOf(page, 'Phone number')).map((o) => o.split(' · ')[0]);
    expect(editOptions.sort()).toEqual([held.phone_number, ...inbound].sort());
  });

  test('a refusal only the service can make lands on its field, with everything typed kept', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    const free = (await api.phoneNumbers('inbound'))[0];
    if (!free) throw new Error('The demo seed has no free inbound number.');
    const name = `E2E refused ${RUN_ID}`;

    await page.goto('/assistants/new');
    await expect(page.getByRole('heading', { name: 'New assistant' })).toBeVisible();
    await page.getByText('Inbound', { exact: true }).click();
    await fillRequired(page, name);
    await pickOption(page, 'Phone number', new RegExp(free.phone_number.replace('+', '\\+')));

    // Meanwhile another inbound assistant takes the number: the form could not know.
    await api.createAssistant({ assistant_name: `E2E took the number ${RUN_ID}`, calls_direction: 'receive', phone_number_id: free.id });

    const answer = page.waitForResponse(isSaveAnswer('POST'));
    await page.getByRole('button', { name: 'Create assistant' }).click();
    expect((await answer).status()).toBe(422);
    const phone = page.getByRole('combobox', { name: 'Phone number', exact: true });
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#section-basics').getByText('The phone number is already assigned to another inbound assistant.')).toBeVisible();
    await expect(page.getByText('The assistant was not saved')).toBeVisible();
    await expect(page).toHaveURL(/\/assistants\/new/);
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    await expect(page.getByRole('textbox', { name: 'System prompt' })).toHaveValue('You answer questions about opening hours.');
    await expect(page.getByRole('button', { name: 'Create assistant' })).toBeEnabled();

    // Another number, and the same form goes through.
    await phone.click();
    await page.getByRole('option').filter({ hasNotText: free.phone_number }).first().click();
    await page.getByRole('button', { name: 'Create assistant' }).click();
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  });

  test('a mistake is shown before sending, on its field', async ({ signedInPage: page }) => {
    let posted = false;
    page.on('request', (r) => {
      if (isSave('POST')(r)) posted = true;
    });
    await page.goto('/assistants/new');
    await expect(page.getByRole('heading', { name: 'New assistant' })).toBeVisible();
    await fillRequired(page, `E2E client check ${RUN_ID}`);
    await page.getByRole('textbox', { name: 'Maximum call duration' }).fill('5');
    await page.getByRole('switch', { name: 'Send a post-call webhook' }).check();
    await page.getByRole('button', { name: 'Create assistant' }).click();
    await expect(page.getByText('The max call duration field must be at least 20.')).toBeVisible();
    await expect(page.getByText('The webhook url field is required when is webhook active is true.')).toBeVisible();
    await expect(page.getByText(/To fix in: Conversation, Webhooks/)).toBeVisible();
    expect(posted).toBe(false);
  });

  test('leaving with unsaved changes asks first', async ({ signedInPage: page }) => {
    await page.goto('/assistants/new');
    await expect(page.getByRole('heading', { name: 'New assistant' })).toBeVisible();
    const nameBox = page.getByRole('textbox', { name: 'Name', exact: true });
    await nameBox.fill(`E2E unsaved ${RUN_ID}`);

    // The console's own navigation: a dialog.
    await page.getByRole('navigation').getByRole('link', { name: 'Tools' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/assistants\/new/);
    await expect(nameBox).toHaveValue(`E2E unsaved ${RUN_ID}`);

    // Closing the tab: the browser's own prompt.
    const prompt = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const before = await prompt;
    expect(before.type()).toBe('beforeunload');
    await before.dismiss();
  });

  test('leaving a form without changes does not ask; discarding leaves', async ({ signedInPage: page }) => {
    await page.goto('/assistants/new');
    await expect(page.getByRole('heading', { name: 'New assistant' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/assistants(\?|$)/);

    await page.goto('/assistants/new');
    await page.getByRole('textbox', { name: 'System prompt' }).fill('Half a thought');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.getByRole('button', { name: 'Leave and discard changes' }).click();
    await expect(page).toHaveURL(/\/assistants(\?|$)/);
  });

  test('delete asks with the assistant’s name, then it is gone', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    const name = `E2E delete me ${RUN_ID}`;
    const made = await api.createAssistant({ assistant_name: name });

    await page.goto('/assistants');
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete the assistant “${name}”?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();

    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete assistant' }).click();
    await expect(page.getByText(`“${name}” was deleted.`)).toBeVisible();
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    await expect(api.assistant(made.id)).rejects.toThrow(/HTTP 404/);
  });

  test('delete from the edit page', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    const name = `E2E delete from edit ${RUN_ID}`;
    const made = await api.createAssistant({ assistant_name: name });
    await page.goto(`/assistants/${made.id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: `Delete the assistant “${name}”?` }).getByRole('button', { name: 'Delete assistant' }).click();
    await expect(page).toHaveURL(/\/assistants(\?|$)/);
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  });

  test('duplicate prefills a new assistant from an existing one', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    const [availability] = await toolIdsByName(api, 'check_availability');
    const name = `E2E original ${RUN_ID}`;
    const made = await api.createAssistant({
      assistant_name: name,
      system_prompt: 'Copy me.',
      tool_ids: [availability],
      variables: { city: 'Berlin' },
    });
    await page.goto(`/assistants/${made.id}`);
    await page.getByRole('link', { name: 'Duplicate' }).click();
    await expect(page.getByRole('heading', { name: `Duplicate “${name}”` })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`${name} (copy)`);
    await expect(page.getByRole('textbox', { name: 'System prompt' })).toHaveValue('Copy me.');
    // The lower sections load when they come near.
    await page.locator('#section-after-call').evaluate((el) => el.scrollIntoView());
    await expect(page.getByRole('textbox', { name: 'Variable 1 value' })).toHaveValue('Berlin');
    await page.locator('#section-tools').evaluate((el) => el.scrollIntoView());
    await expect(page.getByRole('button', { name: 'Detach check_availability' })).toBeVisible();
    await page.getByRole('button', { name: 'Create assistant' }).click();
    await expect(page.getByRole('link', { name: `${name} (copy)`, exact: true })).toBeVisible();
  });

  test('inbound webhook: switch on with a URL, see it, switch off', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    const name = `E2E inbound hook ${RUN_ID}`;
    const made = await api.createAssistant({ assistant_name: name, calls_direction: 'receive' });
    await page.goto(`/assistants/${made.id}`);
    // The cards below the form's first screen load when they come near.
    await page.locator('#section-webhooks').evaluate((el) => el.scrollIntoView());
    const card = page.getByRole('region', { name: 'Inbound webhook' });
    await expect(card.getByTestId('inbound-webhook-state')).toHaveText('Off');
    await card.getByRole('switch', { name: 'Send inbound call updates' }).check();
    await card.getByRole('textbox', { name: 'Inbound webhook URL' }).fill('not a url');
    await card.getByRole('button', { name: 'Turn on inbound webhook' }).click();
    await expect(card.getByText(/must be a valid URL/)).toBeVisible();
    await card.getByRole('textbox', { name: 'Inbound webhook URL' }).fill('https://hooks.example.com/inbound');
    await card.getByRole('button', { name: 'Turn on inbound webhook' }).click();
    await expect(card.getByTestId('inbound-webhook-state')).toHaveText('On');
    await expect(card.getByText('https://hooks.example.com/inbound')).toBeVisible();
    expect((await api.assistant(made.id)).inbound_webhook_url).toBe('https://hooks.example.com/inbound');
    // The switch is not a change of the form: leaving asks nothing.
    await expect(page.getByText('No changes')).toBeVisible();

    await card.getByRole('switch', { name: 'Send inbound call updates' }).uncheck();
    await card.getByRole('button', { name: 'Turn off inbound webhook' }).click();
    await expect(card.getByTestId('inbound-webhook-state')).toHaveText('Off');
    expect((await api.assistant(made.id)).inbound_webhook_url).toBeNull();
  });

  test('the list pages on the server, page and per_page in the URL; the outbound view', async ({ signedInPage: page, request, demoToken }) => {
    // Another file's tests may add or remove an assistant meanwhile (one service for the run): the
    // checks hold whatever the exact total.
    const api = serviceApi(request, demoToken);
    const asked = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/user/assistants/get'));
    await page.goto('/assistants?per_page=25&page=1');
    const query = new URL((await asked).url()).searchParams;
    expect([query.get('page'), query.get('per_page')]).toEqual(['1', '25']);
    await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible();
    await page.getByRole('button', { name: '25' }).first().click();
    await page.getByRole('menuitem', { name: '50' }).click();
    await expect(page).toHaveURL(/per_page=50/);

    await page.getByRole('tab', { name: 'Outbound' }).click();
    await expect(page).toHaveURL(/view=outbound/);
    const table = page.getByRole('table', { name: 'Outbound assistants' });
    const all = await api.assistants();
    for (const a of all.filter((x) => x.type === 'outbound')) await expect(table.getByRole('link', { name: a.name, exact: true })).toBeVisible();
    for (const a of all.filter((x) => x.type === 'inbound')) await expect(table.getByRole('link', { name: a.name, exact: true })).toHaveCount(0);
  });
});

/** Full-page pictures with the sticky save bar at the bottom (the viewport made as tall as the page). */
async function formScreenshots(page: Page, name: string, width: { width: number; height: number }) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: width.width, height });
  await saveScreenshot(page, name);
  // Slices a person can read, top to bottom.
  const slice = width.width < 600 ? 1100 : 1400;
  for (let y = 0, i = 1; y < height; y += slice, i += 1) {
    await page.screenshot({
      path: `test-results/screenshots/${name}-part${i}.png`,
      clip: { x: 0, y, width: width.width, height: Math.min(slice, height - y) },
      animations: 'disabled',
    });
  }
  await page.setViewportSize(width);
}

for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test.describe(`assistant form at ${label} width`, () => {
    test.use({ viewport });
    test('screenshot', async ({ signedInPage: page }) => {
      await page.goto('/assistants');
      const first = page.getByRole('table', { name: 'Assistants' }).locator('tbody tr').first().getByRole('link').first();
      await first.click();
      await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
      await networkQuiet(page);
      await formScreenshots(page, `assistant-form-${label}`, viewport);
    });
  });
}
