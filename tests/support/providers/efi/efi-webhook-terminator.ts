import { once } from 'node:events';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { WebhookRequest } from '../../../../src/server/gateway/pix-provider.ts';
import type { TestPki } from './efi-stand-in.ts';

export interface WebhookTerminator {
  url: string;
  /** Each request as our webhook route would hand it to the adapter. */
  received: WebhookRequest[];
  close(): Promise<void>;
}

/**
 * Our side's TLS terminator for Efí's webhooks: asks for a client certificate (the bank's, under the PKI's CA) and
 * reports whether it verified one, as the proxy in front of the server does (docs/payments.md#efí).
 */
export async function startWebhookTerminator(pki: TestPki): Promise<WebhookTerminator> {
  const received: WebhookRequest[] = [];
  const server = https.createServer(
    { key: pki.serverKey, cert: pki.serverCert, ca: pki.caCert, requestCert: true, rejectUnauthorized: false },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
        received.push({
          url: new URL(request.url ?? '/', 'https://loja.example'),
          headers,
          rawBody: Buffer.concat(chunks).toString('utf8'),
          clientAddress: request.socket.remoteAddress ?? '',
          clientCertificateVerified: (request.socket as TLSSocket).authorized,
        });
        response.end('200');
      });
    },
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
