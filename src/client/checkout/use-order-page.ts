import { useCallback, useEffect, useRef, useState } from 'react';
import { ORDER_CONTACT_KEY_HEADER, type OrderPageReply } from '../../shared/order-page.ts';
import { ApiError, apiFetch } from '../lib/api.ts';
import { takeFragmentSecret } from '../lib/fragment-secret.ts';
import { ORDER_POLL_MS } from './use-order-status.ts';

export type OrderPageState =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'error' }
  | { kind: 'ready'; reply: OrderPageReply; /** The reply's expiry on this device's clock. */ localExpiresAt: number | null };

const CONTACT_KEY_PREFIX = 'vitrine_order_contact:';

/** The e-mailed link's contact key (`#k=…`), kept for this tab (lib/fragment-secret.ts). */
export function takeContactKey(ref: string): string | undefined {
  return takeFragmentSecret(/^#k=([\w-]{16,64})$/, `${CONTACT_KEY_PREFIX}${ref}`);
}

/** Reads `/api/order-page/{ref}`, and polls it every 4.5 s while the PIX waits (like the modal). */
export function useOrderPage(ref: string, contactKey: string | undefined) {
  const [state, setState] = useState<OrderPageState>({ kind: 'loading' });
  const [checking, setChecking] = useState(false);
  const inFlight = useRef(false);

  const load = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setChecking(true);
    try {
      const reply = await apiFetch('GET /api/order-page/:ref', {
        params: { ref },
        headers: contactKey ? { [ORDER_CONTACT_KEY_HEADER]: contactKey } : {},
      });
      // Count down on this device's clock, whatever time it shows.
      const localExpiresAt = reply.status === 'pending' ? Date.now() + (reply.expiresAt - reply.serverTime) : null;
      setState({ kind: 'ready', reply, localExpiresAt });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) setState({ kind: 'not-found' });
      // A failed poll keeps what is on screen; only a first load that fails shows the error.
      else setState((current) => (current.kind === 'ready' ? current : { kind: 'error' }));
    } finally {
      inFlight.current = false;
      setChecking(false);
    }
  }, [ref, contactKey]);

  const waiting = state.kind === 'loading' || (state.kind === 'ready' && state.reply.status === 'pending');
  useEffect(() => {
    if (!waiting) return;
    void load();
    const timer = window.setInterval(() => void load(), ORDER_POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, load]);

  return { state, checking, reload: load };
}
