/** Mercado Pago's REST API, not its SDK: the Bearer token on every call, `X-Idempotency-Key` on every write. */
import { requestJson } from '../../transport.ts';

export interface Reply {
  status: number;
  ok: boolean;
  json: unknown;
  /** Its Retry-After, on a 429 or 503. */
  retryAfterMs?: number;
}

/** A write carries its body and the key that makes a retry answer the first one. */
interface Write {
  body: unknown;
  idempotencyKey: string;
}

export interface MercadoPagoClient {
  /** One attempt; throws TransportFailure when no answer came. */
  call(method: 'GET' | 'POST' | 'PUT', path: string, write?: Write): Promise<Reply>;
}

export function createMercadoPagoClient(options: {
  apiUrl: string;
  accessToken: string;
  timeoutMs: number;
  fetch: typeof fetch;
}): MercadoPagoClient {
  return {
    async call(method, path, write) {
      const { status, json, retryAfterMs } = await requestJson(options.fetch, {
        url: `${options.apiUrl}${path}`,
        method,
        token: options.accessToken,
        body: write?.body,
        headers: write ? { 'X-Idempotency-Key': write.idempotencyKey } : {},
        timeoutMs: options.timeoutMs,
      });
      return { status, ok: status >= 200 && status < 300, json, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
    },
  };
}

/** Besides 5xx, these leave a write's outcome open (mercadopago/sdk-nodejs src/utils/errors/index.ts). */
export function leavesWriteOpen(status: number): boolean {
  return status >= 500 || status === 409 || status === 423 || status === 424;
}
