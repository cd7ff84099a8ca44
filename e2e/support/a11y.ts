import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { settleAnimations } from './settle';

/*
 * Accessibility checks: axe against WCAG 2.1 A and AA, and the keyboard helpers of the keyboard journey.
 * Nothing is excluded and no rule is turned off: a finding is fixed in the console, not here.
 */

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type ColorScheme = 'light' | 'dark';

/** The console's light/dark choice (src/app/theme.ts: localStorageColorSchemeManager, key `vc-color-scheme`). */
export const COLOR_SCHEME_KEY = 'vc-color-scheme';

/**
 * The context's first page opens in this colour scheme (stored before the console reads it, as after a
 * click on the header's toggle). Only when nothing is stored: a later choice made in the page stays.
 */
export async function useColorScheme(context: BrowserContext, scheme: ColorScheme) {
  await context.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [COLOR_SCHEME_KEY, scheme] as const,
  );
}

/** Switches an open page's colour scheme (stored, then reloaded, so the console reads it as on a first visit). */
export async function switchColorScheme(page: Page, scheme: ColorScheme) {
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [COLOR_SCHEME_KEY, scheme] as const);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/**
 * Runs axe on the page as it is now and returns its findings as readable lines: the rule, its impact and
 * help, and for each element the target selector and what axe says is wrong with it. Empty: no violations.
 */
export async function axeFindings(page: Page, where: string): Promise<string[]> {
  // Legacy mode runs axe.run in the page (same-origin frames included) instead of a partial run per frame
  // finished in a new blank page with axe injected a second time: a third of the time per scan. It cannot
  // reach a frame of another origin, so a page with one fails here instead of passing unscanned.
  const foreign = page.frames().filter((f) => f !== page.mainFrame() && !sameOrigin(f.url(), page.url()));
  expect(foreign.map((f) => f.url()), `${where}: frames of another origin, which the scan would not reach`).toEqual([]);
  // Every rule of the tags still runs; `resultTypes` only spares axe the selectors of each passing element.
  // (options() replaces the whole options object, so it comes before withTags.)
  await settleAnimations(page);
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  return result.violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 8)
      .map((n) => {
        const summary = (n.failureSummary ?? '').replace(/\s+/g, ' ').trim();
        return `    - ${n.target.join(' ')}\n      ${n.html.slice(0, 200)}\n      ${summary.slice(0, 400)}`;
      })
      .join('\n');
    const more = v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : '';
    return `[${where}] ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n  ${v.helpUrl}\n${nodes}${more}`;
  });
}

function sameOrigin(frameUrl: string, pageUrl: string): boolean {
  // about:blank and srcdoc frames inherit the page's origin.
  if (!/^https?:/.test(frameUrl)) return true;
  return new URL(frameUrl).origin === new URL(pageUrl).origin;
}

/** Fails (softly, so every page and variant of a test is reported) when axe finds any violation. */
export async function expectNoAxeViolations(page: Page, where: string) {
  const findings = await axeFindings(page, `${where} ${page.url()}`);
  expect.soft(findings.length, `axe WCAG 2.1 A/AA violations on ${where}:\n${findings.join('\n')}`).toBe(0);
}

/** What the focused element is, for messages and for comparing. */
export interface FocusedInfo {
  tag: string;
  name: string;
  role: string | null;
  id: string;
  testId: string | null;
  /** Whether a focus ring is drawn (on the element, or where Mantine draws it for the element). */
  ring: boolean;
  /** How the focus is drawn: outline, box-shadow. */
  outlineStyle: string;
  outlineWidth: number;
  boxShadow: string;
}

