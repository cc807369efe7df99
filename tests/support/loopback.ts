import https from 'node:https';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { answerClientErrors } from '../../src/server/http/client-errors.ts';

/**
 * A fetch handler (a Hono app) listening on 127.0.0.1 (`port`, else a free one) — test servers stay on loopback.
 * With `mtls`, over HTTPS taking only clients whose certificate `mtls.ca` signed (as Efí's APIs do).
 */
export interface LoopbackServer {
  url: string;
  port: number;
  server: Server;
  /** Drops open keep-alive connections too, so a hanging request cannot hold the close. */
  close(): Promise<void>;
}

export function listenOnLoopback(
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>,
  port = 0,
  mtls?: { key: string; cert: string; ca: string },
): Promise<LoopbackServer> {
  const secure = mtls
    ? {
        createServer: https.createServer,
        serverOptions: { ...mtls, requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.2' as const },
      }
    : {};
  return new Promise((resolve) => {
    const server = serve({ fetch, port, hostname: '127.0.0.1', ...secure }, (info: AddressInfo) =>
      resolve({
        url: `${mtls ? 'https' : 'http'}://127.0.0.1:${info.port}`,
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
