import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { networkQuiet } from './support/quiet';

/*
 * The command palette (Ctrl+K): loaded on its first opening only, then keyboard-driven: go to a page,
 * find an assistant by name and a lead by its number written another way, run an action, switch the
 * colour scheme and the language.
 */

interface SeededLead {
  id: number;
  phone_number: string | null;
  variables: Record<string, unknown>;
}

/** The palette's own chunk (vite names it after components/palette.tsx). */
const PALETTE_CHUNK = /\/assets\/palette-[^/]*\.js(\?|$)/;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function palette(page: Page, name = 'Command palette') {
  return page.getByRole('dialog', { name });
}

async function openPalette(page: Page) {
  await page.keyboard.press('Control+K');
  const search = page.getByRole('combobox', { name: 'Search pages, actions and records' });
  await expect(search).toBeFocused();
  return search;
}

/** axe (WCAG 2.1 A/AA) on the open palette only: the page behind it is other specs' business. */
async function expectAccessiblePalette(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const findings = result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(findings, `axe on the palette (${where})`).toEqual([]);
}

async function signedIn(page: Page, path = '/overview') {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await networkQuiet(page);
}

test.describe('command palette', () => {
  test('loads on the first Ctrl+K only, and goes to a page by typing', async ({ signedInPage: page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await signedIn(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((u) => PALETTE_CHUNK.test(u))).toEqual([]);

    const search = await openPalette(page);
    expect(scripts.some((u) => PALETTE_CHUNK.test(u))).toBe(true);
    await expect(palette(page).getByRole('group', { name: 'Pages' })).toBeVisible();
    await search.fill('ca');
    await expect(page.getByRole('option', { name: 'Campaigns', exact: true })).toBeVisible();
    await expect(palette(page).locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
    await expectAccessiblePalette(page, 'light');
    await expect(page.getByRole('option', { name: 'Calls', exact: true })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'Campaigns', exact: true })).toHaveAttribute('aria-selected', 'true');
    await search.fill('calls');
    const option = page.getByRole('option', { name: 'Calls', exact: true });
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(search).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/calls$/);
    await expect(palette(page)).toBeHidden();

    // Ctrl+K works from inside a text field too, and closes it again.
    await openPalette(page);
    await page.keyboard.press('Control+K');
    await expect(palette(page)).toBeHidden();

    // Nothing found, said so.
    const again = await openPalette(page);
    await again.fill('qqqzzzxxx');
    await expect(palette(page).getByText('Nothing found')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
  });

  test('finds an assistant by name and a lead by a differently written number', async ({ signedInPage: page, request, demoToken }) => {
    const res = await request.get('/api/user/leads', { headers: { Authorization: `Bearer ${demoToken}`, Accept: 'application/json' } });
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as SeededLead[] | { data: SeededLead[] };
    const leads = (Array.isArray(body) ? body : body.data).filter((l) => l.phone_number && typeof l.variables.customer_name === 'string');
    const lead = leads.find((l) => l.phone_number!.startsWith('+49')) ?? leads[0];
    expect(lead, 'a seeded lead with a name').toBeDefined();
    const e164 = lead!.phone_number!;
    // A German number as Germans write it ("030 1234567"); any other with the "00" prefix, spaced.
    const typed = e164.startsWith('+49') ? `0${e164.slice(3, 5)} ${e164.slice(5)}` : `00${e164.slice(1, 3)} ${e164.slice(3, 6)} ${e164.slice(6)}`;

    await signedIn(page);
    let search = await openPalette(page);
    await search.fill('northwind');
    await page.getByRole('option', { name: 'Northwind Order Support', exact: true }).click();
    await expect(page).toHaveURL(/\/assistants\/\d+/);
    await expect(page.getByRole('heading', { name: 'Northwind Order Support', level: 1 })).toBeVisible();

    search = await openPalette(page);
    await search.fill(typed);
    const found = palette(page).getByRole('group', { name: 'Leads' }).getByRole('option', { name: new RegExp(escapeRegExp(String(lead!.variables.customer_name))) });
    await expect(found).toBeVisible();
    await found.click();
    await expect(page).toHaveURL(new RegExp(`/leads/${lead!.id}(\\?|$)`));
    await expect(page.getByRole('heading', { name: 'Edit lead' })).toBeVisible();
  });

  test('runs an action and switches the colour scheme', async ({ signedInPage: page }) => {
    await signedIn(page);
    let search = await openPalette(page);
    await search.fill('new tool');
    await expect(page.getByRole('option', { name: 'New tool', exact: true })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tools\/new$/);
    await expect(page.getByRole('heading', { name: 'New mid-call tool' })).toBeVisible();

    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    search = await openPalette(page);
    await search.fill('dark');
    await page.getByRole('option', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    search = await openPalette(page);
    await search.fill('light');
    await expect(page.getByRole('option', { name: 'Switch to light mode' })).toBeVisible();
    await search.fill('a');
    await expect(palette(page).getByRole('group', { name: 'Assistants' })).toBeVisible();
    await expect(palette(page).locator('.mantine-Loader-root')).toHaveCount(0);
    await expectAccessiblePalette(page, 'dark');
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
  });

  test('offers a test call and starting or stopping a campaign', async ({ signedInPage: page, request, demoToken }) => {
    const res = await request.get('/api/user/campaigns', { headers: { Authorization: `Bearer ${demoToken}`, Accept: 'application/json' } });
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as { id: number; name: string; status: string }[] | { data: { id: number; name: string; status: string }[] };
    const campaign = (Array.isArray(body) ? body : body.data).find((c) => c.status === 'running' || c.status === 'draft' || c.status === 'stopped');
    expect(campaign, 'a seeded campaign that can start or stop').toBeDefined();

    await signedIn(page);
    const search = await openPalette(page);
    await search.fill(campaign!.name);
    const verb = campaign!.status === 'running' ? 'Stop' : 'Start';
    await expect(page.getByRole('option', { name: `${verb} campaign “${campaign!.name}”` })).toBeVisible();

    await search.fill('test call');
    await expect(page.getByRole('option', { name: 'Test call', exact: true })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Test call' });
    await expect(dialog).toBeVisible();
    const assistant = dialog.getByRole('combobox', { name: 'Assistant' });
    await expect(assistant).toBeFocused();
    await assistant.click();
    await page.getByRole('option').first().click();
    await expect(dialog.getByRole('form', { name: 'Test call' })).toBeVisible();
    await expect(dialog.getByText('Number to call')).toBeVisible();
  });

  test('switches to German, and then speaks German', async ({ signedInPage: page }) => {
    await signedIn(page);
    const search = await openPalette(page);
    await search.fill('deutsch');
    await page.getByRole('option', { name: 'Switch language to Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await networkQuiet(page);

    await page.keyboard.press('Control+K');
    const dialog = palette(page, 'Befehlspalette');
    const suche = dialog.getByRole('combobox', { name: 'Seiten, Aktionen und Einträge durchsuchen' });
    await expect(suche).toBeFocused();
    await expect(suche).toHaveAttribute('placeholder', 'Öffnen, ausführen oder suchen …');
    await expect(dialog.getByRole('group', { name: 'Seiten' })).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Aktionen' })).toBeVisible();
    await suche.fill('neu');
    await expect(dialog.getByRole('option', { name: 'Neues Tool' })).toBeVisible();
    await suche.fill('qqqzzzxxx');
    await expect(dialog.getByText('Nichts gefunden')).toBeVisible();
    await suche.fill('english');
    await expect(dialog.getByRole('option', { name: 'Sprache wechseln: English' })).toBeVisible();
  });
});
