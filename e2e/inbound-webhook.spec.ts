import { expect, test } from './fixtures';
import { RUN_ID, serviceApi } from './fixtures/assistants-api';
import { DESKTOP, PHONE, saveScreenshot } from './support/screenshots';

/*
 * The assistant page shows the inbound webhook: its URL and whether it is on, on an outbound assistant
 * too, after it was turned on through the API (as another client of the hosted API would), and after
 * turning it off from the page. The assistant is this test's own.
 */

test('the inbound webhook URL shows on the assistant page once enabled', async ({ signedInPage: page, request, demoToken }) => {
  const api = serviceApi(request, demoToken);
  const assistant = await api.createAssistant({ assistant_name: `E2E webhook ${RUN_ID}` });
  const url = `https://hooks.example.com/inbound/${RUN_ID}`;
  try {
    await api.call('POST', '/user/assistants/enable-inbound-webhook', { assistant_id: assistant.id, webhook_url: url });

    for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/assistants/${assistant.id}`);
      const card = page.getByRole('region', { name: 'Inbound webhook' });
      // The cards below the form's first screen load when they come near; on a phone the sections above
      // them grow as they load and push them down again: go on until the card is there.
      await expect(async () => {
        await page.locator('#section-tools').evaluate((el) => el.scrollIntoView());
        await expect(card).toBeVisible({ timeout: 1_000 });
      }).toPass();
      await expect(card.getByTestId('inbound-webhook-state')).toHaveText('On');
      await expect(card.getByTestId('inbound-webhook-url')).toHaveText(url);
      await card.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `assistant-inbound-webhook-${width}`, { fullPage: false });
    }

    // Off from the page: the state and the stored record follow. The switch is turned by its label, as a
    // person does, with Playwright's checks on: a forced click on the (visually hidden) input landed wherever
    // the switch had been scrolled to, at the viewport's bottom edge, under the sticky save bar, and did not
    // take. Centred first, so nothing sticky covers it at either width.
    await page.setViewportSize(DESKTOP);
    const card = page.getByRole('region', { name: 'Inbound webhook' });
    const toggle = card.getByRole('switch', { name: 'Send inbound call updates' });
    const label = card.locator('label').filter({ hasText: 'Send inbound call updates' }).last();
    await expect(toggle).toBeChecked();
    await label.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await label.click();
    await expect(toggle).not.toBeChecked();
    await card.getByRole('button', { name: 'Turn off inbound webhook' }).click();
    await expect(card.getByTestId('inbound-webhook-state')).toHaveText('Off');
    await expect(card.getByText('No inbound webhook URL is set.')).toBeVisible();
    expect((await api.assistant(assistant.id)).inbound_webhook_url).toBeNull();
  } finally {
    await api.deleteAssistant(assistant.id);
  }
});
