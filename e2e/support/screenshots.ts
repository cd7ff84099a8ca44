import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { settleAnimations } from './settle';

/** Screenshots to look at, by page and width: test-results/screenshots/<name>.png. */
export const SCREENSHOT_DIR = join('test-results', 'screenshots');

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** The README's pictures (docs/screenshots/): copied there each time their spec takes them, so they stay current. */
const README_PICTURES = new Set(['calls-desktop', 'web-call-panel-desktop', 'test-call-ended']);

export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Transitions (notifications, the progress bar, a drawer) ended first.
  await settleAnimations(page);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: options.fullPage ?? true, animations: 'disabled' });
  if (README_PICTURES.has(name)) copyFileSync(join(SCREENSHOT_DIR, `${name}.png`), join('docs', 'screenshots', `${name}.png`));
}
