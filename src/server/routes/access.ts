import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { zValidator } from '@hono/zod-validator';
import { members as copy } from '../../content/members.ts';
import { ACCESS_ENDED_QUERY, ResendAccessSchema, type MemberAreaRefusal } from '../../shared/access.ts';
import { paths } from '../../shared/routes.ts';
import { loadMemberArea, lookUpAccessToken, openMemberPage, requestAccessResend } from '../access/access-service.ts';
import { refundApi } from '../../content/refunds.ts';
import { loadGuarantee } from '../refunds/buyer-guarantee.ts';
import { requestRefund } from '../refunds/buyer-request.ts';
import { refundBody, refusedRefund } from './refund-request.ts';
import { loadMemberReview, withdrawBuyerReview, writeReview } from '../reviews/review-service.ts';
import { refusedReview, reviewBody, reviewBodyLimit, reviewWriteLimit } from './reviews.ts';
import type { AppEnv } from './context.ts';
import { apiError, limitBody } from '../http/http.ts';
import { pageFile, sendPage, type Site } from '../http/site.ts';
import { sendReply } from './api-reply.ts';

/** The e-mailed token is exchanged for this cookie so it leaves the address bar (Referer, history, analytics). */
export const ACCESS_COOKIE = 'vitrine_access';
// Browsers cap cookie lifetimes at 400 days (RFC 6265bis).
const ACCESS_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

function isHttps(c: Context<AppEnv>): boolean {
  return c.var.config.publicUrl?.startsWith('https://') === true || new URL(c.req.url).protocol === 'https:';
}

/** Deleting it needs the same path and flags. */
function cookieOptions(c: Context<AppEnv>) {
  return { path: '/', httpOnly: true, secure: isHttps(c), sameSite: 'Lax' } as const;
}

export function accessPageRoutes(site: Site | undefined) {
  return new Hono<AppEnv>().get('/:token', async (c) => {
    const token = c.req.param('token');
    const access = await openMemberPage(c.var.db, token, { now: c.var.now(), clientAddress: c.var.clientAddress });
    if (access.kind === 'active') {
      setCookie(c, ACCESS_COOKIE, token, { ...cookieOptions(c), maxAge: ACCESS_COOKIE_MAX_AGE_S });
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'no-referrer');
      c.var.logger.info('Access link opened', { order: access.order.id });
      return c.redirect(paths.access, 303);
    }
    // Never the token itself in the log: it is a credential, even a dead one.
    c.var.logger.info('Access link refused', { reason: access.kind, order: access.kind === 'revoked' ? access.orderId : undefined });
    if (access.kind === 'revoked' && access.ended) {
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'no-referrer');
      return c.redirect(`${paths.access}?${ACCESS_ENDED_QUERY}`, 303);
    }
    const page = site?.page(pageFile(paths.access));
    const response = page ? sendPage(c, page, 404) : c.text('Not found', 404);
    response.headers.set('Referrer-Policy', 'no-referrer');
    response.headers.set('X-Robots-Tag', 'noindex');
    return response;
  });
}

/** The paid order of the member page's cookie, if it still opens the area. */
export async function memberOrder(c: Context<AppEnv>) {
  const token = getCookie(c, ACCESS_COOKIE);
  const access = token ? await lookUpAccessToken(c.var.db, token) : undefined;
  return access?.kind === 'active' ? access.order : undefined;
}

export const accessRoutes = new Hono<AppEnv>()
  .basePath('/api/access')
  .get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const { supportEmail } = c.var.config.mail;
    const token = getCookie(c, ACCESS_COOKIE);
    if (!token) return c.json({ error: copy.api.signedOut, supportEmail } satisfies MemberAreaRefusal, 401);
    const now = c.var.now();
    const access = await openMemberPage(c.var.db, token, { now, clientAddress: c.var.clientAddress });
    if (access.kind !== 'active') {
      deleteCookie(c, ACCESS_COOKIE, cookieOptions(c));
      const ended = access.kind === 'revoked' && access.ended;
      return c.json({ error: copy.api.revoked, supportEmail, ...(ended ? { ended } : {}) } satisfies MemberAreaRefusal, 401);
    }
    const [area, guarantee, review] = await Promise.all([
      loadMemberArea(c.var.db, access.order, supportEmail),
      loadGuarantee(c.var.refunds, access.order.id, now),
      loadMemberReview(c.var.reviews, access.order),
    ]);
    if (!guarantee) return c.json({ error: copy.api.revoked, supportEmail } satisfies MemberAreaRefusal, 401);
    return sendReply(c, 'GET', { ...area, guarantee, review });
  })
  .post(
    '/refund',
    limitBody(2048, (c) => apiError(c, 413, refundApi.tooLarge)),
    refundBody,
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const { supportEmail } = c.var.config.mail;
      const token = getCookie(c, ACCESS_COOKIE);
      const access = token ? await lookUpAccessToken(c.var.db, token) : undefined;
      if (access?.kind !== 'active') return c.json({ error: copy.api.revoked, supportEmail } satisfies MemberAreaRefusal, 401);
      const result = await requestRefund(c.var.refunds, access.order.id, c.req.valid('json'), c.var.now());
      if (result.kind !== 'ok') return refusedRefund(c, result);
      c.var.logger.info('Refund requested on the member page', { order: access.order.id });
      return sendReply(c, 'POST', { guarantee: result.guarantee });
    },
  )
  .post('/review', reviewWriteLimit, reviewBodyLimit, reviewBody, async (c) => {
    c.header('Cache-Control', 'no-store');
    const order = await memberOrder(c);
    if (!order) return c.json({ error: copy.api.revoked, supportEmail: c.var.config.mail.supportEmail } satisfies MemberAreaRefusal, 401);
    const result = await writeReview(c.var.reviews, order.id, c.req.valid('json'), c.var.now());
    if (result.kind !== 'ok') return refusedReview(c, result);
    c.var.logger.info('Review written on the member page', { order: order.id });
    return sendReply(c, 'POST', { review: result.review });
  })
  .post('/review/withdraw', reviewWriteLimit, async (c) => {
    c.header('Cache-Control', 'no-store');
    const order = await memberOrder(c);
    if (!order) return c.json({ error: copy.api.revoked, supportEmail: c.var.config.mail.supportEmail } satisfies MemberAreaRefusal, 401);
    const result = await withdrawBuyerReview(c.var.reviews, order.id, c.var.now());
    if (result.kind !== 'ok') return refusedReview(c, result);
    c.var.logger.info('Review withdrawn on the member page', { order: order.id });
    return sendReply(c, 'POST', { review: result.review });
  })
  .post(
    '/resend',
    limitBody(1024, (c) => apiError(c, 413, copy.api.tooLarge)),
    zValidator('json', ResendAccessSchema, (result, c) => {
      if (!result.success) return apiError(c, 422, copy.api.emailInvalid, { email: copy.api.emailInvalid });
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const { email } = c.req.valid('json');
      const result = await requestAccessResend(c.var.db, c.var.limiter, { email, clientAddress: c.var.clientAddress, now: c.var.now() });
      if (result.kind === 'rate_limited') {
        c.header('Retry-After', String(Math.ceil(result.retryAfterMs / 1000)));
        return apiError(c, 429, copy.api.tooManyRequests);
      }
      // The count stays in the log: the answer must not reveal who bought.
      c.var.logger.info('Access resend requested', { queued: result.queued });
      return sendReply(c, 'POST', { ok: true }, 202);
    },
  );
