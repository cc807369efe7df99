import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CheckoutContext, type CheckoutOptions, type CheckoutStarter } from '../lib/checkout-context.ts';
import { getPublicConfig } from '../lib/public-config.ts';
import { onDemand } from './on-demand.ts';
import { ModalSkeleton } from './modal-skeleton.tsx';
import { loadOpenOrder } from './open-order-store.ts';

const paymentModal = onDemand(() => import('./payment-modal.tsx'));

/**
 * Provides `startCheckout` to the page: the in-page PIX modal (its code loads on first use, with
 * a skeleton meanwhile), or — when the seller set CHECKOUT_URL — the whole page goes there.
 */
export function CheckoutProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [initialBump, setInitialBump] = useState(false);

  const startCheckout = useCallback((options?: CheckoutOptions) => {
    const { checkoutUrl } = getPublicConfig();
    if (checkoutUrl) {
      window.location.assign(checkoutUrl);
      return;
    }
    setInitialBump(options?.bump === true);
    setUsed(true);
    setOpen(true);
  }, []);

  // Mounted on a buy button's first touch (or its first tap): the modal's code is on its way before the click.
  const PaymentModal = paymentModal.useLoaded(true)?.default;

  // A PIX in progress before a reload opens again where the buyer left it.
  useEffect(() => {
    if (loadOpenOrder()) {
      setUsed(true);
      setOpen(true);
    }
  }, []);

  const value = useMemo<CheckoutStarter>(() => ({ startCheckout }), [startCheckout]);

  return (
    <CheckoutContext.Provider value={value}>
      {children}
      {used ? (
        PaymentModal ? (
          <PaymentModal open={open} onOpenChange={setOpen} initialBump={initialBump} />
        ) : open ? (
          <ModalSkeleton />
        ) : null
      ) : null}
    </CheckoutContext.Provider>
  );
}
