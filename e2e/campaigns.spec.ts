import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { leadsApi, RUN_ID } from './fixtures/leads-api';
import { DESKTOP, PHONE, saveScreenshot } from './support/screenshots';

/*
 * Campaigns against the real local service: one made through the form with every setting, found in the
 * list, started and stopped there and on its page; the form's bounds; the campaign page listing its leads.
 * Every test makes its own campaign (named with the run id and a salt), since the service and its
 * database are shared with the other spec files.
 */

const salt = () => Math.random().toString(36).slice(2, 6);

async function pickOption(page: Page, combobox: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

function campaignRow(page: Page, name: string): Locator {
  return page.getByTestId('campaign-row').filter({ hasText: name });
}

test.describe('campaigns', () => {
  test('made through the form, listed, started and stopped', async ({ signedInPage: page, request, demoToken }) => {
    const api = leadsApi(request, demoToken);
    const assistant = await api.outboundAssistant();
    const name = `E2E campaign ${RUN_ID} ${salt()}`;

    await page.goto('/campaigns');
    await page.getByRole('link', { name: 'New campaign' }).first().click();
    await expect(page).toHaveURL(/\/campaigns\/new$/);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await pickOption(page, 'Outbound assistant', assistant.name);
    // The first outbound number the account has.
    await page.getByRole('combobox', { name: 'Phone numbers' }).click();
    const firstNumber = page.getByRole('option').first();
    const numberLabel = (await firstNumber.textContent()) ?? '';
    await firstNumber.click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Calls in parallel', exact: true }).fill('2');
    await page.getByText('Sat', { exact: true }).click();
    await page.locator('input[name="allowed_hours_start_time"]').fill('08:30');
    await page.locator('input[name="allowed_hours_end_time"]').fill('18:00');
    await page.getByRole('textbox', { name: 'Attempts', exact: true }).fill('2');
    await page.getByRole('textbox', { name: 'Minutes between attempts' }).fill('90');
    await expect(page.getByText('1 h 30 min', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Create campaign' }).click();

    // Its own page, as a draft
    await expect(page).toHaveURL(/\/campaigns\/\d+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('campaign-status')).toHaveText('draft');
    await expect(page.getByText('No leads in this campaign')).toBeVisible();

    const stored = await api.campaignNamed(name);
    expect(stored).toMatchObject({
      status: 'draft',
      assistant_id: assistant.id,
      max_calls_in_parallel: 2,
      allowed_hours_start_time: '08:30',
      allowed_hours_end_time: '18:00',
      allowed_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
      max_retries: 2,
      retry_interval: 90,
    });
    expect(stored!.phone_number_ids).toHaveLength(1);
    const storedNumber = numberLabel.split(' · ')[0]!.trim();
    await expect(page.getByText(storedNumber)).toBeVisible();

    // In the list with its settings
    await page.getByRole('link', { name: 'Campaigns' }).first().click();
    const row = campaignRow(page, name);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('campaign-status')).toHaveText('draft');
    await expect(row).toContainText(assistant.name);
    await expect(row).toContainText('Mon–Sat · 08:30–18:00');
    await expect(row).toContainText('2 × every 1 h 30 min');

    // Start and stop from the list
    await row.getByRole('button', { name: `Start campaign ${name}` }).click();
    await expect(row.getByTestId('campaign-status')).toHaveText('running');
    await expect(page.getByText('Campaign started successfully')).toBeVisible();
    expect((await api.campaign(stored!.id))!.status).toBe('running');
    await row.getByRole('button', { name: `Stop campaign ${name}` }).click();
    await expect(row.getByTestId('campaign-status')).toHaveText('stopped');
    expect((await api.campaign(stored!.id))!.status).toBe('stopped');

    // And again from its page
    await row.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await page.getByRole('button', { name: `Start campaign ${name}` }).click();
    await expect(page.getByTestId('campaign-status')).toHaveText('running');
    // The "running" notice sits over the page's top-right actions (and a pointer resting on it keeps it
    // open): dismissed first, as a person would.
    const notice = page.locator('.mantine-Notification-root').filter({ hasText: 'running' });
    if (await notice.count()) await notice.getByRole('button', { name: 'Close' }).first().click();
    await expect(notice).toHaveCount(0);
    await page.getByRole('button', { name: `Stop campaign ${name}` }).click();
    await expect(page.getByTestId('campaign-status')).toHaveText('stopped');
    expect((await api.campaign(stored!.id))!.status).toBe('stopped');
  });

  test("the form holds to the service's bounds before sending", async ({ signedInPage: page, request, demoToken }) => {
    const api = leadsApi(request, demoToken);
    const name = `E2E bounds ${RUN_ID} ${salt()}`;
    await page.goto('/campaigns/new');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await expect(page.getByText('The name field is required.')).toBeVisible();
    await expect(page.getByText('The assistant id field is required.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await pickOption(page, 'Outbound assistant', (await api.outboundAssistant()).name);
    // Numbers outside the service's bounds are brought back inside them as the field is left.
    const parallel = page.getByRole('textbox', { name: 'Calls in parallel', exact: true });
    await parallel.fill('11');
    await parallel.blur();
    await expect(parallel).toHaveValue('10');
    const attempts = page.getByRole('textbox', { name: 'Attempts', exact: true });
    await attempts.fill('0');
    await attempts.blur();
    await expect(attempts).toHaveValue('1');
    const interval = page.getByRole('textbox', { name: 'Minutes between attempts' });
    await interval.fill('5000');
    await interval.blur();
    await expect(interval).toHaveValue('4320');
    await expect(page.getByText('10 to 4320 (3 days)')).toBeVisible();
    // What cannot be clamped is refused on its field.
    await page.locator('input[name="allowed_hours_start_time"]').fill('18:00');
    await page.locator('input[name="allowed_hours_end_time"]').fill('09:00');
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) await page.getByText(day, { exact: true }).click();
    await page.getByRole('button', { name: 'Create campaign' }).click();

    await expect(page.getByText('The allowed hours end time field must be a time after allowed hours start time.')).toBeVisible();
    await expect(page.locator('input[name="allowed_hours_end_time"]')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Choose at least one day.')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'campaign-form-errors-desktop');
    await expect(page).toHaveURL(/\/campaigns\/new$/);
    expect(await api.campaignNamed(name)).toBeUndefined();
  });

  test("a campaign's page lists its leads with their statuses and secondary contacts", async ({ signedInPage: page, request, demoToken }) => {
    const api = leadsApi(request, demoToken);
    const campaign = await api.createCampaign(`E2E with leads ${RUN_ID} ${salt()}`);
    const other = await api.createCampaign(`E2E other ${RUN_ID} ${salt()}`);
    await api.createLead({
      campaign_id: campaign.id,
      phone_number: '+12125550201',
      variables: { customer_name: 'Lena Lead' },
      secondary_contacts: [{ phone_number: '+4930123450201', variables: { role: 'office' } }],
    });
    await api.createLead({ campaign_id: campaign.id, phone_number: '+12125550202', variables: { customer_name: 'Omar Lead' } });
    await api.createLead({ campaign_id: other.id, phone_number: '+12125550203', variables: { customer_name: 'Not Here' } });

    await page.goto(`/campaigns/${campaign.id}`);
    await expect(page.getByRole('heading', { name: campaign.name })).toBeVisible();
    const rows = page.getByTestId('lead-row');
    await expect(rows).toHaveCount(2);
    await expect(page.getByText('Not Here')).toHaveCount(0);
    const lena = rows.filter({ hasText: 'Lena Lead' });
    await expect(lena.getByTestId('lead-status')).toHaveText('created');
    await expect(lena.getByTestId('lead-phone')).toHaveAttribute('data-e164', '+12125550201');
    await expect(page.getByTestId('campaign-lead-statuses')).toContainText('created');
    await expect(page.getByTestId('campaign-lead-statuses')).toContainText('2');
    await lena.getByTestId('lead-contacts-count').click();
    await expect(page.getByTestId('secondary-contact').getByTestId('lead-phone')).toHaveAttribute('data-e164', '+4930123450201');
    await expect(page.getByText('2 leads')).toBeVisible();

    // Its leads in the leads list, filtered by it
    await page.getByRole('link', { name: 'Search and sort them in Leads' }).click();
    await expect(page).toHaveURL(new RegExp(`/leads\\?campaign=${campaign.id}$`));
    await expect(page.getByTestId('lead-row')).toHaveCount(2);
  });
});

test.describe('screenshots of the campaigns pages', () => {
  for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`at ${width} width`, async ({ signedInPage: page, request, demoToken }) => {
      await page.setViewportSize(viewport);
      const api = leadsApi(request, demoToken);
      const campaign = await api.createCampaign(`E2E screens ${width} ${RUN_ID} ${salt()}`);
      await api.createLead({ campaign_id: campaign.id, phone_number: '+12125550211', variables: { customer_name: 'Screen Lead' } });

      await page.goto('/campaigns');
      await expect(page.getByTestId('campaign-row').first()).toBeVisible();
      await saveScreenshot(page, `campaigns-list-${width}`, { fullPage: false });

      await page.goto('/campaigns/new');
      await expect(page.getByRole('combobox', { name: 'Outbound assistant', exact: true })).toBeVisible();
      await saveScreenshot(page, `campaign-form-${width}`);

      await page.goto(`/campaigns/${campaign.id}`);
      await expect(page.getByTestId('lead-row')).toHaveCount(1);
      await saveScreenshot(page, `campaign-page-${width}`);
    });
  }
});

test.describe('deleting campaigns', () => {
  test('from the list, after a confirmation naming it', async ({ signedInPage: page, request, demoToken }) => {
    const api = leadsApi(request, demoToken);
    const campaign = await api.createCampaign(`E2E delete list ${RUN_ID} ${salt()}`);
    await page.goto('/campaigns');
    const row = campaignRow(page, campaign.name);
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete campaign ${campaign.name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Delete the campaign “${campaign.name}”?`);
    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete campaign ${campaign.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete campaign' }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('Campaign deleted successfully')).toBeVisible();
    expect(await api.campaign(campaign.id)).toBeUndefined();
  });

  test('a running one from its page: the page goes back to the list', async ({ signedInPage: page, request, demoToken }) => {
    const api = leadsApi(request, demoToken);
    const campaign = await api.createCampaign(`E2E delete running ${RUN_ID} ${salt()}`);
    const started = await request.post('/api/user/campaigns/update-status', {
      headers: { Authorization: `Bearer ${demoToken}`, Accept: 'application/json' },
      data: { campaign_id: campaign.id, action: 'start' },
    });
    expect(started.ok()).toBe(true);
    await page.goto(`/campaigns/${campaign.id}`);
    await expect(page.getByTestId('campaign-status')).toHaveText('running');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('It is running');
    await dialog.getByRole('button', { name: 'Delete campaign' }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
    await expect(campaignRow(page, campaign.name)).toHaveCount(0);
    expect(await api.campaign(campaign.id)).toBeUndefined();
  });
});
