import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * The mid-call tool the tests give their assistants: an order lookup. Every answer is the same shipped order,
 * so a scripted model can turn it into "Your order A-17 is shipped.". The service tests start it on its own
 * (any path and method answers); the browser tests reach it at GET /tools/order-status on the model stand-in
 * (model.ts), which answers with the same function.
 */

export function orderStatus(orderId: string | null): { order_id: string | null; status: string; eta: string } {
  return { order_id: orderId, status: 'shipped', eta: 'Friday' };
}

export interface OrderTool {
  base: string;
  close(): Promise<void>;
}

export async function startOrderTool(): Promise<OrderTool> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(orderStatus(new URL(req.url ?? '/', 'http://x').searchParams.get('order_id'))));
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
