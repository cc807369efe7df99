import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../shared/api.ts';

export function apiError(c: Context, status: ContentfulStatusCode, error: string, fields?: Record<string, string>) {
  const body: ApiErrorBody = fields ? { error, fields } : { error };
  return c.json(body, status);
}

/** The refused body is never read, so `Connection: close` keeps its bytes from being taken as the next request. */
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
