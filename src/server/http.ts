import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error body our API sends: a Portuguese message for the visitor, per-field messages for forms. */
export interface ApiError {
  error: string;
  fields?: Record<string, string>;
}

export function apiError(c: Context, status: ContentfulStatusCode, error: string, fields?: Record<string, string>) {
  const body: ApiError = fields ? { error, fields } : { error };
  return c.json(body, status);
}
