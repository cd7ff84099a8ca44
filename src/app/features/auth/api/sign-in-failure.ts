import { ApiError } from '@/api/errors';
import { apiBaseUrlOf } from '@/api/session';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';

/*
 * What a failed sign-in check tells the person, and on which field. Its own module: the sign-in form
 * loads it while the check runs (`import()`), so its sentences in both languages stay out of the sign-in
 * page's first load (`npm run size`).
 */

export type SignInField = 'token' | 'host' | 'root.server';

/** The command that starts the local service as a proxy for `host` (a command: the same in every language). */
const proxyCommand = (host: string) => `API_UPSTREAM=${apiBaseUrlOf(host)} npm start`;

/** Which field a failed check belongs on, and what to tell the person there. */
export function signInFailure(error: unknown, host: string | null): { field: SignInField; message: string } {
  const where = host ? apiBaseUrlOf(host) : null;
  if (!(error instanceof ApiError)) {
    return { field: 'root.server', message: error instanceof Error ? error.message : m.auth_fail_generic() };
  }
  switch (error.kind) {
    case 'unauthorized': {
      const note = error.status >= 300 && error.status < 400 ? m.auth_fail_redirected() : error.loginPage ? m.auth_fail_login_page() : '';
      const page = note ? ` ${note}` : '';
      return {
        field: 'token',
        message: where ? m.auth_fail_token_host({ host: where, page }) : m.auth_fail_token_same({ page }),
      };
    }
    case 'network':
    case 'timeout':
      return {
        field: 'host',
        message: where
          ? m.auth_fail_unreachable_host({
              host: where,
              timeout: error.kind === 'timeout' ? ` ${m.auth_fail_no_answer_in_time()}` : '',
              command: proxyCommand(where),
            })
          : error.kind === 'timeout'
            ? m.auth_fail_timeout_same()
            : m.auth_fail_unreachable_same(),
      };
    case 'not-found':
      return { field: 'host', message: where ? m.auth_fail_not_found_host({ host: where }) : m.auth_fail_not_found_same() };
    case 'unexpected-response':
      return {
        field: 'host',
        message: where ? m.auth_fail_unexpected_host({ host: where, detail: error.message }) : m.auth_fail_unexpected_same({ detail: error.message }),
      };
    case 'rate-limited':
      return { field: 'root.server', message: m.auth_fail_rate_limited({ seconds: formatNumber(error.retryAfter ?? 60) }) };
    default:
      return { field: 'root.server', message: m.auth_fail_other({ detail: error.message }) };
  }
}
