/*
 * Mantine controls many console pages use and the sign-in page does not: fetched with the shell
 * (shell-prefetch.ts) into a chunk of their own (`controls`, vite.config.ts), as they were while the
 * sign-in page carried them, so a page that shows one does not fetch it on its first visit.
 */
export { Checkbox, SegmentedControl } from '@mantine/core';
