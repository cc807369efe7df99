import { requestJson, TransportFailure } from '../../transport.ts';

/**
 * Woovi's REST API over our transport. Production is https://api.woovi.com (the OpenAPI document's first server;
 * the older docs' https://api.openpix.com.br answers the same API), the sandbox https://api.woovi-sandbox.com.
 * Authentication is the application's AppID, sent bare in `Authorization` (no "Bearer"): the docs' cURL samples
 * (https://developers.woovi.com/docs/charge/how-to-create-charge-using-api) and Woovi's Node SDK
 * (woovibr/woovi-nodejs-sdk src/utils/restClient/index.ts) both do so.
 */
export const WOOVI_API_URL = 'https://api.woovi.com';

/** Like the other providers: no call outlives it, so a checkout never waits longer than this for one provider. */
const DEFAULT_TIMEOUT_MS = 15_000;

export interface WooviReply {
  status: number;
  ok: boolean;
  json: unknown;
}

export interface WooviApi {
  /** One request; throws TransportFailure when no HTTP answer came. */
  call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<WooviReply>;
}

export interface WooviApiOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function createWooviApi(settings: { appId: string; apiUrl?: string }, options: WooviApiOptions = {}): WooviApi {
  const appId = settings.appId.trim();
  if (appId === '') throw new TypeError('Woovi appId is empty');
  const base = new URL(settings.apiUrl ?? WOOVI_API_URL).href.replace(/\/+$/, '');
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
      // The AppID replaces the transport's "Bearer <token>" header.
      const { status, json } = await requestJson(doFetch, { url, method, token: appId, headers: { Authorization: appId }, body, timeoutMs });
      return { status, ok: status >= 200 && status < 300, json };
    },
  };
}

/** A charge's or refund's id in a path: Woovi asks for URI encoding of anything outside the unreserved set. */
export function pathId(id: string): string {
  const trimmed = id.trim();
  if (trimmed === '' || trimmed.length > 200) throw new TypeError(`not a Woovi id: ${JSON.stringify(id)}`);
  return encodeURIComponent(trimmed);
}
