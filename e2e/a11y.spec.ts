import { expect, test as base, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { serviceApi, type ApiAssistant } from './fixtures/assistants-api';
import { COLOR_SCHEME_KEY, expectNoAxeViolations, type ColorScheme } from './support/a11y';
import { loadDeferred, networkQuiet } from './support/quiet';
import { DESKTOP, PHONE } from './support/screenshots';
import { startSessionInStorage } from './support/session';
import { demoToken } from './support/tokens';

/*
 * axe (WCAG 2.1 A and AA) on every page of the console and its open states, at desktop and phone width,
 * in light and dark mode, and reports every finding (rule, impact, target selectors, the page) before failing.
 *
 * Each page is loaded once and then walked through the four variants in place: the width by resizing the
 * viewport (the console's layout follows CSS media queries and matchMedia listeners, as when a window is
 * resized), the scheme as the console takes a choice made in another tab (the stored value and its
 * `storage` event: src/app/theme.ts, Mantine's localStorageColorSchemeManager). Every variant waits for the
 * page to settle again (requests, deferred parts, animations) before its scan, so each page and each open
 * state is still scanned in all of its variants; what is no longer done is loading the page four times.
 * A page with states is scanned in every variant, then the first state is brought about and scanned in
 * every variant (walking back), and so on.
 */

/**
 * One browser context per worker for the signed-in pages, a page (tab) per test: the console's files stay in
 * the context's cache and code cache, so only the first test of a worker loads them cold. Nothing a test
 * changes lives beyond its tab but the stored colour scheme, which each test sets before its page loads.
 */
const test = base.extend<object, { signedInContext: BrowserContext }>({
  signedInContext: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ ...contextOptions(workerInfo.project.use), reducedMotion: 'reduce' });
      await startSessionInStorage(context, demoToken());
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
});

function contextOptions(use: TestInfo['project']['use']) {
  if (!use.baseURL) throw new Error('playwright.config.ts sets no baseURL');
  return { baseURL: use.baseURL, locale: use.locale };
}

interface Variant {
  name: string;
  viewport: { width: number; height: number };
  scheme: ColorScheme;
}

/** In walking order: each step changes the width or the scheme, not both. */
const VARIANTS: Variant[] = [
  { name: 'desktop-light', viewport: DESKTOP, scheme: 'light' },
  { name: 'desktop-dark', viewport: DESKTOP, scheme: 'dark' },
  { name: 'phone-dark', viewport: PHONE, scheme: 'dark' },
  { name: 'phone-light', viewport: PHONE, scheme: 'light' },
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
  /** Its recording's address, as the player asks for it. */
  recordingUrl: string;
  /** A SIP trunk made for the scan (the demo seed has none). */
  sipTrunk: number;
}

let ids: Ids;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: contextOptions(testInfo.project.use).baseURL });
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
    if (!call?.recording_url) throw new Error('The demo seed has no completed call with a recording.');
    // Its own username and extension each run: the service keeps trunks between runs on one data dir.
    const suffix = Date.now().toString(36);
    const trunk = await api.call<{ data: { id: number } }>('POST', '/user/phone-numbers/sip-trunks', {
      sip_trunk_type: 'extension',
      phone_number: `9${suffix.slice(-6)}`,
      sip_username: `a11y-${suffix}`,
      sip_password: 'a11y-pass',
      sip_address: 'sip.carrier.example',
      sip_calling_format: '+e164',
      inbound_authorization_type: 'ip',
      allowed_inbound_ips: ['203.0.113.7'],
      country_code: 'DE',
    });
    ids = {
      outboundAssistant: pick('outbound'),
      inboundAssistant: pick('inbound', (a) => a.phone_number_id !== null),
      tool: first(tools, 'tool').id,
      lead: first(leads, 'lead').id,
      campaign: first(campaigns, 'campaign').id,
      callWithRecording: call.id,
      recordingUrl: call.recording_url,
      sipTrunk: trunk.data.id,
    };
  } finally {
    await request.dispose();
  }
});

test.afterAll(async ({ playwright }, testInfo) => {
  if (!ids?.sipTrunk) return;
  const request = await playwright.request.newContext({ baseURL: contextOptions(testInfo.project.use).baseURL });
  try {
    await serviceApi(request, demoToken()).call('DELETE', `/user/phone-numbers/${ids.sipTrunk}`);
  } finally {
    await request.dispose();
  }
});

