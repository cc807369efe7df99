import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { admin as copy } from '../../../content/admin.ts';
import { AdminLoginSchema } from '../../../shared/admin.ts';
import { personKey } from '../../../shared/admin-users.ts';
import { recordAudit } from '../../admin/admin-audit.ts';
import { checkSession, endAllSessions, logIn, logOut, sessionLabel } from '../../admin/admin-auth.ts';
import { apiError, limitBody } from '../../http/http.ts';
import { sendReply } from '../api-reply.ts';
import type { AdminEnv } from '../context.ts';
import { ADMIN_BASE, ADMIN_COOKIE, adminRouter, auditClient, json, ok, tooLarge } from './console.ts';
import { forgetPushDevices } from '../../push/push-console.ts';

const NO_SESSION = '-';

function isHttps(c: Context<AdminEnv>): boolean {
  return c.var.config.publicUrl?.startsWith('https://') === true || new URL(c.req.url).protocol === 'https:';
}

/** Strict keeps the cookie off every cross-site request. */
export function cookieOptions(c: Context<AdminEnv>) {
  return { path: ADMIN_BASE, httpOnly: true, secure: isHttps(c), sameSite: 'Strict' } as const;
}

export function adminSignInRoutes(password: string | undefined) {
  return adminRouter()
    .get('/session', async (c) => {
      const actor =
        password === undefined
          ? null
          : await checkSession(c.var.db, getCookie(c, ADMIN_COOKIE), password, c.var.now(), c.var.config.adminName);
      const user = actor ? { name: actor.name, owner: actor.owner, permissions: actor.permissions } : undefined;
      return sendReply(c, 'GET', {
        enabled: password !== undefined,
        signedIn: actor !== null,
        ...(user ? { user } : {}),
        ...(actor ? { personKey: personKey(actor.userId) } : {}),
      });
    })

    .post('/login', limitBody(1024, tooLarge), json(AdminLoginSchema), async (c) => {
      if (password === undefined) return apiError(c, 503, copy.api.disabled);
      const at = c.var.now();
      const body = c.req.valid('json');
      const result = await logIn(c.var.db, {
        password: body.password,
        email: body.email || undefined,
        ownerName: c.var.config.adminName,
        expected: password,
        clientAddress: c.var.clientAddress,
        now: at,
      });
      const client = auditClient(c);
      if (result.kind === 'locked' || result.kind === 'paused') {
        const seconds = Math.max(1, Math.ceil((result.until - at) / 1000));
        const minutes = Math.ceil(seconds / 60);
        c.header('Retry-After', String(seconds));
        const message = result.kind === 'locked' ? copy.api.locked(minutes) : copy.api.paused(minutes);
        return apiError(c, 429, message, { retryAfterSeconds: String(seconds) });
      }
      if (result.kind === 'wrong') {
        // Only judged attempts are written, and a lock's start once: a flood of refused attempts adds no rows.
        await recordAudit(c.var.db, { session: NO_SESSION, action: 'login_failed', client, now: at });
        if (result.locks) {
          c.var.logger.warn('Console login locked for a client', { client });
          await recordAudit(c.var.db, { session: NO_SESSION, action: 'login_locked', client, now: at });
        }
        if (result.pauses) {
          c.var.logger.warn('Console logins paused: too many wrong passwords from all clients', {});
          await recordAudit(c.var.db, { session: NO_SESSION, action: 'logins_paused', client, now: at });
        }
        return apiError(c, 401, copy.api.wrongPassword(result.attemptsLeft));
      }
      setCookie(c, ADMIN_COOKIE, result.cookieValue, cookieOptions(c));
      await recordAudit(c.var.db, { session: sessionLabel(result.cookieValue), action: 'login', client, now: at });
      return sendReply(c, 'POST', ok);
    })

    .post('/logout', async (c) => {
      const cookie = getCookie(c, ADMIN_COOKIE);
      if (cookie) {
        const at = c.var.now();
        if (await logOut(c.var.db, cookie, at))
          await recordAudit(c.var.db, { session: sessionLabel(cookie), action: 'logout', client: auditClient(c), now: at });
      }
      deleteCookie(c, ADMIN_COOKIE, cookieOptions(c));
      return sendReply(c, 'POST', ok);
    });
}

export const adminSessionRoutes = adminRouter().post('/sessions/end-all', async (c) => {
  await endAllSessions(c.var.db, { session: c.var.session, client: auditClient(c), now: c.var.now() });
  await forgetPushDevices(c.var.db);
  deleteCookie(c, ADMIN_COOKIE, cookieOptions(c));
  return sendReply(c, 'POST', ok);
});
