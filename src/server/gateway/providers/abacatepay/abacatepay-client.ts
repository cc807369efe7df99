/** AbacatePay's API v2 (v1 cannot refund a PIX), not the SDK: `{base}/v2/{path}`, the API key as Bearer token. */
import { requestJson, TransportFailure } from '../../transport.ts';
import { envelopeError } from './parse-abacatepay.ts';

export interface Reply {
  status: number;
  json: unknown;
}

export interface AbacatepayClient {
  /** One attempt; throws TransportFailure when no answer came (not sent, for a base URL that is no URL). */
  call(method: 'GET' | 'POST', path: string, query: Record<string, string>, body?: unknown): Promise<Reply>;
}

export function createAbacatepayClient(options: {
  apiUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch: typeof fetch;
}): AbacatepayClient {
  const base = options.apiUrl.replace(/\/+$/, '');
  return {
    async call(method, path, query, body) {
      let url: URL;
      try {
        url = new URL(`${base}/v2/${path}`);
      } catch {
        throw new TransportFailure(false);
      }
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      return requestJson(options.fetch, { url, method, token: options.apiKey, body, timeoutMs: options.timeoutMs });
    },
  };
}

/** A 2xx whose `{ data, error, success }` envelope carries no error. */
export const isOk = (reply: Reply) => reply.status >= 200 && reply.status < 300 && envelopeError(reply.json) === null;
