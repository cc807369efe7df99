import type { Context } from 'hono';
import { ORDER_CONTACT_KEY_HEADER } from '../../shared/order-page.ts';
import { ORDER_VIEW_KEY_HEADER } from '../../shared/order-view-key.ts';
import { viewKeyMatches } from '../access/access-service.ts';
import { isOrderContactKey } from '../orders/order-links.ts';

/**
 * Who may act on an order after the bank (docs/payments.md#open-finance): the tab that bought it (its view key), or
 * whoever holds the order's e-mailed key (`#k=` of "Seu PIX está pronto", and of the bank app's way back), so the
 * same page in a new tab offers the same actions. The key is the one that already shows the buyer's data there.
 */
type ActedOrder = Parameters<typeof viewKeyMatches>[0] & Parameters<typeof isOrderContactKey>[0];

export function mayActForOrder(order: ActedOrder, c: Context): boolean {
  return (
    viewKeyMatches(order, c.req.header(ORDER_VIEW_KEY_HEADER)?.slice(0, 64)) ||
    isOrderContactKey(order, c.req.header(ORDER_CONTACT_KEY_HEADER)?.slice(0, 64))
  );
}
