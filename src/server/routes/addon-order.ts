import type { Context } from 'hono';
import { apiErrors } from '../../content/api-errors.ts';
import { checkout as copy } from '../../content/checkout.ts';
import { bumpCopy } from '../../content/offers.ts';
import { apiError } from '../http/http.ts';
import { limits, type LimitPolicy } from '../http/rate-limit.ts';
import { isIdShaped } from '../orders/ids.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import type { AppEnv } from './context.ts';
import { mayActForOrder } from './order-actor.ts';

type MainOrder = NonNullable<Awaited<ReturnType<typeof findOrderById>>>;

/**
 * The add-on routes' order (docs/offers.md#the-one-time-offer-after-payment: `…/addon`, and by JSR
 * `…/addon/biometria`): the main order of the path's `:id`, answered only to the tab that bought it (its view
 * key) or the holder of the e-mailed key (order-actor.ts); another tab is told so (403), as the offer is shown there. Else the refusal to send.
 */
export async function findAddonOrder(c: Context<AppEnv, '/:id/addon' | '/:id/addon/biometria', object>): Promise<MainOrder | Response> {
  const id = c.req.param('id');
  const order = isIdShaped(id) ? await findOrderById(c.var.db, id) : undefined;
  if (!order) return apiError(c, 404, apiErrors.orderNotFound);
  // An order the shop made an add-on of another purchase (a buyer who already had the list re-buying the bump): no offer of its own.
  if (order.kind !== 'main') return apiError(c, 409, bumpCopy.afterPayment.unavailable);
  if (!mayActForOrder(order, c)) return apiError(c, 403, bumpCopy.afterPayment.otherTab);
  return order;
}

/**
 * Before an add-on's charge: none while draining after SIGTERM (the charge could outlive the process; the
 * balancer sends the retry elsewhere). The refusal to send, or undefined when the charge may go ahead.
 */
export function refuseWhileDraining(c: Context<AppEnv>): Response | undefined {
  if (!c.var.lifecycle.isDraining()) return undefined;
  c.header('Retry-After', '5');
  return apiError(c, 503, copy.errors.restarting);
}

/**
 * An hourly limit per client spent only by something new: by default the checkout's, spent by a new charge (a tap that
 * reuses the add-on order, or the payment already waiting at the bank, costs nothing). False once the hour's is spent.
 */
export function checkoutBudget(c: Context<AppEnv>, limit: LimitPolicy = limits.orderCreate): () => Promise<boolean> {
  return async () => (await c.var.limiter.consume(limit, c.var.clientAddress, c.var.now())).allowed;
}
