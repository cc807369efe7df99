import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { zValidator } from '@hono/zod-validator';
import type { ZodType } from 'zod';
import { hiddenCharactersField } from '../../shared/zod.ts';
import { admin as copy } from '../../content/admin.ts';
import {
  AdminBuyerDeleteSchema,
  AdminBuyerSchema,
  AdminCorrectEmailSchema,
  AdminLoginSchema,
  AdminOrdersQuerySchema,
  AdminSupplierCsvSchema,
  AdminSupplierListQuerySchema,
} from '../../shared/admin.ts';
import { supplierCsvFileName } from '../../shared/suppliers.ts';
import { listAudit, recordAudit } from '../admin/admin-audit.ts';
import { checkSession, endAllSessions, logIn, logOut, sessionLabel } from '../admin/admin-auth.ts';
import { eraseBuyer, exportBuyer, findBuyer } from '../admin/admin-buyers.ts';
import { readHealth } from '../admin/admin-health.ts';
import { readOverview } from '../admin/admin-overview.ts';
import {
  correctEmailAndResend,
  exportOrders,
  listOrders,
  loadOrderDetail,
  markOrderRefunded,
  resendAccess,
  retryEmail,
  revokeAccess,
} from '../admin/admin-orders.ts';
import { renderOrdersCsv } from '../admin/orders-csv.ts';
import { refundConsoleApi } from '../../content/refunds.ts';
import { RefundDeclineSchema, RefundStartSchema } from '../../shared/refunds.ts';
import { AdminReviewOrderSchema, AdminReviewPublishSchema } from '../../shared/reviews.ts';
import { reviewConsoleApi } from '../../content/reviews.ts';
import { hideOrderReview, listReviewsForConsole, orderReviews, publishOrderReview, type ReviewsDeps } from '../reviews/review-service.ts';
import { declineRefundRequest, startRefund } from '../refunds/refund-service.ts';
import { loadOrderEvidence } from '../refunds/order-evidence.ts';
import { retryNeedsPanelCheck } from '../refunds/refund-admin.ts';
import { renderEvidenceHtml, renderEvidencePdf } from '../refunds/evidence-document.ts';
import type { AdminEnv } from './context.ts';
import { chargeOnWhatsapp, orderWhatsapp } from './admin-whatsapp.ts';
import { isIdShaped } from '../orders/ids.ts';
import { apiError, limitBody } from '../http/http.ts';
import type { Mailer } from '../mail/mailer.ts';
import { clientKey } from '../http/rate-limit.ts';
import { describeSupplierList, exportSupplierList, importSupplierList, previewSupplierImport } from '../suppliers/supplier-import.ts';
import { apiErrors } from '../../content/api-errors.ts';
import { sendReply } from './api-reply.ts';

/**
 * `/api/admin/*`: the seller's console. Every route but the session probe and the login needs a
 * session; every state-changing request must come from the console's own origin.
 */

export const ADMIN_COOKIE = 'vitrine_admin';
/** The audit's session for what happens before a login (wrong passwords, locks). */
const NO_SESSION = '-';

export interface AdminDeps {
  /** ADMIN_PASSWORD, or the one generated at start in demo mode; undefined → the console is off. */
  password: string | undefined;
  mailer?: Mailer;
  /** Sends queued e-mails now instead of at the outbox's next poll. */
  runOutbox: () => void;
}

function isHttps(c: Context<AdminEnv>): boolean {
  return c.var.config.publicUrl?.startsWith('https://') === true || new URL(c.req.url).protocol === 'https:';
}

/** The cookie is only sent to the console's API; Strict keeps it off every cross-site request. */
function cookieOptions(c: Context<AdminEnv>) {
  return { path: '/api/admin', httpOnly: true, secure: isHttps(c), sameSite: 'Strict' } as const;
}

/**
 * CSRF defence beside SameSite=Strict: a state-changing request must name our own origin. With
 * PUBLIC_URL set that is the only one: the address a request was sent to comes from its Host
 * header, which whoever reaches the port directly (or a DNS-rebinding page) chooses. Without it,
 * the address the request was sent to. Browsers always send Origin on POST.
 */
const sameOrigin: MiddlewareHandler<AdminEnv> = async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const origin = c.req.header('Origin');
  const allowed = new URL(c.var.config.publicUrl ?? c.req.url).origin;
  if (origin !== allowed) return apiError(c, 403, copy.api.foreignOrigin);
  return next();
};

