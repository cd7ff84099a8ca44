import { test, expect, type Page } from '@playwright/test';
import { EXPECTED, REVISIONS, type Expected } from '../src/server/test/stand-ins/hosted-service-fixtures';
import { signInThroughForm, startSessionInStorage } from './support/session';
import { PHONE, saveScreenshot } from './support/screenshots';
import { networkQuiet } from './support/quiet';

/*
 * The console against the hosted service as its documentation shows it: the local service in proxy mode
 * (playwright.config.ts starts it) in front of a stand-in that answers with the documented examples'
 * shapes (src/server/test/stand-ins/hosted-service.ts), today's and an earlier revision's. Every page must show its data, and no page may
 * show an error box because a field is missing, null, a string or an unknown value.
 *
 * The stand-in picks the revision from the token's prefix, so each test signs in as "<revision>-…".
 */
const hostedPort = process.env.VC_E2E_HOSTED_PORT;
test.use({ baseURL: `http://127.0.0.1:${hostedPort}` });

/** The titles every failed load, page error or failed change carries (error-state, route-error, query-state). */
const ERROR_TITLE = /could not|could not be loaded|did not work|not saved|went wrong|unexpected/i;

async function expectNoErrorBox(page: Page) {
  await expect(page.locator('[role="alert"]').filter({ hasText: ERROR_TITLE })).toHaveCount(0);
}

/** Waits for the page's data, then checks that nothing beside it failed. */
async function expectShows(page: Page, texts: string[]) {
  for (const text of texts) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  await expectNoErrorBox(page);
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
}

for (const revision of REVISIONS) {
  const x: Expected = EXPECTED[revision];
  const token = `${revision}-hosted-token-0001`;
  const shot = (page: Page, name: string) => saveScreenshot(page, `hosted-${revision}-${name}`);

  test.describe(`hosted examples, ${revision} revision`, () => {
    test('signs in with the form and lands on the overview, which this host does not offer: a note, no error', async ({ page }) => {
      await signInThroughForm(page, token);
      await expect(page).toHaveURL(/\/overview$/);
      await expect(page.getByTestId('overview-not-offered')).toBeVisible();
      // No event stream here (404): the console polls instead and says so.
      await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-stream', 'unsupported');
      await expectNoErrorBox(page);
      await shot(page, 'overview');
      await page.goto('/assistants');
      await expectShows(page, x.assistantNames);
    });

    test.describe('signed in', () => {
      test.beforeEach(async ({ context }) => {
        await startSessionInStorage(context, token);
      });

      test('assistants list, an assistant, the new-assistant form', async ({ page }) => {
        await visit(page, '/assistants');
        await expectShows(page, x.assistantNames);
        await shot(page, 'assistants');

        await visit(page, `/assistants/${x.assistant.id}`);
        await expect(page.getByRole('textbox', { name: 'Name', exact: true }).first()).toHaveValue(x.assistant.name);
        await expectNoErrorBox(page);
        await shot(page, 'assistant');

        await visit(page, '/assistants/new');
        await expect(page.getByRole('textbox', { name: 'Name', exact: true }).first()).toBeVisible();
        await expectNoErrorBox(page);
        await shot(page, 'assistant-new');
      });

      test('tools list and one tool', async ({ page }) => {
        await visit(page, '/tools');
        await expectShows(page, [x.toolName]);
        await shot(page, 'tools');

        await visit(page, `/tools/${x.toolId}`);
        await expect(page.getByRole('form', { name: 'Mid-call tool' })).toBeVisible();
        await expect(page.locator(`input[value="${x.toolName}"]`).first()).toBeVisible();
        await expectNoErrorBox(page);
        await shot(page, 'tool');
      });

      test('leads list (every page), one lead, the import', async ({ page }) => {
        await visit(page, '/leads');
        for (const phone of x.leadPhones) await expect(page.locator(`[data-e164="${phone}"]`).first()).toBeVisible();
        await expectNoErrorBox(page);
        await shot(page, 'leads');

        await visit(page, `/leads/${x.leadId}`);
        await expect(page.getByLabel('Phone number').first()).toBeVisible();
        await expectNoErrorBox(page);
        await shot(page, 'lead');

        await visit(page, '/leads/import');
        await expect(page.getByRole('heading', { name: /import/i }).first()).toBeVisible();
        await expectNoErrorBox(page);
      });

      test('campaigns list, one campaign, the new-campaign form', async ({ page }) => {
        await visit(page, '/campaigns');
        await expectShows(page, x.campaignNames);
        await shot(page, 'campaigns');

        await visit(page, `/campaigns/${x.campaignId}`);
        await expectShows(page, [x.campaignName]);
        await expect(page.getByTestId('progress-not-offered')).toBeVisible();
        await shot(page, 'campaign');

        await visit(page, '/campaigns/new');
        await expect(page.getByRole('heading', { name: /new campaign/i }).first()).toBeVisible();
        await expectNoErrorBox(page);
        await shot(page, 'campaign-new');
      });

      test("call log and a call's drawer", async ({ page }) => {
        await visit(page, '/calls');
        await expectShows(page, x.callAssistantNames);
        await shot(page, 'calls');

        await visit(page, `/calls/${x.callId}`);
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectShows(page, [x.callText]);
        await shot(page, 'call');
      });

      test('numbers and voices, settings', async ({ page }) => {
        await visit(page, '/numbers');
        await expectShows(page, [...x.voiceNames, ...x.modelNames, ...x.languageNames]);
        await shot(page, 'numbers');

        // The SIP trunk list from the documented example, and a trunk's page (GET …/sip-trunks/{id}).
        if (x.sipTrunk) {
          await page.getByTestId('sip-trunks').getByRole('link', { name: `Open SIP trunk ${x.sipTrunk.number}` }).click();
          await expect(page.getByRole('heading', { name: `SIP trunk ${x.sipTrunk.number}`, level: 1 })).toBeVisible();
          await expect(page.getByRole('form', { name: 'SIP trunk' }).getByRole('textbox', { name: 'Allowed IP addresses' })).toHaveValue('203.0.113.40');
          await expectNoErrorBox(page);
          await shot(page, 'sip-trunk');
        }

        await visit(page, '/settings');
        await expect(page.getByRole('heading', { name: 'Settings' }).first()).toBeVisible();
        await expectNoErrorBox(page);
        await shot(page, 'settings');
      });

      test('every page at phone width', async ({ page }) => {
        await page.setViewportSize(PHONE);
        const pages: [string, string][] = [
          ['overview', '/overview'],
          ['assistants', '/assistants'],
          ['calls', '/calls'],
          ['leads', '/leads'],
          ['campaigns', '/campaigns'],
          ['numbers', '/numbers'],
        ];
        for (const [name, path] of pages) {
          await visit(page, path);
          await networkQuiet(page);
          await expectNoErrorBox(page);
          await shot(page, `${name}-phone`);
        }
      });
    });
  });
}
