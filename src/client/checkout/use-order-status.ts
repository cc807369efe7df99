import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrderStatusReply } from '../../shared/checkout.ts';
import { orderKeyHeaders } from '../../shared/order-view-key.ts';
import { apiFetch } from '../lib/api.ts';
import { afterPaint } from '../lib/after-paint.ts';

/** The open modal asks our server every 4.5 s (docs/gateway.md#10-confirming-a-payment: 4–5 s); never the gateway. */
export const ORDER_POLL_MS = 4500;

/** A replaced code is not settled: its charge may still be paid late (a provider that cannot cancel, a lost cancel). */
export function isSettled(reply: Pick<OrderStatusReply, 'status' | 'replacedBy'>): boolean {
  return reply.status === 'paid' || reply.status === 'reversed' || (reply.status === 'failed' && !reply.replacedBy);
}

/**
 * Polls GET /api/orders/:id while `active`, until the order is settled; `checkNow` for "Já paguei".
 * The tab's view key proves it created the order, so the server may show it the access link.
 * `askAtOnce: false` for an order whose charge has just answered: its first ask waits one interval.
 */
export function useOrderStatus(orderId: string, viewKey: string, active: boolean, { askAtOnce = true } = {}) {
  const [state, setState] = useState<OrderStatusReply>({ status: 'pending' });
  const [checking, setChecking] = useState(false);
  const settled = isSettled(state);
  const inFlight = useRef(false);

  const checkNow = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setChecking(true);
    try {
      setState(await apiFetch('GET /api/orders/:id', { params: { id: orderId }, headers: orderKeyHeaders(viewKey) }));
    } catch {
      // A failed poll is retried at the next tick; the buyer sees no error for it.
    } finally {
      inFlight.current = false;
      setChecking(false);
    }
  }, [orderId, viewKey]);

  useEffect(() => {
    if (!active || settled) return;
    // The first ask once the panel is painted (the frame after this commit), not before: the PIX
    // shows first. At once after that too: an order resumed after a reload may already be paid.
    let timer: number | undefined;
    const cancel = afterPaint(() => {
      if (askAtOnce) void checkNow();
      timer = window.setInterval(() => void checkNow(), ORDER_POLL_MS);
    });
    return () => {
      cancel();
      window.clearInterval(timer);
    };
  }, [active, settled, checkNow, askAtOnce]);

  return { ...state, checking, checkNow };
}