/** The audit's name for the client: a hash of its address group, never the address (LGPD). */
const auditClient = (c: Context<AdminEnv>) => clientKey(c.var.clientAddress);

const tooLarge = (c: Context) => apiError(c, 413, copy.api.invalid);

/** A JSON body checked against the schema the console's form uses; a refusal names the field when given. */
function json<T extends ZodType>(schema: T, refusal?: { message: string; field: string }) {
  return zValidator('json', schema, (result, c) => {
    if (result.success) return;
    const hidden = hiddenCharactersField(result.error);
    if (hidden) return apiError(c, 422, apiErrors.hiddenCharacters, { [hidden]: apiErrors.hiddenCharacters });
    if (!refusal) return apiError(c, 422, copy.api.invalid);
    return apiError(c, 422, refusal.message, { [refusal.field]: refusal.message });
  });
}

function download(c: Context, body: string, type: 'text/csv' | 'application/json', filename: string) {
  return c.body(body, 200, { 'Content-Type': `${type}; charset=utf-8`, 'Content-Disposition': `attachment; filename="${filename}"` });
}

function requireSession(deps: AdminDeps): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const cookie = getCookie(c, ADMIN_COOKIE);
    if (deps.password === undefined || !cookie || !(await checkSession(c.var.db, cookie, deps.password, c.var.now()))) {
      return apiError(c, 401, copy.api.signedOut);
    }
    c.set('session', sessionLabel(cookie));
    await next();
  };
}

const ok = { ok: true } as const;

/** A path whose `:id` is not shaped like our ids answers 404 before any query sees it. */
function idShaped(notFound: string): MiddlewareHandler<AdminEnv> {
  return async (c, next) => (isIdShaped(c.req.param('id') ?? '') ? next() : apiError(c, 404, notFound));
}

/**
 * "Publicar" / "Ocultar" a review: 404 when the order has none (or the buyer withdrew it), 409 when
 * the buyer saved other words than the seller read, audited when done.
 */
async function moderateReview(
  c: Context<AdminEnv, '/api/admin/reviews/:orderId/publish' | '/api/admin/reviews/:orderId/hide'>,
  action: 'review_publish' | 'review_hide',
  moderate: (deps: ReviewsDeps, orderId: string, now: number) => Promise<'ok' | 'not_found' | 'changed'>,
) {
  const now = c.var.now();
  const orderId = c.req.param('orderId');
  const result = isIdShaped(orderId) ? await moderate(c.var.reviews, orderId, now) : 'not_found';
  if (result === 'not_found') return apiError(c, 404, reviewConsoleApi.notFound);
  if (result === 'changed') return apiError(c, 409, reviewConsoleApi.textChanged);
  await recordAudit(c.var.db, { session: c.var.session, action, orderId, now });
  return sendReply(c, 'POST', await listReviewsForConsole(c.var.reviews));
}

