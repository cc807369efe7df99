import type { ApiEndpoint, ApiEndpoints, ApiErrorBody, ApiReply } from '../../shared/api.ts';

/** Our own API only (the browser never talks to the gateway). Errors carry the server's Portuguese text. */
export class ApiError extends Error {
  // Declared, not initialised: a class field would pull the bundler's defineProperty helpers into
  // every page's first load (the build targets ES2020).
  declare readonly status: number;
  declare readonly fields: Record<string, string>;
  /** The whole error reply, for the few that carry more than a message (GET /api/access's support address). */
  declare readonly body: unknown;

  constructor(message: string, status: number, fields: Record<string, string> = {}, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.body = body;
  }
}

/** `/api/orders/:id/x` → "id". */
type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** fetch's options, less what the endpoint decides (method, body); `json` is the endpoint's body. */
export type ApiFetchOptions<Endpoint extends ApiEndpoint> = Omit<RequestInit, 'method' | 'body' | 'headers'> & {
  headers?: Record<string, string>;
  /** A query string, "?a=1" or "". */
  search?: string;
  /** A file sent as it is (an image upload), instead of `json`. */
  file?: Blob;
} & (ApiEndpoints[Endpoint] extends { body: infer Body } ? { json: Body } : { json?: never }) &
  ([PathParams<Endpoint>] extends [never] ? { params?: never } : { params: Record<PathParams<Endpoint>, string> });

/** Options may be left out when the endpoint needs neither a body nor path parameters. */
type OptionsArgument<Endpoint extends ApiEndpoint> =
  object extends ApiFetchOptions<Endpoint> ? [options?: ApiFetchOptions<Endpoint>] : [options: ApiFetchOptions<Endpoint>];

/**
 * Calls one endpoint of our API (shared/api.ts): `apiFetch('GET /api/orders/:id', { params: { id } })`.
 * Resolves with the success's reply (null for 204); throws an ApiError with the server's message,
 * or with status 0 when the network failed.
 */
export async function apiFetch<Endpoint extends ApiEndpoint>(
  endpoint: Endpoint,
  ...[options]: OptionsArgument<Endpoint>
): Promise<ApiReply<Endpoint>> {
  const {
    json,
    file,
    params,
    search = '',
    headers,
    ...init
  } = (options ?? {}) as ApiFetchOptions<ApiEndpoint> & {
    json?: unknown;
    params?: Record<string, string>;
  };
  const [method, template] = endpoint.split(' ') as [string, string];
  const path = template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? '')) + search;
  // undefined when the endpoint takes no body (JSON.stringify(undefined)).
  const text = JSON.stringify(json) as string | undefined;
  const body = file ?? text;
  let response: Response;
  try {
    // credentials: fetch's default, same-origin, unless the caller says otherwise.
    response = await fetch(path, {
      ...init,
      method,
      headers: {
        Accept: 'application/json',
        ...(file ? { 'Content-Type': 'application/octet-stream' } : text === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body,
    });
  } catch {
    throw new ApiError('', 0);
  }
  const reply = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = reply as Partial<ApiErrorBody> | null;
    throw new ApiError(error?.error ?? '', response.status, error?.fields ?? {}, reply);
  }
  // Trusted as the table's reply: the server's handlers can answer nothing else (server/routes/api-reply.ts).
  return reply;
}

/** Whether an error's body carries `key` as an object: a 409 that sends what changed (new prices, a new offer). */
export function bodyCarries<Key extends string>(body: unknown, key: Key): body is Record<Key, object> {
  if (typeof body !== 'object' || body === null || !(key in body)) return false;
  const value = (body as Record<Key, unknown>)[key];
  return typeof value === 'object' && value !== null;
}