/** The focused element's accessible-ish name (aria-label, aria-labelledby, label, text) and its focus styles. */
export async function focusedInfo(page: Page): Promise<FocusedInfo | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    // Text as a screen reader reads it: without aria-hidden parts (the required asterisk, icons).
    const textOf = (node: Element | null): string => {
      if (!node) return '';
      const copy = node.cloneNode(true) as Element;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
      return copy.textContent ?? '';
    };
    const byIds = (ids: string | null) =>
      (ids ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => textOf(document.getElementById(id)))
        .join(' ');
    const labels = (el as HTMLInputElement).labels;
    const name =
      el.getAttribute('aria-label') ??
      (byIds(el.getAttribute('aria-labelledby')) ||
        (labels && labels.length > 0 ? Array.from(labels, (l) => textOf(l)).join(' ') : '') ||
        textOf(el) ||
        el.getAttribute('title') ||
        el.getAttribute('placeholder') ||
        '');
    /*
     * Where the ring is drawn: on the element, or for Mantine's styled native inputs on the element drawn
     * in their place (a switch's track and a radio's circle: the next sibling; a checkbox's box: a child
     * of the next sibling; a password field or a multiselect: the box around the input). Outlines anywhere there, box-shadows only on
     * the element and its children (cards around it carry shadows of their own).
     */
    const ringOf = (node: Element | null | undefined, shadows: boolean) => {
      if (!node) return null;
      const style = window.getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && (parseFloat(style.outlineWidth) || 0) > 0;
      const shadow = shadows && style.boxShadow !== '' && style.boxShadow !== 'none';
      return outline || shadow ? { outlineStyle: style.outlineStyle, outlineWidth: parseFloat(style.outlineWidth) || 0, boxShadow: style.boxShadow } : null;
    };
    const next = el.nextElementSibling;
    const ring =
      ringOf(el, true) ??
      Array.from(el.children).map((c) => ringOf(c, true)).find(Boolean) ??
      ringOf(next, false) ??
      (next ? Array.from(next.children).map((c) => ringOf(c, false)).find(Boolean) : null) ??
      ringOf(el.parentElement, false) ??
      ringOf(el.parentElement?.parentElement, false) ??
      null;
    const own = window.getComputedStyle(el);
    return {
      tag: el.tagName.toLowerCase(),
      name: name.replace(/\s+/g, ' ').trim(),
      role: el.getAttribute('role'),
      id: el.id,
      testId: el.getAttribute('data-testid'),
      ring: ring !== null,
      outlineStyle: ring?.outlineStyle ?? own.outlineStyle,
      outlineWidth: ring?.outlineWidth ?? (parseFloat(own.outlineWidth) || 0),
      boxShadow: ring?.boxShadow ?? own.boxShadow,
    };
  });
}

function describe(info: FocusedInfo | null): string {
  if (!info) return 'nothing (body)';
  return `<${info.tag}${info.role ? ` role=${info.role}` : ''}${info.id ? ` id=${info.id}` : ''}> “${info.name.slice(0, 80)}”`;
}

/** The focused element draws a visible focus indicator: an outline of some width, or a box-shadow (computed styles). */
export async function expectFocusRing(page: Page, what = 'the focused element') {
  const info = await focusedInfo(page);
  expect(info, `${what}: nothing has focus`).not.toBeNull();
  expect(info!.ring, `${what} (${describe(info)}) shows no focus ring: outline ${info!.outlineStyle} ${info!.outlineWidth}px, box-shadow ${info!.boxShadow}`).toBe(true);
}

export interface TabOptions {
  /** Tab presses before giving up. */
  max?: number;
  /** Shift+Tab: backwards. */
  backwards?: boolean;
  /** Check the focus ring of the element reached (default true). */
  ring?: boolean;
  /** Only an element that also passes this (e.g. `(f) => f.tag === 'a'`). */
  where?: (info: FocusedInfo) => boolean;
}

/**
 * Presses Tab until the focused element's name matches `name` (a string: the whole name, or a pattern),
 * then checks that it draws a focus ring. Fails with the path it tabbed through when the cap is reached.
 */
export async function tabTo(page: Page, name: string | RegExp, options: TabOptions = {}): Promise<FocusedInfo> {
  const max = options.max ?? 40;
  const matches = (info: FocusedInfo | null) =>
    !!info && (typeof name === 'string' ? info.name === name : name.test(info.name)) && (options.where?.(info) ?? true);
  const path: string[] = [];
  let info = await focusedInfo(page);
  if (!matches(info)) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
      info = await focusedInfo(page);
      path.push(describe(info));
      if (matches(info)) break;
    }
  }
  expect(matches(info), `Tabbed ${max} times without reaching “${String(name)}”. Went through:\n  ${path.join('\n  ')}`).toBe(true);
  if (options.ring ?? true) await expectFocusRing(page, `“${String(name)}”`);
  return info!;
}
