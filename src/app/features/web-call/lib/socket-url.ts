/**
 * The call's WebSocket address: `socket_path` from the ticket's answer, on the API's host (an http API
 * gives `ws:`, https `wss:`), with the ticket in the query. A path that names another host is read as a
 * path on the API's host: the ticket goes nowhere else.
 */
export function webCallSocketUrl(apiBase: string, socketPath: string, ticket: string, pageUrl: string): string {
  const base = new URL(`${apiBase.replace(/\/+$/, '')}/`, pageUrl);
  let url: URL;
  try {
    url = new URL(socketPath, base);
  } catch {
    url = new URL(base.href);
  }
  if (url.host !== base.host) url = new URL(`${url.pathname}${url.search}`, base.origin);
  url.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('ticket', ticket);
  url.hash = '';
  return url.toString();
}
