import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { answerClientErrors } from '../../src/server/http/client-errors.ts';

/** A fetch handler (a Hono app) listening on 127.0.0.1 (`port`, else a free one) — test servers stay on loopback. */
export interface LoopbackServer {
  url: string;
  port: number;
  server: Server;
  /** Drops open keep-alive connections too, so a hanging request cannot hold the close. */
  close(): Promise<void>;
}

export function listenOnLoopback(fetch: (request: Request) => Response | Promise<Response>, port = 0): Promise<LoopbackServer> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        port: info.port,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ) as Server;
    answerClientErrors(server);
  });
}

/** A loopback port nobody listens on: a connection to it is refused before anything is sent. */
export async function refusedUrl(): Promise<string> {
  const closed = await listenOnLoopback(() => new Response(null));
  await closed.close();
  return closed.url;
}
