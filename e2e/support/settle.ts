import type { Page } from '@playwright/test';

/**
 * Waits until the page's transitions have ended: two frames for one just mounted to start, then until no finite
 * animation or transition runs (2 s at most: one that keeps restarting is left alone). A screenshot or an axe
 * scan taken mid-transition sees blended colours (a drawer fading in failed axe's contrast check in CI).
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        setTimeout(resolve, 2_000);
        const moving = () =>
          document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
        const check = () => (moving() ? requestAnimationFrame(check) : resolve());
        requestAnimationFrame(() => requestAnimationFrame(check));
      }),
  );
}
