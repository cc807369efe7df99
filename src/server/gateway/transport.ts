import { parseJsonSafely } from '../lib/safe-parse.ts';

/** How long any one provider call may take; a charge request never outlives it (orders/checkout-repository.ts counts on it). */
export const DEFAULT_TIMEOUT_MS = 15_000;

/** A POST that may have reached the provider must not simply be sent again (docs/gateway.md#9-unknowns). */

/** Connection failures before a single byte of the request leaves: the provider cannot have created anything. */
export const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_INVALID_URL',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  // undici wraps the socket error in `cause`; happy-eyeballs wraps several in an AggregateError.
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const record = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof record.code === 'string') return record.code;
    current = record.cause ?? (Array.isArray(record.errors) ? record.errors[0] : undefined);
  }
  return undefined;
}

/** The request got no HTTP answer. `sent` is false only when it surely never reached the provider. */
export class TransportFailure extends Error {
  constructor(readonly sent: boolean) {
    super(sent ? 'the provider gave no answer' : 'the provider was not reached');
    this.name = 'TransportFailure';
  }
}

/** Retry-After as delay-seconds or an HTTP-date (RFC 9110 §10.2.3), in ms from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | null | undefined, now: number = Date.now()): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (/^\d{1,9}$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** No redirects: one would replay the credential elsewhere or turn a POST into a GET. */
export async function requestJson(
  doFetch: typeof fetch,
  request: {
    url: URL | string;
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    token: string;
    body?: unknown;
    headers?: Record<string, string>;
    timeoutMs: number;
  },
): Promise<{ status: number; json: unknown; retryAfterMs?: number }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs);
  try {
    const response = await doFetch(request.url, {
      method: request.method,
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${request.token}`,
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      redirect: 'manual',
      signal: controller.signal,
    });
    const raw = await response.text();
    let json: unknown;
    try {
      json = raw.trim() === '' ? undefined : parseJsonSafely(raw);
    } catch {
      json = undefined;
    }
    const wait = retryAfterMs(response.headers.get('retry-after'));
    return { status: response.status, json, ...(wait === undefined ? {} : { retryAfterMs: wait }) };
  } catch (error) {
    throw new TransportFailure(controller.signal.aborted || !NOT_SENT_CODES.has(errorCode(error) ?? ''));
  } finally {
    clearTimeout(timer);
  }
}
