import { expect, test, type Page } from '@playwright/test';
import { RUN_ID, serviceApi, toolName } from './fixtures/assistants-api';
import { expectFocusRing, focusedInfo, tabTo, type FocusedInfo } from './support/a11y';
import { networkQuiet } from './support/quiet';
import { demoToken } from './support/tokens';

/*
 * The console with the keyboard only: no click and no fill. Every control is reached with Tab (or
 * Shift+Tab), typed into, and worked with Enter, Space and the arrow keys; every control reached shows a
 * focus ring. Signed out → the skip link → sign in → a new tool → a new assistant using it → the call log
 * filtered → a call's recording played → the drawer closed, the focus back on the row's link → signed out.
 */

const isLink = (f: FocusedInfo) => f.tag === 'a';
const isButton = (f: FocusedInfo) => f.tag === 'button' || f.role === 'button';
const isField = (f: FocusedInfo) => f.tag === 'input' || f.tag === 'textarea';

/** Back to the main navigation (it comes before the page in the tab order) and into a section. */
async function openSection(page: Page, label: string, path: RegExp, heading: string = label) {
  await tabTo(page, label, { backwards: true, max: 120, where: (f) => isLink(f) && f.testId === null });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(path);
  // The URL changes first; the page before stays drawn until the new one's code is in (a Tab then walked the
  // old page in CI): wait for the new page's own heading.
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
}

/** Types into the field named `label` (reached with Tab) what a person would type. */
async function typeInto(page: Page, label: string | RegExp, text: string, max = 60) {
  await tabTo(page, label, { max, where: isField });
  await page.keyboard.type(text);
}

/** Picks an option of a Mantine select (reached with Tab): typed to filter where it filters, arrows, Enter. */
async function choose(page: Page, label: string | RegExp, search: string, expected: RegExp, max = 60) {
  await tabTo(page, label, { max, where: isField });
  const field = page.locator(':focus');
  if ((await field.getAttribute('readonly')) === null) await page.keyboard.type(search);
  else await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox').filter({ has: page.getByRole('option', { name: expected }) });
  await expect(listbox).toBeVisible();
  for (let i = 0; i < 60; i++) {
    const selected = listbox.locator('[data-combobox-selected]');
    if ((await selected.count()) > 0 && expected.test((await selected.first().textContent()) ?? '')) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
}

test.describe('keyboard only', () => {
  const made = { tool: '', assistant: '' };

  test.afterAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const api = serviceApi(request, demoToken());
    for (const a of await api.assistants()) if (a.name === made.assistant) await api.deleteAssistant(a.id);
    for (const t of await api.tools()) if (t.name === made.tool) await api.deleteTool(t.id);
    await request.dispose();
  });

  test('sign in, make a tool and an assistant, find a call and hear it, sign out', async ({ page, request }) => {
    test.setTimeout(240_000);
    const api = serviceApi(request, demoToken());
    // A completed call with a recording on the first page of the completed ones (what the filter shows).
    const firstPage = await api.call<{ data: { id: number; recording_url?: string | null }[] }>('GET', '/user/calls?status=completed&per_page=15');
    const withRecording = firstPage.data.find((c) => c.recording_url);
    if (!withRecording) throw new Error('No completed demo call with a recording on the first page.');

    // Signed out: the skip link is the first stop and moves the focus to the page's main content.
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = await focusedInfo(page);
    expect(skip?.name, 'the first Tab reaches the skip link').toBe('Skip to main content');
    await expectFocusRing(page, 'the skip link');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();

    // Sign in with the demo token.
    await typeInto(page, 'API token', demoToken(), 10);
    await tabTo(page, 'Sign in', { where: isButton });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/overview$/, { timeout: 20_000 });
    await networkQuiet(page);
    // Signing in loads the console as a new document: a Tab pressed before its shell is drawn has no
    // skip link to reach yet (the flaky first Tab in CI), so wait for the page as a person sees it.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeAttached();

    // The console's skip link too.
    await page.keyboard.press('Tab');
    expect((await focusedInfo(page))?.name).toBe('Skip to main content');
    await expectFocusRing(page, 'the skip link');
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();

    // A tool.
    made.tool = toolName('kb_lookup');
    await openSection(page, 'Tools', /\/tools$/, 'Mid-call tools');
    await tabTo(page, 'New tool', { where: isLink, max: 60 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tools\/new$/);
    await typeInto(page, 'Name', made.tool);
    await expect(page.getByText('Valid name')).toBeVisible();
    await typeInto(page, 'Description', 'Looks something up for the keyboard test.');
    await typeInto(page, 'Endpoint URL', 'https://api.example.com/kb');
    await tabTo(page, 'Create tool', { where: isButton, max: 60 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tools(\/\d+)?$/);
    await expect(page.getByRole('link', { name: made.tool, exact: true })).toBeVisible();

    // An assistant using it.
    made.assistant = `E2E keyboard ${RUN_ID}`;
    await openSection(page, 'Assistants', /\/assistants$/);
    await tabTo(page, 'New assistant', { where: isLink, max: 60 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/assistants\/new$/);
    await expect(page.getByRole('heading', { name: 'New assistant' })).toBeVisible();
    await networkQuiet(page);
    await typeInto(page, 'Name', made.assistant);
    await choose(page, 'Voice', 'Rachel', /Rachel/, 80);
    await choose(page, 'Language', 'English', /^English/, 40);
    await choose(page, 'LLM model', 'gpt-4o-mini', /^gpt-4o-mini/, 40);
    await typeInto(page, 'System prompt', 'You answer questions about opening hours.', 40);
    await choose(page, 'Mid-call tools', made.tool, new RegExp(made.tool), 120);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: `Detach ${made.tool}` })).toBeVisible();
    await tabTo(page, 'Create assistant', { where: isButton, max: 80 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/assistants(\/\d+)?$/, { timeout: 20_000 });
    await expect(page).not.toHaveURL(/\/new$/);

    // The call log, filtered to completed calls.
    await openSection(page, 'Calls', /\/calls(\?.*)?$/);
    await choose(page, 'Status', 'Completed', /^Completed$/, 40);
    await expect(page).toHaveURL(/[?&]status=completed/);
    await expect(page.getByTestId('calls-table')).toHaveAttribute('data-state', 'fresh', { timeout: 20_000 });

    // Open the call with a recording from its row, play it, close the drawer.
    const callName = `Call ${withRecording.id}`;
    await tabTo(page, callName, { where: isLink, max: 200 });
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText(`Call #${withRecording.id}`);
    const player = page.getByTestId('recording-player');
    await expect(player).toBeVisible();
    await tabTo(page, 'Play recording', { where: isButton, max: 60 });
    await page.keyboard.press('Enter');
    await expect(player.getByRole('button', { name: 'Pause recording' })).toBeVisible();
    await expect(player.getByRole('button', { name: 'Pause recording' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(player.getByRole('button', { name: 'Play recording' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/calls\?.*status=completed/);
    // The focus is back where it was: the row's link that opened the call.
    await expect.poll(async () => (await focusedInfo(page))?.name, { message: 'focus returns to the row that opened the drawer' }).toBe(callName);
    await expectFocusRing(page, 'the row link the drawer returned to');

    // Sign out from the account menu.
    await tabTo(page, 'Account menu', { backwards: true, max: 250, where: isButton });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('ArrowDown');
      if ((await focusedInfo(page))?.name === 'Sign out') break;
    }
    expect((await focusedInfo(page))?.name).toBe('Sign out');
    await expectFocusRing(page, 'the Sign out item');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});