/** A tab at the first variant: its width and scheme set before the console first reads them. */
async function openPage(context: BrowserContext, first: Variant): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(first.viewport);
  await page.emulateMedia({ colorScheme: first.scheme, reducedMotion: 'reduce' });
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [COLOR_SCHEME_KEY, first.scheme] as const);
  return page;
}

/** Switches a loaded page to another variant: resized, and the scheme chosen as in another tab. */
async function applyVariant(page: Page, variant: Variant) {
  await page.setViewportSize(variant.viewport);
  await page.emulateMedia({ colorScheme: variant.scheme, reducedMotion: 'reduce' });
  await page.evaluate(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: window.localStorage }));
    },
    [COLOR_SCHEME_KEY, variant.scheme] as const,
  );
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
  await settledAgain(page);
}

/** After a switch of width or scheme: what it loads (a phone layout's parts) loaded, nothing busy or moving. */
async function settledAgain(page: Page) {
  await networkQuiet(page);
  await loadDeferred(page);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await settled(page);
}

/** The recording player's seek slider (its thumb carries the role; hidden, not gone, while it is disabled). */
function seekSlider(page: Page) {
  return page.getByTestId('recording-player').locator('[role="slider"][aria-label="Seek"]');
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
  /** Before the page loads (routes to hold a request). */
  prepare?: (page: Page) => Promise<void>;
  /** Waits for the page (default `ready`). */
  wait?: (page: Page) => Promise<void>;
  /** Waits for the page again after a switch of width or scheme (default `settledAgain`). */
  settle?: (page: Page) => Promise<void>;
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
          // The service's refusal lands on the token field (the form's alert is for failures of the form as a whole).
          await expect(page.getByLabel('API token')).toHaveAttribute('aria-invalid', 'true');
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
      // The recording's length known: the seek slider usable.
      await expect(seekSlider(page)).toHaveAttribute('aria-disabled', 'false');
    },
  },
  {
    // The player before the recording's length is known (its slider disabled, the thumb hidden): held on
    // purpose, since a scan of the loaded drawer meets this state only when it wins a race.
    name: 'call drawer, recording still loading',
    path: (id) => `/calls/${id.callWithRecording}`,
    prepare: async (page) => {
      // Never answered while the test runs; the tab's close ends it.
      await page.route(ids.recordingUrl, () => undefined);
    },
    wait: async (page) => {
      await expect(page.getByRole('dialog')).toContainText(`Call #${ids.callWithRecording}`);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(seekSlider(page)).toHaveAttribute('aria-disabled', 'true');
      await settled(page);
    },
    settle: async (page) => {
      await settled(page);
      await expect(seekSlider(page)).toHaveAttribute('aria-disabled', 'true');
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
  {
    name: 'new SIP trunk',
    path: '/numbers/sip-trunks/new',
    states: [{ name: 'submitted empty', act: (page) => submitForErrors(page, 'Add trunk') }],
  },
  { name: 'SIP trunk page', path: (id) => `/numbers/sip-trunks/${id.sipTrunk}` },
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
    test(check.name, async ({ browser, signedInContext }, testInfo) => {
      test.setTimeout(120_000);
      const path = typeof check.path === 'string' ? check.path : check.path(ids);
      const variants = check.variants ?? VARIANTS;
      // Signed out: a context of its own (the worker's shares a session).
      const own = check.signedIn === false ? await browser.newContext({ ...contextOptions(testInfo.project.use), reducedMotion: 'reduce' }) : null;
      const page = await openPage(own ?? signedInContext, variants[0]!);
      try {
        await check.prepare?.(page);
        await page.goto(path);
        await (check.wait ?? ready)(page);
        // Open states are checked in their open form only; pages also as they first appear.
        const phases = [...(check.variants ? [] : [null]), ...(check.states ?? [])];
        let order = variants;
        let current = variants[0]!;
        for (const state of phases) {
          if (state) await state.act(page);
          for (const variant of order) {
            if (variant !== current) {
              await applyVariant(page, variant);
              current = variant;
              await (check.settle ?? settledAgain)(page);
            }
            await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', variant.scheme);
            await expectNoAxeViolations(page, `${check.name}${state ? ` – ${state.name}` : ''} [${variant.name}]`);
          }
          // The next phase starts where this one ended.
          order = [...order].reverse();
        }
      } finally {
        await page.close();
        await own?.close();
      }
    });
  }
});
