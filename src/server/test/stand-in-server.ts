import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * The HTTP server under the stand-ins that answer one request with one answer (speech, transcription): it
 * reads the whole body before the stand-in sees the request, listens on the loopback address and, closed,
 * drops the connections still open so a test's end never waits on a client's keep-alive.
 */

export interface StandInServer {
  port: number;
  close(): Promise<void>;
}

/** Starts a server on `port` (0: any free one) that hands every request, with its whole body, to `answer`. */
export async function startStandInServer(answer: (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => Promise<unknown>, port = 0): Promise<StandInServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void answer(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
