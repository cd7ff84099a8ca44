import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A website for the knowledge-base crawl: real HTTP on 127.0.0.1, pages by path, so the crawler's fetching,
 * redirects and link following run for real. The pages themselves: htmlPage() in ../knowledge-files.ts.
 */

export interface TestSite {
  /** http://127.0.0.1:PORT */
  base: string;
  /** Paths asked for, in order. */
  hits: string[];
  close(): Promise<void>;
}

/** A website: `pages` by path (HTML), anything else 404; `/moved` redirects to `/`. */
export async function startSite(pages: Record<string, string>): Promise<TestSite> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(path);
    if (path === '/moved') {
      res.writeHead(301, { Location: '/' });
      res.end();
      return;
    }
    const page = pages[path];
    if (page === undefined) {
      res.writeHead(404, { 'Content-Type': 'text/html' });
      res.end('<h1>Not found</h1>');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
