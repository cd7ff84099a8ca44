import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { leadsApi, RUN_ID } from './fixtures/leads-api';
import { DESKTOP, PHONE, saveScreenshot } from './support/screenshots';

/*
 * Leads against the real local service: a lead typed by hand (national formats in, E.164 stored), the
 * duplicate rule, merging variables, deleting; and a CSV import of 205 rows, 6 of them bad.
 */

const FIXTURE = join('e2e', 'fixtures', 'leads-205.csv');
/** Spreadsheet rows of the fixture that must fail (see the file): 2 bad numbers, 1 empty, 2 repeats, 1 already in the campaign. */
const BAD_ROWS = [42, 82, 122, 152, 172, 192];
const ALREADY_IN_CAMPAIGN = '+13325550199';

async function pickOption(page: Page, combobox: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** A full-page screenshot from the top: scrolled, the fixed header would be drawn across the middle. */
async function topScreenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

/** The 1-based row of the variable named `key` in the edit form (its name input's value, not an attribute). */
async function variableRowIndex(page: Page, key: string): Promise<number> {
  await expect(page.getByTestId('variable-row').first()).toBeVisible();
  const keys = await page.getByTestId('variable-row').evaluateAll((rows) => rows.map((r) => r.querySelector('input')?.value ?? ''));
  return keys.indexOf(key) + 1;
}

async function pickCountry(page: Page, phoneLabel: string, search: string, option: RegExp) {
  const picker = page.getByRole('combobox', { name: `Country of ${phoneLabel.toLowerCase()}` });
  await picker.click();
  await picker.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

test.describe('leads by hand', () => {
  test('a lead with a secondary contact typed in national format is stored as E.164', async ({ signedInPage: page, request, demoToken }) => {
    const api = leadsApi(request, demoToken);
    const campaign = await api.createCampaign(`E2E leads ${RUN_ID}`);

    await page.goto(`/leads/new?campaign=${campaign.id}`);
    await expect(page.getByRole('combobox', { name: 'Campaign', exact: true })).toHaveValue(campaign.name);
    await pickCountry(page, 'Phone number', 'united states', /United States/);
    const phone = page.getByRole('textbox', { name: 'Phone number', exact: true });
    await phone.pressSequentially('2125557788');
    await expect(phone).toHaveValue('(212) 555-7788'); // national format as it is typed
    await expect(page.getByTestId('phone-e164').first()).toHaveText('Saved as +12125557788');
    await page.getByLabel('Customer name').fill('Erika Mustermann');
    await page.getByLabel('Email').fill('erika@example.com');
    await page.getByRole('button', { name: 'Add variable' }).first().click();
    await page.getByLabel('Variable 1 name').fill('plan');
    await page.getByLabel('Variable 1 value').fill('gold');

    await page.getByRole('button', { name: 'Add secondary contact' }).click();
    await pickCountry(page, 'Secondary contact 1 phone number', 'germ', /Germany/);
    const secondary = page.getByRole('textbox', { name: 'Secondary contact 1 phone number', exact: true });
    await secondary.pressSequentially('030 1234567');
    await expect(secondary).toHaveValue('030 1234567');
    await page.getByTestId('secondary-contact-form').getByRole('button', { name: 'Add variable' }).click();
    await page.getByLabel('Contact 1 variable 1 name').fill('role');
    await page.getByLabel('Contact 1 variable 1 value').fill('office');
    await topScreenshot(page, 'lead-form-filled-desktop');

    await page.getByRole('button', { name: 'Create lead' }).click();
    await expect(page).toHaveURL(new RegExp(`/leads\\?campaign=${campaign.id}`));
    const row = page.getByTestId('lead-row').filter({ hasText: 'Erika Mustermann' });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('lead-phone')).toHaveAttribute('data-e164', '+12125557788');
    await expect(row.getByTestId('lead-phone')).toContainText('(212) 555-7788');
    await row.getByTestId('lead-contacts-count').click();
    const contact = page.getByTestId('secondary-contact').first();
    await expect(contact.getByTestId('lead-phone')).toHaveAttribute('data-e164', '+49301234567');
    await expect(contact).toContainText('role: office');
    // E.164 on hover
    await row.getByTestId('lead-phone').hover();
    await expect(page.getByRole('tooltip')).toHaveText('+12125557788');

    // What the service stored
    const [stored] = await api.leadsOf(campaign.id);
    expect(stored).toMatchObject({
      phone_number: '+12125557788',
      status: 'created',
      variables: { customer_name: 'Erika Mustermann', email: 'erika@example.com', plan: 'gold' },
    });
    expect(stored!.secondary_contacts).toHaveLength(1);
    expect(stored!.secondary_contacts[0]).toMatchObject({ phone_number: '+49301234567', variables: { role: 'office' }, status: 'created' });
  });

  test('a duplicate in the campaign is refused, then allowed with the switch', async ({ signedInPage: page, request, demoToken }) => {
    const api = leadsApi(request, demoToken);
    const campaign = await api.createCampaign(`E2E duplicates ${RUN_ID}`);
    await api.createLead({ campaign_id: campaign.id, phone_number: '+14155550142', variables: { customer_name: 'First' } });

    await page.goto(`/leads/new?campaign=${campaign.id}`);
    await pickCountry(page, 'Phone number', 'united states', /United States/);
    await page.getByRole('textbox', { name: 'Phone number', exact: true }).pressSequentially('415 555 0142');
    await page.getByLabel('Customer name').fill('Second');
    await page.getByRole('button', { name: 'Create lead' }).click();
    await expect(page.getByText('The phone number has already been taken in this campaign.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Phone number', exact: true })).toHaveAttribute('aria-invalid', 'true');
    // Everything typed is still there
    await expect(page.getByLabel('Customer name')).toHaveValue('Second');
    await expect(page.getByRole('textbox', { name: 'Phone number', exact: true })).toHaveValue('(415) 555-0142');
    expect(await api.leadsOf(campaign.id)).toHaveLength(1);
    await topScreenshot(page, 'lead-form-duplicate-desktop');

    // Mantine's switch input lies over its label: the click goes to the switch itself.
    await page.getByRole('switch', { name: 'Allow duplicate in this campaign' }).click();
    await expect(page.getByRole('switch', { name: 'Allow duplicate in this campaign' })).toBeChecked();
    await page.getByRole('button', { name: 'Create lead' }).click();
    await expect(page).toHaveURL(/\/leads\?campaign=/);
    const leads = await api.leadsOf(campaign.id);
    expect(leads.map((l) => l.phone_number)).toEqual(['+14155550142', '+14155550142']);
  });

  test('editing variables merges them into the stored ones; a refused status shows on its field', async ({ signedInPage: page, request, demoToken }) => {
    const api = leadsApi(request, demoToken);
    const campaign = await api.createCampaign(`E2E edit ${RUN_ID}`);
    const lead = await api.createLead({
      campaign_id: campaign.id,
      phone_number: '+12125550111',
      variables: { customer_name: 'Max Edit', email: 'max@example.com', plan: 'basic' },
    });

    await page.goto(`/leads?campaign=${campaign.id}`);
    await page.getByRole('link', { name: 'Edit lead +12125550111' }).click();
    await expect(page.getByRole('heading', { name: 'Edit lead' })).toBeVisible();
    await expect(page.getByText(/merged/)).toBeVisible();
    await expect(page.getByText('The API cannot remove a variable from a lead.', { exact: false })).toBeVisible();
    const rows = page.getByTestId('variable-row');
    await expect(rows).toHaveCount(3);
    // The service keeps variables as JSONB, which orders keys its own way: find plan's row by its value.
    const planIndex = await variableRowIndex(page, 'plan');
    await expect(page.getByLabel(`Variable ${planIndex} name`)).toHaveAttribute('readonly');
    await page.getByLabel(`Variable ${planIndex} value`).fill('platinum');
    await page.getByRole('button', { name: 'Add variable' }).click();
    await page.getByLabel('Variable 4 name').fill('region');
    await page.getByLabel('Variable 4 value').fill('north');

    // The service sets the other statuses itself and refuses them here.
    await pickOption(page, 'Status', 'completed');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The status completed is assigned automatically and cannot be set manually.')).toBeVisible();
    await expect(page.getByLabel('Variable 4 value')).toHaveValue('north'); // nothing typed is lost
    await topScreenshot(page, 'lead-edit-refused-status-desktop');

    await pickOption(page, 'Status', 'created');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/leads\?campaign=/);

    const [stored] = await api.leadsOf(campaign.id);
    expect(stored!.id).toBe(lead.id);
    expect(stored!.variables).toEqual({ customer_name: 'Max Edit', email: 'max@example.com', plan: 'platinum', region: 'north' });

    // The edit page shows the merged set
    await page.getByRole('link', { name: 'Edit lead +12125550111' }).click();
    await expect(page.getByTestId('variable-row')).toHaveCount(4);
    expect(await variableRowIndex(page, 'region')).toBeGreaterThan(0);
  });

  test('a lead is deleted after confirming', async ({ signedInPage: page, request, demoToken }) => {
    const api = leadsApi(request, demoToken);
    const campaign = await api.createCampaign(`E2E delete ${RUN_ID}`);
    await api.createLead({ campaign_id: campaign.id, phone_number: '+12125550122', variables: { customer_name: 'Keep Me' } });
    await api.createLead({ campaign_id: campaign.id, phone_number: '+12125550133', variables: { customer_name: 'Delete Me' } });

    await page.goto(`/leads?campaign=${campaign.id}`);
    await expect(page.getByTestId('lead-row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Delete lead +12125550133' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this lead?' });
    await expect(dialog).toContainText('Delete Me');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('lead-row')).toHaveCount(2);

    await page.getByRole('button', { name: 'Delete lead +12125550133' }).click();
    await page.getByRole('dialog', { name: 'Delete this lead?' }).getByRole('button', { name: 'Delete lead' }).click();
    await expect(page.getByTestId('lead-row')).toHaveCount(1);
    await expect(page.getByTestId('lead-row')).toContainText('Keep Me');
    expect((await api.leadsOf(campaign.id)).map((l) => l.phone_number)).toEqual(['+12125550122']);
  });

  test('the list filters by search, status and campaign in the URL', async ({ signedInPage: page, request, demoToken }) => {
    const api = leadsApi(request, demoToken);
    const campaign = await api.createCampaign(`E2E filters ${RUN_ID}`);
    await api.createLead({ campaign_id: campaign.id, phone_number: '+12125550144', variables: { customer_name: 'Zoe Filter' } });
    await api.createLead({ campaign_id: campaign.id, phone_number: '+493012345144', variables: { customer_name: 'Adam Filter' } });

    await page.goto(`/leads?campaign=${campaign.id}`);
    await expect(page.getByTestId('lead-row')).toHaveCount(2);
    await page.getByLabel('Search').fill('030 1234');
    await expect(page).toHaveURL(/q=030/);
    await expect(page.getByTestId('lead-row')).toHaveCount(1);
    await expect(page.getByTestId('lead-row')).toContainText('Adam Filter');
    await page.reload();
    await expect(page.getByTestId('lead-row')).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/q=/);

    // Status: none of these leads has been called, so "completed" finds none of them
    await page.goto(`/leads?campaign=${campaign.id}`);
    await pickOption(page, 'Status', 'completed');
    await expect(page).toHaveURL(/status=completed/);
    await expect(page.getByText('No lead matches')).toBeVisible();
    await pickOption(page, 'Status', 'created');
    await expect(page).toHaveURL(/status=created/);
    await expect(page.getByTestId('lead-row')).toHaveCount(2);

    // Campaign in the URL: picked in the filter, it narrows the whole list down to this campaign's leads
    await page.goto('/leads');
    await pickOption(page, 'Campaign', campaign.name);
    await expect(page).toHaveURL(new RegExp(`campaign=${campaign.id}`));
    await expect(page.getByTestId('lead-row')).toHaveCount(2);

    // Sorting, also in the URL
    await page.goto(`/leads?campaign=${campaign.id}&sort=name&dir=asc`);
    await expect(page.getByTestId('lead-row').first()).toContainText('Adam Filter');
    await page.getByRole('button', { name: 'Sort by customer name' }).click();
    // Descending is the default and left out of the URL.
    await expect(page).toHaveURL(/sort=name$/);
    await expect(page.getByTestId('lead-row').first()).toContainText('Zoe Filter');
  });
});

