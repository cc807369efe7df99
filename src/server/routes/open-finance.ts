import { Hono, type Context } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { apiErrors } from '../../content/api-errors.ts';
import { openFinanceApi as copy } from '../../content/open-finance.ts';
import { OpenFinanceBanksQuerySchema, OpenFinanceStartSchema } from '../../shared/open-finance.ts';
import { paths } from '../../shared/routes.ts';
import { WebhookRejectedError } from '../gateway/pix-provider.ts';
import { clientCertificateVerified } from '../http/client-address.ts';
import { apiError, limitBody } from '../http/http.ts';
import { limits } from '../http/rate-limit.ts';
import { isIdShaped } from '../orders/ids.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import {
  bankCallback,
  bankReturn,
  callbackProvider,
  heldBankPayment,
  isListedBank,
  listBanks,
  openFinanceBanks,
  openFinancePage,
  settleBankPayment,
  startBankPayment,
} from '../open-finance/open-finance-service.ts';
import { linkRail, linkReturn } from '../open-finance/open-finance-links.ts';
import { sendReply } from './api-reply.ts';
import type { AppEnv } from './context.ts';
import { orderContactKey } from '../orders/order-links.ts';
import { confirmBankPaid } from '../payment/charge-cancellation.ts';
import { mayActForOrder } from './order-actor.ts';

/** docs/payments.md#open-finance: the bank list and the buyer's way back from their bank. */
export const openFinanceRoutes = new Hono<AppEnv>()
  .basePath('/api/open-finance')
  .get(
    '/bancos',
    zValidator('query', OpenFinanceBanksQuerySchema, (result, c) => {
      if (!result.success) return apiError(c, 422, apiErrors.invalidRequest);
    }),
    async (c) => {
      const listing = openFinanceBanks(c.var.orders);
      if (!listing) return apiError(c, 404, copy.unavailable);
      try {
        const banks = await listBanks(c.var.orders, listing, c.req.valid('query').q ?? '');
        c.header('Cache-Control', 'no-store');
        return sendReply(c, 'GET', { banks: banks.map(({ id, name, logoUrl }) => ({ id, name, logoUrl })) });
      } catch (error) {
        c.var.logger.warn('Open Finance banks not read', { error: error instanceof Error ? error.message : String(error) });
        return apiError(c, 502, copy.unavailable);
      }
    },
  )
  .get('/volta', async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    const jsr = linkRail(c.var.orders);
    const url = new URL(c.req.url);
    // Back from approving a JSR vínculo (docs/payments.md#jsr-the-add-on-in-one-tap), or from a payment.
    const linked = jsr ? await linkReturn(c.var.orders, jsr, url) : undefined;
    if (linked)
      return c.redirect(
        `${paths.order}/${encodeURIComponent(linked.order.public_ref)}?vinculo=${linked.saved ? 'salvo' : 'recusado'}${keyFragment(linked.order)}`,
        303,
      );
    const back = await bankReturn(c.var.orders, url, confirmBankPaid);
    if (!back) return c.redirect('/', 303);
    const status = back.outcome === 'paid' ? 'pago' : back.outcome === 'refused' ? 'recusado' : 'pendente';
    // An add-on paid by JSR: the buyer's tab is the purchase's own page, where the offer was.
    const parent = back.order.parent_order_id ? await findOrderById(c.var.db, back.order.parent_order_id) : undefined;
    const shown = parent ?? back.order;
    const addon = parent ? '&adicional=1' : '';
    return c.redirect(`${paths.order}/${encodeURIComponent(shown.public_ref)}?banco=${status}${addon}${keyFragment(shown)}`, 303);
  });

/**
 * The bank app may hand the buyer back in a new tab, without the checkout's view key: the way back carries the
 * order's e-mailed key in the fragment (never sent on, never logged), so that tab offers what the first one did.
 */
function keyFragment(order: Parameters<typeof orderContactKey>[0]): string {
  return `#k=${orderContactKey(order)}`;
}

