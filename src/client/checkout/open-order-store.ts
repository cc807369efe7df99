import type { CreatedOrder } from '../../shared/checkout.ts';

/**
 * The PIX being paid survives a reload of the tab (phones often discard it while the buyer is in
 * the bank app): kept in sessionStorage for this tab only, cleared when the modal is closed.
 */
const OPEN_ORDER_KEY = 'vitrine_open_order';

/** The charge on offer, and the tab's key that shows it the access link once paid. */
export interface OpenOrder extends CreatedOrder {
  viewKey: string;
}

export function saveOpenOrder(order: OpenOrder): void {
  try {
    window.sessionStorage.setItem(OPEN_ORDER_KEY, JSON.stringify(order));
  } catch {
    // Without storage a reload simply starts over.
  }
}

export function loadOpenOrder(): OpenOrder | null {
  try {
    const order = JSON.parse(window.sessionStorage.getItem(OPEN_ORDER_KEY) ?? 'null') as OpenOrder | null;
    return order && typeof order.orderId === 'string' && typeof order.expiresAt === 'number' && typeof order.viewKey === 'string'
      ? order
      : null;
  } catch {
    return null;
  }
}

export function clearOpenOrder(): void {
  try {
    window.sessionStorage.removeItem(OPEN_ORDER_KEY);
  } catch {
    // Nothing to clear.
  }
}