test.describe('CSV import', () => {
  test('205 rows: the preview flags exactly the 6 bad ones, the rest is created, the failed rows download lists them', async ({
    signedInPage: page,
    request,
    demoToken,
  }) => {
    test.setTimeout(120_000);
    const api = leadsApi(request, demoToken);
    const campaign = await api.createCampaign(`E2E import ${RUN_ID}`);
    await api.createLead({ campaign_id: campaign.id, phone_number: ALREADY_IN_CAMPAIGN, variables: { customer_name: 'Already here' } });

    await page.goto(`/leads/import?campaign=${campaign.id}`);
    await page.locator('input[type="file"]').setInputFiles(FIXTURE);
    await expect(page.getByTestId('file-info')).toContainText('205 rows, 4 columns');
    await pickOption(page, 'Default country', /United States/);
    await expect(page.getByRole('combobox', { name: 'Campaign', exact: true })).toHaveValue(campaign.name);

    const preview = page.getByTestId('import-preview');
    await expect(preview.getByTestId('preview-failing')).toHaveText('6 will fail');
    await expect(preview.getByTestId('preview-ready')).toHaveText('199 ready to import');
    const flagged = preview.getByTestId('preview-row');
    await expect(flagged).toHaveCount(6);
    expect((await flagged.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-row')))))).toEqual(BAD_ROWS);
    await expect(preview.locator('[data-row="192"]')).toContainText(`${ALREADY_IN_CAMPAIGN} is already a lead in the campaign`);
    await expect(preview.locator('[data-row="152"]')).toContainText('is also on row 2 of the file');
    await expect(preview.locator('[data-row="42"]')).toContainText('"12345" is not a valid phone number');
    await topScreenshot(page, 'leads-import-preview-desktop');

    const started = Date.now();
    await page.getByRole('button', { name: 'Import 199 leads' }).click();
    const summary = page.getByTestId('import-summary');
    await expect(summary).toBeVisible({ timeout: 90_000 });
    const seconds = (Date.now() - started) / 1000;
    test.info().annotations.push({ type: 'import-time', description: `199 rows sent in ${seconds.toFixed(1)} s` });
    console.log(`import of 205 rows (199 sent) took ${seconds.toFixed(1)} s`);
    await expect(summary.getByTestId('summary-created')).toHaveText('199 created');
    await expect(summary.getByTestId('summary-skipped')).toHaveText('6 skipped');
    await expect(summary.getByTestId('summary-failed')).toHaveText('0 failed');
    await saveScreenshot(page, 'leads-import-summary-desktop');

    const downloadPromise = page.waitForEvent('download');
    await summary.getByRole('button', { name: /Download the 6 rows not imported/ }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('leads-205-not-imported.csv');
    const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.data.map((r) => Number(r.row))).toEqual(BAD_ROWS);
    expect(parsed.data.every((r) => r.reason && r.reason.length > 0)).toBe(true);
    expect(parsed.data.find((r) => r.row === '122')!.reason).toBe('No phone number.');
    expect(parsed.data.find((r) => r.row === '192')!.Phone).toBe('(332) 555-0199');

    const stored = await api.leadsOf(campaign.id);
    expect(stored).toHaveLength(200); // 199 imported + the one that was there
    expect(new Set(stored.map((l) => l.phone_number)).size).toBe(200);
    expect(stored.every((l) => /^\+[1-9]\d{6,14}$/.test(l.phone_number))).toBe(true);
    const anna = stored.find((l) => l.variables.customer_name === 'Anna Smith');
    expect(anna).toMatchObject({ phone_number: '+12125551000', variables: { email: 'anna.smith0@example.com', plan: 'basic' } });
  });
});

test.describe('CSV import, slowed down', () => {
  test('a rate-limit answer is waited out without losing the row; cancel stops it and every unsent row is in the download', async ({
    signedInPage: page,
    request,
    demoToken,
  }) => {
    test.setTimeout(90_000);
    const api = leadsApi(request, demoToken);
    const campaign = await api.createCampaign(`E2E cancel ${RUN_ID}`);
    const lines = ['phone,name'];
    for (let i = 0; i < 30; i++) lines.push(`(212) 555-03${String(i).padStart(2, '0')},Slow ${i}`);

    // The local service runs with a high rate limit: the hosted one's 429 is played once here, and every
    // request is slowed so there is time to cancel. The rows still go to the real service.
    let answered429 = false;
    await page.route('**/api/user/lead', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      if (!answered429) {
        answered429 = true;
        return route.fulfill({ status: 429, contentType: 'application/json', headers: { 'Retry-After': '1' }, body: JSON.stringify({ message: 'Too Many Attempts.', retry_after: 1 }) });
      }
      await new Promise((r) => setTimeout(r, 250));
      return route.continue();
    });

    await page.goto(`/leads/import?campaign=${campaign.id}`);
    await page.locator('input[type="file"]').setInputFiles({ name: 'slow.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await pickOption(page, 'Default country', /United States/);
    await expect(page.getByTestId('preview-ready')).toHaveText('30 ready to import');
    await page.getByRole('button', { name: 'Import 30 leads' }).click();

    const progress = page.getByTestId('import-progress');
    await expect(progress.getByText(/The service asked to slow down/)).toBeVisible();
    await expect(progress.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    await expect(progress).toContainText(/[3-9] created/, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Cancel import' }).click();

    const summary = page.getByTestId('import-summary');
    await expect(summary).toBeVisible({ timeout: 20_000 });
    await expect(summary.getByText('Import cancelled')).toBeVisible();
    await expect(summary).toContainText('with 1 pause for the rate limit');
    const created = Number((await summary.getByTestId('summary-created').textContent())!.split(' ')[0]);
    const notSent = Number((await summary.getByTestId('summary-not-sent').textContent())!.split(' ')[0]);
    expect(created).toBeGreaterThanOrEqual(3);
    expect(created + notSent).toBe(30);
    await expect(summary.getByTestId('summary-failed')).toHaveText('0 failed');

    // What the service holds is what the summary says; the rest is in the download, none twice
    const stored = await api.leadsOf(campaign.id);
    expect(stored).toHaveLength(created);
    expect(stored.map((l) => l.phone_number).sort()).toEqual(
      Array.from({ length: created }, (_, i) => `+121255503${String(i).padStart(2, '0')}`),
    );
    const downloadPromise = page.waitForEvent('download');
    await summary.getByRole('button', { name: `Download the ${notSent} ${notSent === 1 ? 'row' : 'rows'} not imported (CSV)` }).click();
    const text = readFileSync(await (await downloadPromise).path(), 'utf8').replace(/^\uFEFF/, '');
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.data.map((r) => r.name)).toEqual(Array.from({ length: notSent }, (_, i) => `Slow ${created + i}`));
    expect(parsed.data.every((r) => r.outcome === 'not sent' && r.reason === 'Not sent: the import was cancelled before this row.')).toBe(true);
  });
});

test.describe('screenshots of the leads pages', () => {
  for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`at ${width} width`, async ({ signedInPage: page, request, demoToken }) => {
      await page.setViewportSize(viewport);
      const api = leadsApi(request, demoToken);
      const campaign = await api.createCampaign(`E2E screens ${width} ${RUN_ID}`);
      await api.createLead({ campaign_id: campaign.id, phone_number: '+12125550155', variables: { customer_name: 'Screen Shot' } });

      await page.goto('/leads');
      await expect(page.getByTestId('lead-row').first()).toBeVisible();
      await saveScreenshot(page, `leads-list-${width}`, { fullPage: false });

      await page.goto(`/leads?campaign=${campaign.id}`);
      await page.getByRole('link', { name: 'Edit lead +12125550155' }).click();
      await expect(page.getByRole('heading', { name: 'Edit lead' })).toBeVisible();
      await page.getByRole('button', { name: 'Add variable' }).click();
      await topScreenshot(page, `lead-edit-${width}`);

      await page.goto(`/leads/new?campaign=${campaign.id}`);
      await page.getByRole('button', { name: 'Add secondary contact' }).click();
      await page.getByRole('textbox', { name: 'Phone number', exact: true }).pressSequentially('2125550166');
      await topScreenshot(page, `lead-form-${width}`);

      if (width === 'phone') {
        // A small import at phone width: preview and summary.
        const csv = ['phone,name,city', '(212) 555-0177,Small One,Boston', '12,Too Short,Denver', '+44 20 7946 0018,Small Two,London'].join('\n');
        await page.goto(`/leads/import?campaign=${campaign.id}`);
        await page.locator('input[type="file"]').setInputFiles({ name: 'small.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await pickOption(page, 'Default country', /United States/);
        await expect(page.getByTestId('preview-failing')).toHaveText('1 will fail');
        await topScreenshot(page, 'leads-import-preview-phone');
        await page.getByRole('button', { name: 'Import 2 leads' }).click();
        await expect(page.getByTestId('summary-created')).toHaveText('2 created');
        await expect(page.getByRole('button', { name: 'Download the 1 row not imported (CSV)' })).toBeVisible();
        await topScreenshot(page, 'leads-import-summary-phone');
      }
    });
  }
});