/** The order's tab (its view key) starts the payment at the bank the buyer picked; a repeat gets the same address. */
export const openFinanceOrderRoutes = new Hono<AppEnv>().basePath('/api/orders').post(
  '/:id/open-finance',
  limitBody(1024, (c) => apiError(c, 413, apiErrors.tooLarge)),
  zValidator('json', OpenFinanceStartSchema, (result, c) => {
    if (!result.success) return apiError(c, 422, apiErrors.invalidRequest);
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    const id = c.req.param('id');
    const order = isIdShaped(id) ? await findOrderById(c.var.db, id) : undefined;
    if (!order || !mayActForOrder(order, c)) return apiError(c, 404, apiErrors.orderNotFound);
    const { participantId } = c.req.valid('json');
    const banks = openFinanceBanks(c.var.orders);
    // The bank the buyer picked where a provider lists them, else a provider's own page.
    const via =
      banks && participantId ? { provider: banks, participantId } : { provider: openFinancePage(c.var.orders), participantId: null };
    if (!via.provider) return apiError(c, banks ? 422 : 404, banks ? apiErrors.invalidRequest : copy.unavailable);
    // The payment already waiting at the bank is the same tap again: no new call to count.
    const held = await heldBankPayment(c.var.orders, order, via.participantId ?? via.provider.id);
    if (held) return sendReply(c, 'POST', { redirectUri: held });
    if (via.participantId !== null) {
      let listed: boolean;
      try {
        listed = await isListedBank(c.var.orders, via.provider, via.participantId);
      } catch (error) {
        c.var.logger.warn('Open Finance banks not read', { error: error instanceof Error ? error.message : String(error) });
        return apiError(c, 502, copy.failed);
      }
      if (!listed) return apiError(c, 422, copy.unknownBank);
    }
    const decision = await c.var.limiter.consume(limits.orderCreate, c.var.clientAddress, c.var.now());
    if (!decision.allowed) return apiError(c, 429, copy.tooManyTries(Math.max(1, Math.ceil(decision.retryAfterMs / 60_000))));
    const result = await startBankPayment(c.var.orders, via.provider, order, via.participantId);
    if (result.kind === 'started') return sendReply(c, 'POST', { redirectUri: result.redirectUri });
    if (result.kind === 'not_payable') return apiError(c, 409, copy.notPayable);
    if (result.kind === 'no_cpf') return apiError(c, 422, copy.noCpf);
    return apiError(c, 502, copy.failed);
  },
);

const ok = { received: true } as const;

/** Each provider's callbacks (gateway/open-finance.ts `openFinanceCallbackPath`): answered at once, the payment read back in the background. */
export const openFinanceWebhookRoutes = new Hono<AppEnv>().basePath('/api/webhooks').post(
  '/:rail{[a-z]+-open-finance}',
  limitBody(64 * 1024, (c: Context<AppEnv>) => c.json(ok, 200)),
  async (c) => {
    const { logger, orders } = c.var;
    // Null while its mode is off.
    const from = callbackProvider(orders, `/api/webhooks/${c.req.param('rail')}`);
    if (!from) return c.json(ok, 200);
    let paymentId: string | null;
    try {
      paymentId = await bankCallback(orders, from, {
        url: new URL(c.req.url),
        headers: c.req.raw.headers,
        rawBody: await c.req.text(),
        clientAddress: c.var.clientAddress,
        clientCertificateVerified: clientCertificateVerified(c, c.var.config.trustedProxies),
      });
    } catch (error) {
      if (!(error instanceof WebhookRejectedError)) throw error;
      const decision = await c.var.limiter.consume(limits.webhookRejected, c.var.clientAddress, c.var.now());
      if (decision.allowed) logger.warn('Open Finance webhook refused', { reason: error.message });
      return c.json({ received: false, error: apiErrors.webhookRejected }, 401);
    }
    if (paymentId) c.var.background.run('open finance re-check', () => settleBankPayment(orders, paymentId, confirmBankPaid));
    return c.json(ok, 200);
  },
);
