import { useEffect, useState } from 'react';
import { apiBaseUrlOf } from '@/api/session';

export interface LocalInfo {
  service: string;
  demo_data: boolean;
  sign_in_hint: string | null;
}

/**
 * The answer read as leniently as the contract's records: a field this host leaves out or sends oddly
 * only costs its hint. By hand, not with a schema: it is the one answer the sign-in page reads before its
 * form is submitted, and a schema library would be most of that page's own JavaScript (`npm run size`).
 */
export function readLocalInfo(body: unknown): LocalInfo {
  const o = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  return {
    ...o,
    service: typeof o.service === 'string' ? o.service : '',
    demo_data: typeof o.demo_data === 'boolean' ? o.demo_data : false,
    sign_in_hint: typeof o.sign_in_hint === 'string' ? o.sign_in_hint : null,
  };
}

/**
 * GET /api/local/info, no token: only the local service answers it (a hosted API or proxy mode gives
 * 404). Tells whether demo data is there and where its token was printed; never the token itself.
 * A plain fetch, not the API client: nobody is told about a failure here, so its error words are not needed.
 */
export async function getLocalInfo(signal?: AbortSignal): Promise<LocalInfo> {
  const timeout = AbortSignal.timeout(5_000);
  const res = await fetch(`${apiBaseUrlOf(null)}/local/info`, {
    headers: { Accept: 'application/json' },
    credentials: 'omit',
    cache: 'no-store',
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (!res.ok) throw new Error(`GET /local/info: HTTP ${res.status}`);
  return readLocalInfo(await res.json());
}

/**
 * Asked once per sign-in page, without TanStack Query: the sign-in page loads before (and without) the
 * query library (`npm run size`). No answer, no hint.
 */
export function useLocalInfo(): { data: LocalInfo | undefined } {
  const [data, setData] = useState<LocalInfo>();
  useEffect(() => {
    const controller = new AbortController();
    getLocalInfo(controller.signal).then(setData, () => undefined);
    return () => controller.abort();
  }, []);
  return { data };
}
