import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { serviceApi, type ApiAssistant } from './fixtures/assistants-api';
import { COLOR_SCHEME_KEY, expectNoAxeViolations, useColorScheme, type ColorScheme } from './support/a11y';
import { loadDeferred, networkQuiet } from './support/quiet';
import { DESKTOP, PHONE } from './support/screenshots';
import { startSessionInStorage } from './support/session';
import { demoToken } from './support/tokens';

/*
 * axe (WCAG 2.1 A and AA) on every page of the console and its open states, at desktop and phone width,
 * in light and dark mode. Each page is one test that walks the four variants in fresh browser contexts
 * and reports every finding (rule, impact, target selectors, the page) before failing.
 */

interface Variant {
  name: string;
  viewport: { width: number; height: number };
  scheme: ColorScheme;
}

const VARIANTS: Variant[] = [
  { name: 'desktop-light', viewport: DESKTOP, scheme: 'light' },
  { name: 'desktop-dark', viewport: DESKTOP, scheme: 'dark' },
  { name: 'phone-light', viewport: PHONE, scheme: 'light' },
  { name: 'phone-dark', viewport: PHONE, scheme: 'dark' },
];
/** For open states (menus, dialogs): the two ends of the matrix. */
const OPEN_STATE_VARIANTS = VARIANTS.filter((v) => v.name === 'desktop-light' || v.name === 'phone-dark');

/** The demo account's records each page shows, looked up once through the service. */
interface Ids {
  outboundAssistant: number;
  inboundAssistant: number;
  tool: number;
  lead: number;
  campaign: number;
  callWithRecording: number;
}

let ids: Ids;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: baseUrl(testInfo) });
  try {
    const token = demoToken();
    const api = serviceApi(request, token);
    const assistants = await api.assistants();
    const pick = (type: string, test: (a: ApiAssistant) => boolean = () => true) => {
      const hit = assistants.find((a) => a.type === type && test(a));
      if (!hit) throw new Error(`The demo seed has no ${type} assistant.`);
      return hit.id;
    };
    const tools = await api.tools();
    const leads = await api.call<{ id: number }[] | { data: { id: number }[] }>('GET', '/user/leads');
    const campaigns = await api.call<{ id: number }[] | { data: { id: number }[] }>('GET', '/user/campaigns');
    const calls = await api.call<{ data: { id: number; recording_url?: string | null }[] }>('GET', '/user/calls?status=completed&per_page=100');
    const first = <T>(list: T[] | { data: T[] }, what: string): T => {
      const hit = (Array.isArray(list) ? list : list.data)[0];
      if (!hit) throw new Error(`The demo seed has no ${what}.`);
      return hit;
    };
    const call = calls.data.find((c) => c.recording_url);
    if (!call) throw new Error('The demo seed has no completed call with a recording.');
    ids = {
      outboundAssistant: pick('outbound'),
      inboundAssistant: pick('inbound', (a) => a.phone_number_id !== null),
      tool: first(tools, 'tool').id,
      lead: first(leads, 'lead').id,
      campaign: first(campaigns, 'campaign').id,
      callWithRecording: call.id,
    };
  } finally {
    await request.dispose();
  }
});

function baseUrl(testInfo: TestInfo): string {
  const url = testInfo.project.use.baseURL;
  if (!url) throw new Error('playwright.config.ts sets no baseURL');
  return url;
}

/**
 * One context per test, walked through the variants: the console's files stay in its cache, which keeps
 * the run short on a small machine. The colour scheme is stored before each load (as the header's toggle
 * would), the viewport resized.
 */
async function openContext(browser: Browser, testInfo: TestInfo, first: Variant, signedIn: boolean) {
  const context = await browser.newContext({
    baseURL: baseUrl(testInfo),
    locale: testInfo.project.use.locale,
    viewport: first.viewport,
    reducedMotion: 'reduce',
    colorScheme: first.scheme,
  });
  if (signedIn) await startSessionInStorage(context, demoToken());
  await useColorScheme(context, first.scheme);
  const page = await context.newPage();
  return { context, page };
}

