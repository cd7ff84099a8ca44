import type { Context } from 'hono';

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length', 'accept-encoding'];

/**
 * Forwards /api/* to a hosted API (API_UPSTREAM), so the console works against a host that does not
 * allow a browser's cross-origin calls. Method, headers, status and body pass through unchanged.
 */
export function proxyTo(upstream: string): (c: Context) => Promise<Response> {
  const base = upstream.replace(/\/+$/, '');
  return async (c: Context) => {
    const incoming = new URL(c.req.url);
    const target = base + incoming.pathname.replace(/^\/api/, '') + incoming.search;
    const headers = new Headers(c.req.raw.headers);
    for (const h of HOP_BY_HOP) headers.delete(h);
    const hasBody = !['GET', 'HEAD'].includes(c.req.method);
    try {
      const res = await fetch(target, {
        method: c.req.method,
        headers,
        body: hasBody ? await c.req.arrayBuffer() : undefined,
        redirect: 'manual',
      });
      const out = new Headers(res.headers);
      for (const h of ['content-encoding', 'content-length', 'transfer-encoding', 'connection']) out.delete(h);
      return new Response(res.body, { status: res.status, headers: out });
    } catch (e) {
      return c.json({ message: `The upstream API at ${base} could not be reached: ${(e as Error).message}` }, 502);
    }
  };
}
