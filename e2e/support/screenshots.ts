import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** Screenshots to look at, by page and width: test-results/screenshots/<name>.png. */
export const SCREENSHOT_DIR = join('test-results', 'screenshots');

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Let transitions (notifications, the progress bar) settle.
  await page.waitForTimeout(350);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: options.fullPage ?? true, animations: 'disabled' });
}
