import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A mid-call tool of the tests: any request answers `{"status":"shipped"}` (an order lookup). */
export interface OrderTool {
  base: string;
  close(): Promise<void>;
}

export async function startOrderTool(): Promise<OrderTool> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status: 'shipped' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
