import { afterAll, beforeAll } from 'vitest';
import type { WebhookRequest } from '../../src/server/gateway/pix-provider.ts';
import { listenOnLoopback } from './loopback.ts';

/**
 * A real HTTP endpoint on a loopback port that records every request it gets (raw body, headers,
 * path with query) and answers as the test scripts it: a seller's webhook receiver, or a stand-in
 * for Meta's Graph API or GA4's Measurement Protocol.
 */
export interface ReceivedRequest {
  method: string;
  /** Path and query, e.g. `/v23.0/123/events?access_token=…`. */
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The status this request was answered with. */
  status: number;
}

export interface HttpReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** Decides the status of each request (200 unless the test says otherwise). */
  respond: (request: Omit<ReceivedRequest, 'status'>) => number;
  stop(): Promise<void>;
}

export async function startHttpReceiver(): Promise<HttpReceiver> {
  const receiver: HttpReceiver = { url: '', requests: [], respond: () => 200, stop: async () => undefined };
  const listening = await listenOnLoopback(async (request) => {
    const url = new URL(request.url);
    const received = {
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers.entries()),
      body: await request.text(),
    };
    const status = receiver.respond(received);
    receiver.requests.push({ ...received, status });
    return new Response(status >= 400 ? '{"error":"receiver says no"}' : '{"ok":true}', {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  receiver.url = listening.url;
  receiver.stop = listening.close;
  return receiver;
}

/**
 * A receiver for the enclosing `describe`: listening before its tests (and before a server started
 * after this call), stopped after them. A `respond` the test sets on it is the one it answers with.
 */
export function useHttpReceiver(): HttpReceiver {
  const receiver: HttpReceiver = { url: '', requests: [], respond: () => 200, stop: async () => undefined };
  beforeAll(async () => {
    const started = await startHttpReceiver();
    started.respond = (request) => receiver.respond(request);
    Object.assign(receiver, { url: started.url, requests: started.requests, stop: started.stop });
  });
  afterAll(() => receiver.stop());
  return receiver;
}

/** A request the receiver got, as our webhook route would hand it to a provider's adapter (no client certificate). */
export function asWebhookRequest(
  received: Pick<ReceivedRequest, 'url' | 'headers' | 'body'>,
  baseUrl: string,
  clientAddress: string,
): WebhookRequest {
  return {
    url: new URL(received.url, baseUrl),
    headers: new Headers(received.headers),
    rawBody: received.body,
    clientAddress,
    clientCertificateVerified: false,
  };
}
