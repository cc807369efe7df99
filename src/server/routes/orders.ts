import { visitorOf } from '../experiments/live-experiments.ts';
import { Hono } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { checkout as copy, checkoutFormMessages as messages } from '../../content/checkout.ts';
import {
  AddonAnswerSchema,
  createOrderSchema,
  fieldErrors,
  type AddonPriceChangedBody,
  type PriceChangedBody,
} from '../../shared/checkout.ts';
import { bumpCopy } from '../../content/offers.ts';
import { ORDER_VIEW_KEY_HEADER } from '../../shared/order-view-key.ts';
import type { AppEnv } from './context.ts';
import { GatewayError, gatewayMessages } from '../gateway/errors.ts';
import { apiError, limitBody } from '../http/http.ts';
import { limits } from '../http/rate-limit.ts';
import { acceptAddonOffer, declineAddon } from '../checkout/addon-offer.ts';
import { currentProductInfo, startCheckout } from '../checkout/checkout-service.ts';
import { isIdShaped } from '../orders/ids.ts';
import { ORDER_CONTACT_KEY_HEADER } from '../../shared/order-page.ts';
import { describeOrderStatus } from '../access/order-status-reply.ts';
import { apiErrors } from '../../content/api-errors.ts';
import { checkoutBudget, findAddonOrder, refuseWhileDraining } from './addon-order.ts';
import { sendReply } from './api-reply.ts';
import { disputeBlockedCheckout } from '../../content/disputes.ts';
import { isBuyerBlocked } from '../disputes/dispute-blocks.ts';

const CreateOrderSchema = createOrderSchema(messages);

const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });

export const ordersRoutes = new Hono<AppEnv>()
  .basePath('/api/orders')
  .post(
    '/',
    limitBody(8 * 1024, (c) => apiError(c, 413, apiErrors.tooLarge)),
    zValidator('json', CreateOrderSchema, (result, c) => {
      if (!result.success) return apiError(c, 422, apiErrors.checkFields, fieldErrors(result.error));
    }),
    async (c) => {
      // Draining after SIGTERM: the checkout could outlive the process; the balancer sends the retry elsewhere.
      if (c.var.lifecycle.isDraining()) {
        c.header('Retry-After', '5');
        return apiError(c, 503, copy.errors.restarting);
      }
      const input = c.req.valid('json');
      const { config } = c.var;
      // The bank needs the buyer's own CPF (docs/product.md#the-buyer-form).
      if (!config.demoMode && !config.customerDocument && !input.document) {
        return apiError(c, 422, apiErrors.checkFields, { document: messages.documentInvalid });
      }
      const decision = await c.var.limiter.consume(limits.orderCreate, c.var.clientAddress, c.var.now());
      if (!decision.allowed) return apiError(c, 429, copy.errors.tooManyAttempts);
      // docs/disputes.md#not-again: after a lost dispute, no new PIX; the words accuse no one.
      if (await isBuyerBlocked(c.var.orders, input)) return apiError(c, 403, disputeBlockedCheckout);
      const result = await startCheckout(c.var.orders, input, { address: c.var.clientAddress, userAgent: c.req.header('user-agent') });
      if (result.kind === 'created') {
        await c.var.experiments?.attributeOrder(result.order.orderId, input.experiment, visitorOf(c));
        return sendReply(c, 'POST', result.order, 201, { gzip: true });
      }
      if (result.kind === 'sold_out') {
        return apiError(c, 409, copy.errors.soldOut(dateFormat.format(new Date(result.nextBatchAt))));
      }
      if (result.kind === 'too_many_open') return apiError(c, 429, copy.errors.tooManyOpenCharges);
      if (result.kind === 'price_changed') {
        const body: PriceChangedBody = { error: copy.errors.priceChanged, product: result.product };
        return c.json(body, 409);
      }
      if (result.kind === 'paid_elsewhere') return apiError(c, 409, result.message);
      return apiError(c, 502, result.message);
    },
  )
  .get('/:id', async (c) => {
    const id = c.req.param('id');
    const status = isIdShaped(id)
      ? await describeOrderStatus(
          c.var.orders,
          id,
          c.req.header(ORDER_VIEW_KEY_HEADER)?.slice(0, 64),
          c.req.header(ORDER_CONTACT_KEY_HEADER)?.slice(0, 64),
        )
      : undefined;
    if (!status) return apiError(c, 404, apiErrors.orderNotFound);
    c.header('Cache-Control', 'no-store');
    return sendReply(c, 'GET', status);
  });

/** docs/offers.md#the-one-time-offer-after-payment; accepting twice returns the same PIX. */
export const addonRoutes = new Hono<AppEnv>().basePath('/api/orders').post(
  '/:id/addon',
  limitBody(256, (c) => apiError(c, 413, apiErrors.tooLarge)),
  zValidator('json', AddonAnswerSchema, (result, c) => {
    if (!result.success) return apiError(c, 422, apiErrors.invalidRequest);
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    const order = await findAddonOrder(c);
    if (order instanceof Response) return order;
    const answer = c.req.valid('json');
    if (!answer.accept) {
      await declineAddon(c.var.orders, order);
      return sendReply(c, 'POST', {});
    }
    const refusal = refuseWhileDraining(c);
    if (refusal) return refusal;
    const result = await acceptAddonOffer(c.var.orders, order, answer.offerVersion, checkoutBudget(c));
    if (result.kind === 'created') return sendReply(c, 'POST', result.order, 201, { gzip: true });
    if (result.kind === 'addon_price_changed') {
      const body: AddonPriceChangedBody = { error: bumpCopy.afterPayment.priceChanged, addonOffer: result.offer };
      return c.json(body, 409);
    }
    if (result.kind === 'failed') return apiError(c, 502, result.message);
    if (result.kind === 'paid_elsewhere') return apiError(c, 409, result.message);
    if (result.kind === 'too_many_attempts') return apiError(c, 429, copy.errors.tooManyAttempts);
    return apiError(c, 409, bumpCopy.afterPayment.unavailable);
  },
);

export const productRoutes = new Hono<AppEnv>().basePath('/api/product').get('/', async (c) => {
  try {
    // Read as the checkout opens, never from a cache: a price published a moment ago is the one shown (docs/editing.md#prices).
    c.header('Cache-Control', 'no-store');
    return sendReply(c, 'GET', await currentProductInfo(c.var.orders));
  } catch (error) {
    return apiError(c, 502, error instanceof GatewayError ? error.message : gatewayMessages.productLoad);
  }
});
