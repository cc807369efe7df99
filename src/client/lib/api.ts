import type { ApiErrorBody } from '../../shared/api.ts';

/** Our own API only (the browser never talks to the gateway). Errors carry the server's Portuguese text. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      ...rest,
      headers: { Accept: 'application/json', ...(json === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: json === undefined ? rest.body : JSON.stringify(json),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('', 0);
  }
  const body = (await response.json().catch(() => null)) as (T & Partial<ApiErrorBody>) | null;
  if (!response.ok) throw new ApiError(body?.error ?? '', response.status, body?.fields ?? {});
  return body as T;
}
