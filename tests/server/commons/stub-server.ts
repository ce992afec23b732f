import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Stub {
  url: string;
  /** Paths requested so far. */
  calls: string[];
  close(): Promise<void>;
}

/** A local stand-in for a public service (ViaCEP, IBGE): the tests never leave the machine. */
export async function startStub(handler: (path: string, res: ServerResponse, req: IncomingMessage) => void): Promise<Stub> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    calls.push(req.url ?? '');
    handler(req.url ?? '', res, req);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}
