import * as z from '@/lib/zod-mini';
import { m } from '@/i18n';

/*
 * The sign-in form's values and their check: loaded when the form is submitted, with the token check
 * (verify-token.ts), so the page's first paint carries no schema library (`npm run size`).
 */

/** contract/validation's isHttpUrl, without loading that module's full-zod schemas on this page. */
function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export const signInSchema = z
  .object({
    // People paste "Bearer vc_…" from curl examples: the word is not part of the token.
    token: z.pipe(
      z.pipe(
        z.string(),
        z.transform((v) => v.trim().replace(/^Bearer\s+/i, '')),
      ),
      z.string().check(z.minLength(1, { error: () => m.auth_token_required() }), z.maxLength(4096, { error: () => m.auth_token_too_long() })),
    ),
    hostMode: z.enum(['same', 'custom']),
    host: z.pipe(
      z.string(),
      z.transform((v) => v.trim().replace(/\/+$/, '')),
    ),
    remember: z.boolean(),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.hostMode !== 'custom') return;
      if (v.host === '') ctx.addIssue({ code: 'custom', path: ['host'], message: m.auth_host_required() });
      else if (!isHttpUrl(v.host)) ctx.addIssue({ code: 'custom', path: ['host'], message: m.auth_host_invalid() });
    }),
  );
export type SignInValues = z.input<typeof signInSchema>;
export type FieldErrors = Partial<Record<'token' | 'host' | 'form', string>>;

/** Validates the form; on success the values to sign in with (host null = this server). */
export function parseSignIn(values: SignInValues):
  | { ok: true; token: string; host: string | null; remember: boolean }
  | { ok: false; errors: FieldErrors } {
  const result = z.safeParse(signInSchema, values);
  if (result.success) {
    const v = result.data;
    return { ok: true, token: v.token, host: v.hostMode === 'custom' ? v.host : null, remember: v.remember };
  }
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] === 'token' || issue.path[0] === 'host' ? issue.path[0] : 'form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

