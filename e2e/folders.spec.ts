import { expect, test } from './fixtures';
import { RUN_ID, serviceApi } from './fixtures/assistants-api';

/*
 * Folders and labels against the real local service: made in the manager, given to an assistant in its
 * form, then the assistant list filtered by them (filters in the URL, the assistant's badges in its row).
 * Names carry the run id; the test removes what it made.
 */

interface Group {
  id: number;
  name: string;
}

test.describe('folders and labels', () => {
  const folderName = `E2E folder ${RUN_ID}`;
  const labelName = `E2E label ${RUN_ID}`;
  const assistantName = `E2E sorted ${RUN_ID}`;
  const otherName = `E2E unsorted ${RUN_ID}`;

  test.afterEach(async ({ request, demoToken }) => {
    const api = serviceApi(request, demoToken);
    for (const a of await api.assistants()) if (a.name.includes(RUN_ID)) await api.deleteAssistant(a.id);
    for (const kind of ['folders', 'labels'] as const) {
      const page = await api.call<{ data: Group[] }>('GET', `/user/${kind}?per_page=100`);
      for (const g of page.data) if (g.name.includes(RUN_ID)) await api.call('DELETE', `/user/${kind}/${g.id}`);
    }
  });

  test('make a folder and a label in the manager, give them to an assistant, filter the list by them', async ({ signedInPage: page, request, demoToken }) => {
    // Three pages, two forms, two filters and a reload: 38 s alone, past the default 45 s on a busy machine.
    test.setTimeout(90_000);
    const api = serviceApi(request, demoToken);
    const sorted = await api.createAssistant({ assistant_name: assistantName });
    await api.createAssistant({ assistant_name: otherName });

    // The manager, from the assistant list.
    await page.goto('/assistants');
    await page.getByRole('link', { name: 'Manage folders and labels' }).click();
    await expect(page.getByRole('heading', { name: 'Folders and labels', level: 1 })).toBeVisible();

    const folders = page.getByRole('region', { name: 'Folders' });
    await folders.getByRole('textbox', { name: 'New folder' }).fill(folderName);
    await folders.getByRole('combobox', { name: 'Colour' }).click();
    await page.getByRole('option', { name: 'Teal' }).click();
    await folders.getByRole('button', { name: 'Add folder' }).click();
    await expect(folders.getByRole('row').filter({ hasText: folderName })).toBeVisible();

    const labels = page.getByRole('region', { name: 'Labels' });
    await labels.getByRole('textbox', { name: 'New label' }).fill(labelName);
    await labels.getByRole('combobox', { name: 'Colour' }).click();
    await page.getByRole('option', { name: 'Pink' }).click();
    await labels.getByRole('button', { name: 'Add label' }).click();
    await expect(labels.getByRole('row').filter({ hasText: labelName })).toBeVisible();

    // The same name again is refused on the field.
    await labels.getByRole('textbox', { name: 'New label' }).fill(labelName.toUpperCase());
    await labels.getByRole('button', { name: 'Add label' }).click();
    await expect(labels.getByText('The name has already been taken.')).toBeVisible();
    await labels.getByRole('textbox', { name: 'New label' }).fill('');

    // The assistant's form: its folder and labels.
    await page.goto(`/assistants/${sorted.id}`);
    await expect(page.getByRole('heading', { name: assistantName, level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Folder', exact: true }).click();
    await page.getByRole('option', { name: folderName }).click();
    await page.getByRole('combobox', { name: 'Labels', exact: true }).click();
    await page.getByRole('option', { name: labelName }).click();
    await page.keyboard.press('Escape');
    const sent = page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === `/api/user/assistant/${sorted.id}`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const body = (await sent).postDataJSON() as { folder_id: number; label_ids: number[] };
    await expect(page.getByText('Your changes were saved.')).toBeVisible();
    const record = await api.assistant(sorted.id);
    expect(record.folder_id).toBe(body.folder_id);
    expect(record.label_ids).toEqual(body.label_ids);

    // The list, filtered by the folder, then by the label: the filters are in the URL.
    await page.goto('/assistants');
    const rowOf = (name: string) => page.getByRole('row').filter({ hasText: name });
    await expect(rowOf(otherName)).toBeVisible();
    await expect(rowOf(assistantName).getByText(folderName)).toBeVisible();
    await expect(rowOf(assistantName).getByText(labelName)).toBeVisible();

    await page.getByRole('combobox', { name: 'Folder', exact: true }).click();
    await page.getByRole('option', { name: folderName }).click();
    await expect(page).toHaveURL(new RegExp(`folder=${body.folder_id}`));
    await expect(rowOf(assistantName)).toBeVisible();
    await expect(rowOf(otherName)).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rowOf(otherName)).toBeVisible();
    await page.getByRole('combobox', { name: 'Label', exact: true }).click();
    await page.getByRole('option', { name: labelName }).click();
    await expect(page).toHaveURL(new RegExp(`label=${body.label_ids[0]}`));
    await expect(rowOf(assistantName)).toBeVisible();
    await expect(rowOf(otherName)).toHaveCount(0);

    // A reload keeps the filter.
    await page.reload();
    await expect(rowOf(assistantName)).toBeVisible();
    await expect(rowOf(otherName)).toHaveCount(0);
  });
});
