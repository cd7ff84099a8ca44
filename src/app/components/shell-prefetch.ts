import { useEffect } from 'react';

/*
 * Libraries most console pages need, fetched once the first page has painted (an effect runs after paint):
 * libphonenumber-js with its full metadata (the contract's phone rules; overview, calls, campaigns and
 * leads format or check numbers with it, ~49 KB gzip) and react-hook-form (every form, ~17 KB). They are
 * part of the console's shell: the next page that needs them finds them in the cache instead of waiting
 * for them. The sign-in page loads neither. vite.config.ts gives each its own chunk (`phone`, `forms`).
 * Likewise Mantine's Checkbox and SegmentedControl (console-controls.ts, chunk `controls`).
 */
const load = () => {
  void import('@contract/phone').catch(() => undefined);
  void import('react-hook-form').catch(() => undefined);
  void import('./console-controls').catch(() => undefined);
};

export function useShellPrefetch(): void {
  // Not requestIdleCallback: a page that keeps the main thread busy (a live list) would put them off
  // until it needs them itself. Low priority by position: the page's own chunks were requested first.
  useEffect(load, []);
}
