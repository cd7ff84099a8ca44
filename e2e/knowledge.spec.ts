import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, test } from './fixtures';
import { RUN_ID, serviceApi } from './fixtures/assistants-api';
import { expectNoAxeViolations } from './support/a11y';
import { saveScreenshot } from './support/screenshots';

/*
 * Knowledge bases against the real local service: a person creates a base, uploads a PDF made here (with
 * pdf-lib) and a file the console refuses, watches the PDF become ready through the live stream, finds its
 * passage with "Try a search", attaches the base to an assistant (mode prompt) and sees the knowledge card
 * in the Test chat. Mode prompt records the search as a `search_knowledge_base` function call whatever the
 * model says, so the stand-in model (src/server/test/stand-ins/model.ts) needs no knowledge of it.
 */

const BASE_NAME = `Help centre ${RUN_ID}`;

async function openingHoursPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const lines = [
    'Opening hours',
    'Our shop is open Monday to Friday from nine in the morning to six in the evening.',
    'On Saturdays the shop opens at ten and closes at two in the afternoon.',
    'Parking',
    'Customers park for free in the yard behind the shop.',
  ];
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 24, size: i === 0 || i === 3 ? 16 : 11, font }));
  return Buffer.from(await pdf.save());
}

test.describe('knowledge bases', () => {
  const made: { bases: number[]; assistants: number[] } = { bases: [], assistants: [] };
  test.afterEach(async ({ request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    for (const id of made.assistants) await api.deleteAssistant(id);
    for (const id of made.bases) await api.call('DELETE', `/user/knowledgebases/${id}`).catch(() => undefined);
    made.bases.length = 0;
    made.assistants.length = 0;
  });

  test('upload a PDF, see it ready, search it, attach the base and see a knowledge card in the Test chat', async ({ signedInPage: page, request, demoToken }) => {
    test.setTimeout(120_000);
    const api = serviceApi(request, demoToken);

    // Create the base from the palette's page, in the dialog.
    await page.goto('/knowledge');
    await expect(page.getByRole('heading', { name: 'Knowledge bases', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New knowledge base' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New knowledge base' });
    await dialog.getByRole('button', { name: 'Create knowledge base' }).click();
    await expect(dialog.getByText('A name is required.')).toBeVisible();
    await expectNoAxeViolations(page, 'new knowledge base dialog with an error');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(BASE_NAME);
    await dialog.getByRole('button', { name: 'Create knowledge base' }).click();
    await expect(page.getByRole('heading', { name: BASE_NAME, level: 1 })).toBeVisible();
    const baseId = Number(/\/knowledge\/(\d+)/.exec(page.url())?.[1]);
    made.bases.push(baseId);
    await expect(page.getByTestId('knowledge-status').first()).toHaveText('Empty');

    // A picture is refused before upload; the PDF goes up and becomes ready without a reload.
    const input = page.getByTestId('upload-dropzone').locator('input[type="file"]');
    await input.setInputFiles([
      { name: 'Opening hours.pdf', mimeType: 'application/pdf', buffer: await openingHoursPdf() },
      { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
    ]);
    await expect(page.getByTestId('upload-item').filter({ hasText: 'photo.png' })).toContainText('.png files cannot be read');
    await expect(page.getByTestId('upload-item').filter({ hasText: 'Opening hours.pdf' })).toContainText('Uploaded; now being processed.');
    const row = page.getByRole('row').filter({ hasText: 'Opening hours' });
    await expect(row.getByTestId('knowledge-status')).toHaveText('Ready', { timeout: 60_000 });

    // Try a search, by keyboard: the passage, its document, the matched word marked.
    await page.getByRole('textbox', { name: 'Question' }).fill('When is the shop open on Saturdays?');
    await page.getByRole('textbox', { name: 'Question' }).press('Enter');
    const passage = page.getByTestId('search-passage').first();
    await expect(passage).toContainText('Opening hours');
    await expect(passage.locator('mark').first()).toBeVisible();
    await expect(page).toHaveURL(/\?q=/);
    await saveScreenshot(page, 'knowledge-base', { fullPage: true });
    await expectNoAxeViolations(page, 'knowledge base page with a refusal, a ready document and search results');

    // Attach it to an assistant in the form.
    const assistant = await api.createAssistant({ name: `Shop desk ${RUN_ID}` });
    made.assistants.push(assistant.id);
    await page.goto(`/assistants/${assistant.id}`);
    // The form's lower sections load as they near the screen: bring Tools (the knowledge fields) there first.
    await page.locator('#section-tools').evaluate((el) => el.scrollIntoView());
    await expect(page.locator('section#section-tools')).toBeVisible();
    const select = page.getByRole('combobox', { name: 'Knowledge base' });
    await select.scrollIntoViewIfNeeded();
    await select.click();
    await page.getByRole('option', { name: BASE_NAME }).click();
    await page.getByRole('radio', { name: /^Always/ }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => (await api.assistant(assistant.id)) as unknown as Record<string, unknown>).toMatchObject({ knowledgebase_id: baseId, knowledgebase_mode: 'prompt' });

    // The Test chat: the knowledge search shows as a card with the passage found.
    await page.getByRole('button', { name: 'Test chat' }).click();
    const chat = page.getByTestId('test-chat');
    const box = chat.getByRole('textbox', { name: 'Message', exact: true });
    await box.fill('When is the shop open on Saturdays?');
    await box.press('Enter');
    const card = chat.getByTestId('knowledge-card');
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card.getByTestId('knowledge-card-passage').first()).toContainText('Opening hours');
    await saveScreenshot(page, 'knowledge-card', { fullPage: false });
  });

  test('rename and delete a base after confirming', async ({ signedInPage: page, request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    const base = await api.call<{ data: { id: number } }>('POST', '/user/knowledgebases', { name: `Old name ${RUN_ID}` });
    made.bases.push(base.data.id);
    await page.goto(`/knowledge/${base.data.id}`);
    await page.getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename knowledge base' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`New name ${RUN_ID}`);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { name: `New name ${RUN_ID}`, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/knowledge$/);
    await expect(page.getByRole('link', { name: `New name ${RUN_ID}` })).toHaveCount(0);
  });
});