export function adminRoutes(deps: AdminDeps) {
  /** An order action's refusal (404 / 409); when it ran, its e-mail is sent now and there is none. */
  const refusalOf = (c: Context<AdminEnv>, result: 'ok' | 'not_found' | 'not_paid') => {
    if (result === 'not_found') return apiError(c, 404, copy.api.orderNotFound);
    if (result === 'not_paid') return apiError(c, 409, copy.api.notPaid);
    deps.runOutbox();
    return undefined;
  };
  // Dados pessoais (LGPD). POST, so the buyer's address travels in the body and never in a URL
  // that a proxy's access log or the browser's history would keep.
  const buyerBody = [limitBody(1024, tooLarge), json(AdminBuyerSchema)] as const;
  const csvBody = [limitBody(4 * 1024 * 1024, tooLarge), json(AdminSupplierCsvSchema)] as const;
  // Which supplier list (`?list=recharge`); the main one without it, a 404 for a list that does not exist.
  const supplierList = zValidator('query', AdminSupplierListQuerySchema, (result, c) => {
    if (!result.success) return apiError(c, 404, apiErrors.notFound);
  });

  return (
    new Hono<AdminEnv>()
      .basePath('/api/admin')
      .use('*', async (c, next) => {
        // Nothing here may be cached by a browser or a proxy: it is all private.
        c.header('Cache-Control', 'no-store');
        c.header('X-Robots-Tag', 'noindex');
        await next();
      })
      .use('*', sameOrigin)

      .get('/session', async (c) => {
        const signedIn =
          deps.password !== undefined && (await checkSession(c.var.db, getCookie(c, ADMIN_COOKIE), deps.password, c.var.now()));
        return sendReply(c, 'GET', { enabled: deps.password !== undefined, signedIn });
      })

      .post('/login', limitBody(1024, tooLarge), json(AdminLoginSchema), async (c) => {
        if (deps.password === undefined) return apiError(c, 503, copy.api.disabled);
        const at = c.var.now();
        const result = await logIn(c.var.db, {
          password: c.req.valid('json').password,
          expected: deps.password,
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
          // Only judged attempts are written (at most 5 per client and 100 in all per window), and
          // the start of a lock or pause once: a flood of refused attempts adds no rows.
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
          // Audited only when a session ended: a made-up cookie adds no row.
          if (await logOut(c.var.db, cookie, at))
            await recordAudit(c.var.db, { session: sessionLabel(cookie), action: 'logout', client: auditClient(c), now: at });
        }
        deleteCookie(c, ADMIN_COOKIE, cookieOptions(c));
        return sendReply(c, 'POST', ok);
      })

      .use('*', requireSession(deps))
      .use('/orders/:id/*', idShaped(copy.api.orderNotFound))
      .use('/outbox/:id/*', idShaped(copy.api.outboxNotFound))

      // Every browser signed in to the console, this one included, is signed out.
      .post('/sessions/end-all', async (c) => {
        await endAllSessions(c.var.db, { session: c.var.session, client: auditClient(c), now: c.var.now() });
        deleteCookie(c, ADMIN_COOKIE, cookieOptions(c));
        return sendReply(c, 'POST', ok);
      })

      .get('/overview', async (c) => {
        const { monthlyCapacity, offerEndsAt, orderBump, demoMode, whatsapp } = c.var.config;
        const settings = {
          monthlyCapacity,
          offerEndsAt,
          orderBump: orderBump !== null,
          countSimulatedWhatsapp: demoMode && whatsapp.cloud === null,
          whatsappPriceCents: whatsapp.priceCents,
        };
        return sendReply(c, 'GET', await readOverview(c.var.db, settings, c.var.now()));
      })

      .get(
        '/orders',
        zValidator('query', AdminOrdersQuerySchema, (result, c) => {
          if (!result.success) return apiError(c, 422, copy.api.invalid);
        }),
        async (c) => sendReply(c, 'GET', await listOrders(c.var.db, c.req.valid('query'), c.var.now(), c.var.config)),
      )

      .get(
        '/orders.csv',
        zValidator('query', AdminOrdersQuerySchema, (result, c) => {
          if (!result.success) return apiError(c, 422, copy.api.invalid);
        }),
        async (c) => {
          const orders = await exportOrders(c.var.db, c.req.valid('query'), { session: c.var.session, now: c.var.now() }, c.var.config);
          const csv = renderOrdersCsv(orders, { header: copy.orders.csvHeader, status: copy.orders.status, kind: copy.orders.kind });
          return download(c, csv, 'text/csv', 'pedidos.csv');
        },
      )

      .get('/orders/:id', async (c) => {
        const at = c.var.now();
        const detail = await loadOrderDetail(c.var.db, c.req.param('id'), at, c.var.config);
        if (!detail) return apiError(c, 404, copy.api.orderNotFound);
        // The buyer's personal data was shown: who looked, and from where (LGPD art. 37).
        await recordAudit(c.var.db, { session: c.var.session, action: 'view_order', orderId: detail.id, client: auditClient(c), now: at });
        return sendReply(c, 'GET', detail);
      })

      .get('/orders/:id/whatsapp', orderWhatsapp)
      .post('/orders/:id/whatsapp/console', chargeOnWhatsapp)

      .post('/orders/:id/resend', async (c) => {
        const result = await resendAccess(c.var.db, { orderId: c.req.param('id'), session: c.var.session, now: c.var.now() });
        return refusalOf(c, result) ?? sendReply(c, 'POST', ok);
      })
      .post('/orders/:id/revoke', async (c) => {
        const result = await revokeAccess(c.var.db, { orderId: c.req.param('id'), session: c.var.session, now: c.var.now() });
        return refusalOf(c, result) ?? sendReply(c, 'POST', ok);
      })
      .post('/orders/:id/refund', async (c) => {
        const order = { orderId: c.req.param('id'), session: c.var.session, now: c.var.now() };
        const result = await markOrderRefunded(c.var.db, c.var.orders.events, order);
        if (result === 'not_paid') return apiError(c, 409, refundConsoleApi.markNotPaid);
        if (result === 'gateway_in_flight') return apiError(c, 409, refundConsoleApi.markWhileAtGateway);
        return refusalOf(c, result) ?? sendReply(c, 'POST', ok);
      })
      .post('/orders/:id/refund/start', limitBody(256, tooLarge), json(RefundStartSchema), async (c) => {
        const now = c.var.now();
        const orderId = c.req.param('id');
        if (!c.req.valid('json').gatewayChecked && (await retryNeedsPanelCheck(c.var.db, orderId)))
          return apiError(c, 409, refundConsoleApi.checkGatewayFirst);
        const result = await startRefund(c.var.refunds, orderId, now);
        if (result === 'not_found') return apiError(c, 404, copy.api.orderNotFound);
        if (result === 'not_paid') return apiError(c, 409, refundConsoleApi.notPaid);
        if (result === 'in_progress') return apiError(c, 409, refundConsoleApi.inProgress);
        await recordAudit(c.var.db, { session: c.var.session, action: 'refund_start', orderId, now });
        return sendReply(c, 'POST', ok, c.var.config.gatewayRefunds ? 202 : 200);
      })
      .post(
        '/orders/:id/refund/decline',
        limitBody(2048, tooLarge),
        json(RefundDeclineSchema, { message: refundConsoleApi.declineReason, field: 'reason' }),
        async (c) => {
          const now = c.var.now();
          const orderId = c.req.param('id');
          const result = await declineRefundRequest(c.var.refunds, orderId, c.req.valid('json').reason, now);
          if (result === 'not_found') return apiError(c, 404, copy.api.orderNotFound);
          if (result === 'not_requested') return apiError(c, 409, refundConsoleApi.notRequested);
          await recordAudit(c.var.db, { session: c.var.session, action: 'refund_decline', orderId, now });
          return sendReply(c, 'POST', ok);
        },
      )
      .get('/orders/:id/evidence', async (c) => {
        const now = c.var.now();
        const format = c.req.query('format') ?? 'pdf';
        if (format !== 'pdf' && format !== 'html') return apiError(c, 422, refundConsoleApi.badFormat);
        const evidence = await loadOrderEvidence(c.var.db, c.req.param('id'), {
          config: c.var.config,
          publicUrl: c.var.orders.publicUrl(),
          now,
        });
        if (!evidence) return apiError(c, 404, copy.api.orderNotFound);
        // The buyer's personal data leaves the console in a file: who took it, and from where (LGPD art. 37).
        await recordAudit(c.var.db, {
          session: c.var.session,
          action: 'export_evidence',
          orderId: evidence.order.id,
          client: auditClient(c),
          now,
        });
        const filename = `comprovante-${evidence.order.reference}.${format}`;
        c.header('Cache-Control', 'no-store');
        c.header('Content-Disposition', `attachment; filename="${filename}"`);
        if (format === 'html') return c.body(renderEvidenceHtml(evidence), 200, { 'Content-Type': 'text/html; charset=utf-8' });
        const pdf = await renderEvidencePdf(evidence);
        return c.body(new Uint8Array(pdf), 200, { 'Content-Type': 'application/pdf' });
      })
      .post(
        '/orders/:id/email',
        limitBody(1024, tooLarge),
        json(AdminCorrectEmailSchema, { message: copy.api.emailInvalid, field: 'email' }),
        async (c) => {
          const { email } = c.req.valid('json');
          const result = await correctEmailAndResend(c.var.db, {
            orderId: c.req.param('id'),
            email,
            session: c.var.session,
            now: c.var.now(),
          });
          return refusalOf(c, result) ?? sendReply(c, 'POST', ok);
        },
      )

      .get('/audit', async (c) => {
        const orderId = c.req.query('order');
        return c.json({ entries: await listAudit(c.var.db, { ...(orderId ? { orderId } : {}), limit: 100 }) });
      })

      .post('/buyer', ...buyerBody, async (c) => {
        const found = await findBuyer(c.var.db, c.req.valid('json').email);
        // The address searched for is personal data: the audit keeps how many orders it found, not it.
        const detail = { orders: found.orders.length };
        await recordAudit(c.var.db, { session: c.var.session, action: 'find_buyer', detail, client: auditClient(c), now: c.var.now() });
        return sendReply(c, 'POST', found);
      })

      .post('/buyer/export', ...buyerBody, async (c) => {
        const data = await exportBuyer(c.var.db, { email: c.req.valid('json').email, session: c.var.session, now: c.var.now() });
        return download(c, `${JSON.stringify(data, null, 2)}\n`, 'application/json', 'dados-pessoais.json');
      })

      .post(
        '/buyer/delete',
        limitBody(1024, tooLarge),
        json(AdminBuyerDeleteSchema, { message: copy.api.buyerConfirmation, field: 'confirmation' }),
        async (c) => {
          const { email } = c.req.valid('json');
          const erased = await eraseBuyer(c.var.db, c.var.orders.dialect, {
            email,
            session: c.var.session,
            now: c.var.now(),
            dataDir: c.var.config.dataDir,
            events: c.var.orders.events,
            reviewsChanged: () => c.var.reviews.signal.changed(),
          });
          return sendReply(c, 'POST', erased);
        },
      )

      // Depoimentos: the seller publishes, hides and orders; the buyer's words are never edited here.
      .get('/reviews', async (c) => sendReply(c, 'GET', await listReviewsForConsole(c.var.reviews)))
      .post('/reviews/order', limitBody(64 * 1024, tooLarge), json(AdminReviewOrderSchema), async (c) => {
        const now = c.var.now();
        const count = await orderReviews(c.var.reviews, c.req.valid('json').orderIds);
        await recordAudit(c.var.db, { session: c.var.session, action: 'review_order', detail: { count }, now });
        return sendReply(c, 'POST', await listReviewsForConsole(c.var.reviews));
      })
      .post('/reviews/:orderId/publish', limitBody(1024, tooLarge), json(AdminReviewPublishSchema), (c) => {
        const { contentKey } = c.req.valid('json');
        return moderateReview(c, 'review_publish', (reviews, orderId, now) => publishOrderReview(reviews, orderId, contentKey, now));
      })
      .post('/reviews/:orderId/hide', (c) =>
        moderateReview(c, 'review_hide', async (reviews, orderId, now) =>
          (await hideOrderReview(reviews, orderId, now)) ? 'ok' : 'not_found',
        ),
      )

      .get('/suppliers', supplierList, async (c) => sendReply(c, 'GET', await describeSupplierList(c.var.db, c.req.valid('query').list)))

      .get('/suppliers.csv', supplierList, async (c) => {
        const { list } = c.req.valid('query');
        const { csv, rows } = await exportSupplierList(c.var.db, list);
        await recordAudit(c.var.db, {
          session: c.var.session,
          action: 'export_suppliers',
          detail: { rows, list },
          client: auditClient(c),
          now: c.var.now(),
        });
        return download(c, csv, 'text/csv', supplierCsvFileName(list));
      })

      .post('/suppliers/preview', ...csvBody, (c) => {
        const preview = previewSupplierImport(c.req.valid('json').csv);
        return sendReply(c, 'POST', {
          valid: preview.errors.length === 0,
          count: preview.rows.length,
          categories: preview.categories,
          errors: preview.errors.slice(0, 200),
        });
      })

      .post('/suppliers', supplierList, ...csvBody, async (c) => {
        const at = c.var.now();
        const { list } = c.req.valid('query');
        const result = await importSupplierList(c.var.db, list, c.req.valid('json').csv, at);
        if (result.kind === 'invalid') return c.json({ error: copy.api.supplierInvalid, errors: result.errors.slice(0, 200) }, 422);
        await recordAudit(c.var.db, {
          session: c.var.session,
          action: 'import_suppliers',
          detail: { count: result.meta.count, list },
          now: at,
        });
        const { count, updatedAt, example } = result.meta;
        return sendReply(c, 'POST', { count, updatedAt, example });
      })

      .get('/health', async (c) => {
        const { db, config, orders } = c.var;
        return sendReply(c, 'GET', await readHealth({ db, config, payments: orders.payments, mailer: deps.mailer }, c.var.now()));
      })

      .post('/outbox/:id/retry', async (c) => {
        const result = await retryEmail(c.var.db, { messageId: c.req.param('id'), session: c.var.session, now: c.var.now() });
        if (result === 'not_found') return apiError(c, 404, copy.api.outboxNotFound);
        deps.runOutbox();
        return sendReply(c, 'POST', ok);
      })

      .all('*', (c) => apiError(c, 404, apiErrors.notFound))
  );
}
