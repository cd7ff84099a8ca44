import { expect, test } from './fixtures';

test.describe('Numbers & voices', () => {
  test('shows the four lookups, each filter in the URL', async ({ signedInPage: page }) => {
    await page.goto('/numbers');
    await expect(page.getByRole('heading', { name: 'Numbers & voices', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Numbers & voices/);

    const phones = page.getByTestId('phone-numbers');
    const phoneRows = phones.locator('tbody tr');
    await expect(phoneRows.first()).toBeVisible();
    const all = await phoneRows.count();
    await expect(phoneRows.first()).toContainText(/\+\d{6,}/);
    await expect(phones.getByText('Caller ID').first()).toBeVisible();

    await phones.getByText('Inbound', { exact: true }).click();
    await expect(page).toHaveURL(/phones=inbound/);
    await expect(phones.getByText('Caller ID')).toHaveCount(0);
    await expect(phones.getByText('In use')).toHaveCount(0);
    expect(await phoneRows.count()).toBeLessThan(all);

    const voices = page.getByTestId('voices');
    await expect(voices.locator('tbody tr').first()).toBeVisible();
    const voiceModes = voices.locator('tbody').getByText('multimodal', { exact: true });
    await expect(voiceModes.first()).toBeVisible();
    await voices.getByText('Pipeline', { exact: true }).click();
    await expect(page).toHaveURL(/voices=pipeline/);
    await expect(voiceModes).toHaveCount(0);
    await expect(voices.getByText('Rachel')).toBeVisible();

    const models = page.getByTestId('models');
    await expect(models.getByText('gpt-4o-mini', { exact: true })).toBeVisible();

    const languages = page.getByTestId('languages');
    await expect(languages.getByText('German')).toBeVisible();
    await languages.getByLabel('Filter languages').fill('fr');
    await expect(languages.getByText('French')).toBeVisible();
    await expect(languages.getByText('German')).toHaveCount(0);

    // A reload restores both filters from the URL.
    await page.reload();
    await expect(page.getByTestId('phone-numbers').getByText('Caller ID')).toHaveCount(0);
    await expect(page.getByTestId('voices').locator('tbody').getByText('multimodal', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('voices').locator('tbody tr').first()).toBeVisible();
  });

  test('a failing lookup shows its own error with a retry', async ({ signedInPage: page }) => {
    let fail = true;
    await page.route('**/api/user/assistants/models', async (route) => {
      if (fail) await route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: 'Models are resting.' }) });
      else await route.continue();
    });
    await page.goto('/numbers');
    const models = page.getByTestId('models');
    await expect(models.getByRole('alert')).toContainText('Models are resting.');
    await expect(page.getByTestId('languages').locator('tbody tr').first()).toBeVisible();
    fail = false;
    await models.getByRole('button', { name: 'Retry' }).click();
    await expect(models.getByText('gpt-4o', { exact: true })).toBeVisible();
  });

  test('an empty list says so', async ({ signedInPage: page }) => {
    await page.route('**/api/user/assistants/voices**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    await page.goto('/numbers');
    await expect(page.getByTestId('voices').getByText('No voices', { exact: true })).toBeVisible();
  });
});