async function applyVariant(page: Page, variant: Variant) {
  await page.setViewportSize(variant.viewport);
  await page.emulateMedia({ colorScheme: variant.scheme, reducedMotion: 'reduce' });
  if (page.url().startsWith('http')) {
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [COLOR_SCHEME_KEY, variant.scheme] as const);
  }
}

/** No CSS transition or finite animation still running (menus, dialogs, drawers fading in). */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** The page has its content: a level-1 heading, the network quiet, nothing busy, nothing moving. */
async function ready(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
  await networkQuiet(page);
  await loadDeferred(page);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await settled(page);
}

/** Submits the page's form and waits for its field errors. */
async function submitForErrors(page: Page, button: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await settled(page);
}

interface Check {
  name: string;
  /** The address: a string, or made from the demo records' ids. */
  path: string | ((id: Ids) => string);
  signedIn?: boolean;
  /** Waits for the page (default `ready`). */
  wait?: (page: Page) => Promise<void>;
  /** States to check after the first: each acts on the page, then axe runs again. */
  states?: { name: string; act: (page: Page) => Promise<void> }[];
  variants?: Variant[];
}

const CHECKS: Check[] = [
  {
    name: 'sign-in',
    path: '/sign-in',
    signedIn: false,
    wait: async (page) => {
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await settled(page);
    },
    states: [
      { name: 'empty submitted', act: (page) => submitForErrors(page, 'Sign in') },
      {
        name: 'invalid host',
        act: async (page) => {
          await page.getByLabel('API host', { exact: true }).selectOption('custom');
          await page.getByLabel('API host URL').fill('ftp://example');
          await submitForErrors(page, 'Sign in');
          await expect(page.getByText(/must be an http\(s\) URL/)).toBeVisible();
        },
      },
      {
        name: 'unknown token',
        act: async (page) => {
          await page.getByLabel('API host', { exact: true }).selectOption('same');
          await page.getByLabel('API token').fill('vc_this-token-was-never-issued-000000000000');
          await page.getByRole('button', { name: 'Sign in', exact: true }).click();
          await expect(page.getByRole('alert').first()).toBeVisible();
          await settled(page);
        },
      },
    ],
  },
  { name: 'overview', path: '/overview' },
  { name: 'assistants list', path: '/assistants' },
  {
    name: 'new assistant',
    path: '/assistants/new',
    states: [{ name: 'submitted empty', act: (page) => submitForErrors(page, 'Create assistant') }],
  },
  { name: 'assistant edit (outbound)', path: (id) => `/assistants/${id.outboundAssistant}` },
  { name: 'assistant edit (inbound)', path: (id) => `/assistants/${id.inboundAssistant}` },
  { name: 'calls log', path: '/calls' },
  {
    name: 'call drawer',
    path: (id) => `/calls/${id.callWithRecording}`,
    wait: async (page) => {
      await expect(page.getByRole('dialog')).toContainText(`Call #${ids.callWithRecording}`);
      await expect(page.getByTestId('recording-player')).toBeVisible();
      await ready(page);
    },
  },
  { name: 'leads list', path: '/leads' },
  {
    name: 'new lead',
    path: '/leads/new',
    states: [{ name: 'submitted empty', act: (page) => submitForErrors(page, 'Create lead') }],
  },
  { name: 'lead page', path: (id) => `/leads/${id.lead}` },
  { name: 'leads import', path: '/leads/import' },
  { name: 'campaigns list', path: '/campaigns' },
  {
    name: 'new campaign',
    path: '/campaigns/new',
    states: [{ name: 'submitted empty', act: (page) => submitForErrors(page, 'Create campaign') }],
  },
  { name: 'campaign page', path: (id) => `/campaigns/${id.campaign}` },
  { name: 'tools list', path: '/tools' },
  {
    name: 'new tool',
    path: '/tools/new',
    states: [{ name: 'submitted empty', act: (page) => submitForErrors(page, 'Create tool') }],
  },
  { name: 'tool page', path: (id) => `/tools/${id.tool}` },
  { name: 'numbers & voices', path: '/numbers' },
  { name: 'settings', path: '/settings' },
  {
    name: 'not found',
    path: '/no/such/page',
    wait: async (page) => {
      await expect(page.getByText('Page not found')).toBeVisible();
      await networkQuiet(page);
      await settled(page);
    },
  },
  // Open states.
  {
    name: 'user menu open',
    path: '/assistants',
    variants: OPEN_STATE_VARIANTS,
    states: [
      {
        name: 'menu',
        act: async (page) => {
          await page.getByRole('button', { name: 'Account menu' }).click();
          await expect(page.getByRole('menu')).toBeVisible();
          await settled(page);
        },
      },
    ],
  },
  {
    name: 'navigation open on a phone',
    path: '/settings',
    variants: VARIANTS.filter((v) => v.viewport === PHONE),
    states: [
      {
        name: 'burger open',
        act: async (page) => {
          await page.getByRole('button', { name: 'Open navigation' }).click();
          await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeInViewport();
          await settled(page);
        },
      },
    ],
  },
  {
    name: 'confirm dialog',
    path: '/tools',
    variants: OPEN_STATE_VARIANTS,
    states: [
      {
        name: 'delete a tool',
        act: async (page) => {
          await page.getByRole('button', { name: /^Delete / }).first().click();
          const dialog = page.getByRole('dialog');
          await expect(dialog).toBeVisible();
          await settled(page);
        },
      },
      {
        name: 'cancelled',
        act: async (page) => {
          await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
          await expect(page.getByRole('dialog')).toHaveCount(0);
          await settled(page);
        },
      },
    ],
  },
  {
    name: 'test call form',
    path: (id) => `/assistants/${id.outboundAssistant}`,
    variants: OPEN_STATE_VARIANTS,
    states: [
      {
        name: 'open',
        act: async (page) => {
          await page.getByRole('button', { name: 'Test call' }).click();
          await expect(page.getByRole('dialog', { name: 'Test call' })).toBeVisible();
          await settled(page);
        },
      },
    ],
  },
  {
    name: 'simulate call form',
    path: (id) => `/assistants/${id.inboundAssistant}`,
    variants: OPEN_STATE_VARIANTS,
    states: [
      {
        name: 'open',
        act: async (page) => {
          await page.getByRole('button', { name: 'Simulate a call' }).click();
          await expect(page.getByRole('dialog', { name: 'Simulate a call' })).toBeVisible();
          await settled(page);
        },
      },
    ],
  },
];

// The findings say what and where; a trace of each scan would only cost time.
test.use({ trace: 'off' });

test.describe('axe: WCAG 2.1 A/AA', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const check of CHECKS) {
    test(check.name, async ({ browser }, testInfo) => {
      test.setTimeout(120_000);
      const path = typeof check.path === 'string' ? check.path : check.path(ids);
      const variants = check.variants ?? VARIANTS;
      const { context, page } = await openContext(browser, testInfo, variants[0]!, check.signedIn ?? true);
      try {
        for (const variant of variants) {
          await applyVariant(page, variant);
          await page.goto(path);
          await (check.wait ?? ready)(page);
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', variant.scheme);
          // Open states are checked in their open form only; pages also as they first appear.
          if (!check.variants) await expectNoAxeViolations(page, `${check.name} [${variant.name}]`);
          for (const state of check.states ?? []) {
            await state.act(page);
            await expectNoAxeViolations(page, `${check.name} – ${state.name} [${variant.name}]`);
          }
        }
      } finally {
        await context.close();
      }
    });
  }
});
