import { requestJson, TransportFailure } from '../../transport.ts';

/** The OpenAPI document's production server; its test one is https://api.woovi-sandbox.com. */
export const WOOVI_API_URL = 'https://api.woovi.com';

const DEFAULT_TIMEOUT_MS = 15_000;

export interface WooviReply {
  status: number;
  ok: boolean;
  json: unknown;
}

export interface WooviApi {
  call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<WooviReply>;
}

export interface WooviApiOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function createWooviApi(settings: { appId: string; apiUrl?: string }, options: WooviApiOptions = {}): WooviApi {
  const appId = settings.appId.trim();
  if (appId === '') throw new TypeError('Woovi appId is empty');
  let base = new URL(settings.apiUrl ?? WOOVI_API_URL).href;
  while (base.endsWith('/')) base = base.slice(0, -1);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    async call(method, path, body) {
      let url: URL;
      try {
        url = new URL(`${base}${path}`);
      } catch {
        throw new TransportFailure(false);
      }
      // The AppID goes bare, with no "Bearer" (the docs' cURL samples, Woovi's Node SDK).
      const { status, json } = await requestJson(doFetch, {
        url,
        method,
        token: appId,
        headers: { Authorization: appId },
        body,
        timeoutMs,
      });
      return { status, ok: status >= 200 && status < 300, json };
    },
  };
}

export function pathId(id: string): string {
  const trimmed = id.trim();
  if (trimmed === '' || trimmed.length > 200) throw new TypeError(`not a Woovi id: ${JSON.stringify(id)}`);
  return encodeURIComponent(trimmed);
}
