import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../shared/api.ts';

/** Sends the one error shape our API uses (shared/api.ts). */
export function apiError(c: Context, status: ContentfulStatusCode, error: string, fields?: Record<string, string>) {
  const body: ApiErrorBody = fields ? { error, fields } : { error };
  return c.json(body, status);
}
