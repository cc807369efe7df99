import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { zValidator } from '@hono/zod-validator';
import type { ZodType } from 'zod';
import { hiddenCharactersField } from '../../../shared/zod.ts';
import { admin as copy } from '../../../content/admin.ts';
import { apiErrors } from '../../../content/api-errors.ts';
import { checkSession, sessionLabel } from '../../admin/admin-auth.ts';
import { apiError } from '../../http/http.ts';
import { clientKey } from '../../http/rate-limit.ts';
import { isIdShaped } from '../../orders/ids.ts';
import type { AdminEnv } from '../context.ts';

/** What every section of the console's API shares: its base path, session cookie, guards and replies. */

export const ADMIN_BASE = '/api/admin';
export const ADMIN_COOKIE = 'vitrine_admin';

/** A router for one section of the console; its full paths are what shared/api.ts's table names. */
export const adminRouter = () => new Hono<AdminEnv>().basePath(ADMIN_BASE);

export const ok = { ok: true } as const;

// Nothing here may be cached by a browser or a proxy: it is all private.
export const privateReplies: MiddlewareHandler<AdminEnv> = async (c, next) => {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  await next();
};

/**
 * CSRF defence beside SameSite=Strict: a state-changing request must name our own origin. With
 * PUBLIC_URL set that is the only one: the address a request was sent to comes from its Host
 * header, which whoever reaches the port directly (or a DNS-rebinding page) chooses. Without it,
 * the address the request was sent to. Browsers always send Origin on POST.
 */
export const sameOrigin: MiddlewareHandler<AdminEnv> = async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const origin = c.req.header('Origin');
  const allowed = new URL(c.var.config.publicUrl ?? c.req.url).origin;
  if (origin !== allowed) return apiError(c, 403, copy.api.foreignOrigin);
  return next();
};

export function requireSession(password: string | undefined): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const cookie = getCookie(c, ADMIN_COOKIE);
    if (password === undefined || !cookie || !(await checkSession(c.var.db, cookie, password, c.var.now()))) {
      return apiError(c, 401, copy.api.signedOut);
    }
    c.set('session', sessionLabel(cookie));
    await next();
  };
}

/** A path whose `:id` is not shaped like our ids answers 404 before any query sees it. */
export function idShaped(notFound: string): MiddlewareHandler<AdminEnv> {
  return async (c, next) => (isIdShaped(c.req.param('id') ?? '') ? next() : apiError(c, 404, notFound));
}

export const notFound = (c: Context) => apiError(c, 404, apiErrors.notFound);

/** The audit's name for the client: a hash of its address group, never the address (LGPD). */
export const auditClient = (c: Context<AdminEnv>) => clientKey(c.var.clientAddress);

export const tooLarge = (c: Context) => apiError(c, 413, copy.api.invalid);

/** A JSON body checked against the schema the console's form uses; a refusal names the field when given. */
export function json<T extends ZodType>(schema: T, refusal?: { message: string; field: string }) {
  return zValidator('json', schema, (result, c) => {
    if (result.success) return;
    const hidden = hiddenCharactersField(result.error);
    if (hidden) return apiError(c, 422, apiErrors.hiddenCharacters, { [hidden]: apiErrors.hiddenCharacters });
    if (!refusal) return apiError(c, 422, copy.api.invalid);
    return apiError(c, 422, refusal.message, { [refusal.field]: refusal.message });
  });
}

export function download(c: Context, body: string, type: 'text/csv' | 'application/json', filename: string) {
  return c.body(body, 200, { 'Content-Type': `${type}; charset=utf-8`, 'Content-Disposition': `attachment; filename="${filename}"` });
}

/** An order action's refusal (404 / 409); when it ran, its e-mail is sent now and there is none. */
export function orderRefusal(c: Context<AdminEnv>, result: 'ok' | 'not_found' | 'not_paid', runOutbox: () => void) {
  if (result === 'not_found') return apiError(c, 404, copy.api.orderNotFound);
  if (result === 'not_paid') return apiError(c, 409, copy.api.notPaid);
  runOutbox();
  return undefined;
}
