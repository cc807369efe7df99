import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { zValidator } from '@hono/zod-validator';
import type { ZodType } from 'zod';
import { hiddenCharactersField } from '../../../shared/zod.ts';
import { admin as copy } from '../../../content/admin.ts';
import { consoleUsers } from '../../../content/console-users.ts';
import { apiErrors } from '../../../content/api-errors.ts';
import { checkSession, sessionLabel } from '../../admin/admin-auth.ts';
import { accessOf, mayAccess } from '../../admin/admin-permissions.ts';
import { apiError } from '../../http/http.ts';
import { clientKey } from '../../http/rate-limit.ts';
import { isIdShaped } from '../../orders/ids.ts';
import type { AdminEnv } from '../context.ts';

export const ADMIN_BASE = '/api/admin';
export const ADMIN_COOKIE = 'vitrine_admin';

/** Its full paths are what shared/api.ts's table names. */
export const adminRouter = () => new Hono<AdminEnv>().basePath(ADMIN_BASE);

export const ok = { ok: true } as const;

export const privateReplies: MiddlewareHandler<AdminEnv> = async (c, next) => {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  await next();
};

/** CSRF defence beside SameSite=Strict. With PUBLIC_URL set only that origin counts: the Host header is the client's choice (DNS rebinding). */
export const sameOrigin: MiddlewareHandler<AdminEnv> = async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const origin = c.req.header('Origin');
  const allowed = new URL(c.var.config.publicUrl ?? c.req.url).origin;
  if (origin !== allowed) return apiError(c, 403, copy.api.foreignOrigin);
  return next();
};

/** Every request past sign-in: a live session, then what its person may do (admin-permissions.ts's table), on the server. */
export function requireSession(password: string | undefined): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const cookie = getCookie(c, ADMIN_COOKIE);
    const actor =
      password === undefined || !cookie ? null : await checkSession(c.var.db, cookie, password, c.var.now(), c.var.config.adminName);
    if (!actor || !cookie) return apiError(c, 401, copy.api.signedOut);
    const path = c.req.path.slice(ADMIN_BASE.length);
    if (!mayAccess(actor, accessOf(c.req.method, path))) return apiError(c, 403, consoleUsers.api.forbidden);
    c.set('session', sessionLabel(cookie));
    c.set('actor', actor);
    await next();
  };
}

export function idShaped(notFound: string): MiddlewareHandler<AdminEnv> {
  return async (c, next) => (isIdShaped(c.req.param('id') ?? '') ? next() : apiError(c, 404, notFound));
}

export const notFound = (c: Context) => apiError(c, 404, apiErrors.notFound);

/** Never the address itself (LGPD). */
export const auditClient = (c: Context<AdminEnv>) => clientKey(c.var.clientAddress);

export const tooLarge = (c: Context) => apiError(c, 413, copy.api.invalid);

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

export function orderRefusal(c: Context<AdminEnv>, result: 'ok' | 'not_found' | 'not_paid', runOutbox: () => void) {
  if (result === 'not_found') return apiError(c, 404, copy.api.orderNotFound);
  if (result === 'not_paid') return apiError(c, 409, copy.api.notPaid);
  runOutbox();
  return undefined;
}
