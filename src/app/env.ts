import * as z from './lib/zod-mini';

/*
 * The build-time environment, read once and validated here; nothing else reads import.meta.env.
 * VITE_API_BASE_URL is the API the console talks to when a session uses "This server".
 * (zod/mini in the files the sign-in page loads: full zod stays in the signed-in pages' chunks.)
 */
const envSchema = z.object({
  VITE_API_BASE_URL: z._default(
    z.string().check(
      z.trim(),
      z.minLength(1),
      z.refine((v) => v.startsWith('/') || /^https?:\/\//i.test(v), 'VITE_API_BASE_URL must be a path such as /api or an http(s) URL.'),
    ),
    '/api',
  ),
  MODE: z._default(z.string(), 'production'),
});

const parsed = z.safeParse(envSchema, import.meta.env);
if (!parsed.success) {
  throw new Error(`Invalid build environment: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
}

export const env = {
  /** Same-origin API path (or URL) used when the session's host is "This server". */
  apiBaseUrl: parsed.data.VITE_API_BASE_URL.replace(/\/+$/, ''),
  mode: parsed.data.MODE,
} as const;
