import { Hono, type Context } from 'hono';
import { orderPage as copy } from '../../content/order-page.ts';
import { ORDER_CONTACT_KEY_HEADER, PUBLIC_REF_PATTERN } from '../../shared/order-page.ts';
import { paths } from '../../shared/routes.ts';
import { requestOrderAccessResend } from '../access/access-service.ts';
import type { AppEnv } from './context.ts';
import { apiError, limitBody } from '../http/http.ts';
import { refundApi } from '../../content/refunds.ts';
import { loadGuarantee } from '../refunds/buyer-guarantee.ts';
import { requestRefund } from '../refunds/buyer-request.ts';
import { refundBody, refusedRefund } from './refund-request.ts';
import { isOrderContactKey, isReminderOptOutToken, isWhatsappStopToken } from '../orders/order-links.ts';
import { describeOrderPage, findOrderForPage } from '../checkout/order-page-service.ts';
import { turnOffReminders } from '../pix-emails/pix-emails-events.ts';
import { renderOptOutPage, type OptOutPageCopy, type OptOutPageState } from '../pix-emails/reminders-opt-out-page.ts';
import { stopWhatsappByLink } from '../whatsapp/whatsapp-service.ts';
import { whatsappStop } from '../../content/whatsapp.ts';
import { pageFile, sendPage, type Site } from '../http/site.ts';
import { sendReply } from './api-reply.ts';

function privatePage(response: Response): Response {
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  response.headers.set('Cache-Control', 'no-store');
  response.headers.set('Referrer-Policy', 'no-referrer');
  return response;
}

/** The routes have parameters, so the access log shows patterns, never a reference or a token. */
export function orderPageRoutes(site: Site | undefined) {
  const optOut = async (c: Context<AppEnv>, state: OptOutPageState, status: 200 | 404 = 200, copy?: OptOutPageCopy) => {
    const ref = c.req.param('ref') ?? '';
    const html = renderOptOutPage(state, { action: c.req.path, orderPath: `${paths.order}/${encodeURIComponent(ref)}` }, copy);
    return privatePage(c.html(html, status));
  };
  const findOptOutOrder = async (c: Context<AppEnv>, isToken = isReminderOptOutToken) => {
    const order = await findOrderForPage(c.var.orders, c.req.param('ref') ?? '');
    return order && isToken(order, c.req.param('token')) ? order : undefined;
  };
  const stopPage = (c: Context<AppEnv>, state: OptOutPageState, status: 200 | 404 = 200) => optOut(c, state, status, whatsappStop);

  return (
    new Hono<AppEnv>()
      .get('/:ref', (c) => {
        const page = site?.page(pageFile(paths.order));
        const status = PUBLIC_REF_PATTERN.test(c.req.param('ref')) ? 200 : 404;
        return privatePage(page ? sendPage(c, page, status) : c.text('Not found', 404));
      })
      .get('/:ref/lembretes/:token', async (c) => ((await findOptOutOrder(c)) ? optOut(c, 'ask') : optOut(c, 'invalid', 404)))
      .post('/:ref/lembretes/:token', async (c) => {
        const order = await findOptOutOrder(c);
        if (!order) return optOut(c, 'invalid', 404);
        // The button's form and a mail app's RFC 8058 POST both mean "stop".
        const cancelled = await turnOffReminders(c.var.db, order.id, c.var.now());
        if (cancelled !== undefined) c.var.logger.info('PIX reminders turned off by the buyer', { order: order.id, cancelled });
        return optOut(c, 'done');
      })
      // The WhatsApp messages' stop link (docs/whatsapp.md).
      .get('/:ref/whatsapp/:token', async (c) =>
        (await findOptOutOrder(c, isWhatsappStopToken)) ? stopPage(c, 'ask') : stopPage(c, 'invalid', 404),
      )
      .post('/:ref/whatsapp/:token', async (c) => {
        const order = await findOptOutOrder(c, isWhatsappStopToken);
        if (!order) return stopPage(c, 'invalid', 404);
        if (await stopWhatsappByLink(c.var.db, order, c.var.now()))
          c.var.logger.info('WhatsApp messages stopped by the buyer', { order: order.id });
        return stopPage(c, 'done');
      })
  );
}

export const orderPageApiRoutes = new Hono<AppEnv>()
  .basePath('/api/order-page')
  .get('/:ref', async (c) => {
    c.header('Cache-Control', 'no-store');
    const contactKey = c.req.header(ORDER_CONTACT_KEY_HEADER)?.slice(0, 64);
    const found = await describeOrderPage(c.var.orders, c.req.param('ref'), contactKey);
    if (!found) return apiError(c, 404, copy.notFound.title);
    const { reply, order } = found;
    if (reply.status !== 'paid') return sendReply(c, 'GET', reply);
    const now = c.var.now();
    const guarantee = await loadGuarantee(c.var.refunds, order.id, now);
    if (!guarantee) return apiError(c, 404, copy.notFound.title);
    const canRequestHere = isOrderContactKey(order, contactKey);
    if (canRequestHere) return sendReply(c, 'GET', { ...reply, guarantee, canRequestHere });
    // The reference also reaches GA4 and Meta: the refund's state is read only with the e-mailed key.
    const windowOnly = { days: guarantee.days, endsAt: guarantee.endsAt, canRequest: now < guarantee.endsAt, request: null };
    return sendReply(c, 'GET', { ...reply, guarantee: windowOnly, canRequestHere });
  })
  .post(
    '/:ref/refund',
    limitBody(2048, (c) => apiError(c, 413, refundApi.tooLarge)),
    refundBody,
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const order = await findOrderForPage(c.var.orders, c.req.param('ref'));
      if (!order) return apiError(c, 404, copy.notFound.title);
      if (!isOrderContactKey(order, c.req.header(ORDER_CONTACT_KEY_HEADER)?.slice(0, 64)))
        return apiError(c, 403, refundApi.needsContactKey);
      const result = await requestRefund(c.var.refunds, order.id, c.req.valid('json'), c.var.now());
      if (result.kind !== 'ok') return refusedRefund(c, result);
      c.var.logger.info('Refund requested on the order page', { order: order.id });
      return sendReply(c, 'POST', { guarantee: result.guarantee });
    },
  )
  .post('/:ref/resend', async (c) => {
    c.header('Cache-Control', 'no-store');
    const order = await findOrderForPage(c.var.orders, c.req.param('ref'));
    if (!order) return apiError(c, 404, copy.notFound.title);
    const result = await requestOrderAccessResend(c.var.db, c.var.limiter, { order, clientAddress: c.var.clientAddress, now: c.var.now() });
    if (result.kind === 'rate_limited') {
      c.header('Retry-After', String(Math.ceil(result.retryAfterMs / 1000)));
      return apiError(c, 429, copy.paid.tooMany);
    }
    c.var.logger.info('Access resend requested on the order page', { order: order.id, queued: result.queued });
    return sendReply(c, 'POST', { ok: true }, 202);
  });
