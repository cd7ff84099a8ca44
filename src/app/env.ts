/*
 * The build-time environment, read once and checked here; nothing else reads import.meta.env.
 * VITE_API_BASE_URL is the API the console talks to when a session uses "This server".
 * Checked by hand, not with zod: every first visit loads this file, and the sign-in page has no other use
 * for a schema library before its form is submitted (`npm run size`).
 */
function apiBaseUrl(value: unknown): string {
  if (value === undefined) return '/api';
  const v = typeof value === 'string' ? value.trim() : '';
  if (!v.startsWith('/') && !/^https?:\/\//i.test(v)) {
    throw new Error('Invalid build environment: VITE_API_BASE_URL must be a path such as /api or an http(s) URL.');
  }
  return v;
}

const raw = import.meta.env as Record<string, unknown>;

export const env = {
  /** Same-origin API path (or URL) used when the session's host is "This server". */
  apiBaseUrl: apiBaseUrl(raw.VITE_API_BASE_URL).replace(/\/+$/, ''),
  mode: typeof raw.MODE === 'string' ? raw.MODE : 'production',
} as const;
