import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../shared/api.ts';

/** Sends the one error shape our API uses (shared/api.ts). */
export function apiError(c: Context, status: ContentfulStatusCode, error: string, fields?: Record<string, string>) {
  const body: ApiErrorBody = fields ? { error, fields } : { error };
  return c.json(body, status);
}

/**
 * `bodyLimit` that also closes the connection after refusing a body. The refused body is never
 * read, so the bytes still on their way would otherwise be taken as the next request on a
 * keep-alive connection (Node then drops the socket, and the client's next request fails with
 * "other side closed"); `Connection: close` tells the client to open a new connection instead.
 */
export function limitBody(maxSize: number, onError: (c: Context) => Response | Promise<Response>) {
  return bodyLimit({
    maxSize,
    onError: async (c) => {
      const response = await onError(c);
      response.headers.set('Connection', 'close');
      return response;
    },
  });
}
