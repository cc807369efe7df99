import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CheckoutContext, type CheckoutStarter } from '../lib/checkout-context.ts';
import { getPublicConfig } from '../lib/public-config.ts';
import { ModalSkeleton } from './modal-skeleton.tsx';
import { loadOpenOrder } from './open-order-store.ts';

type ModalModule = typeof import('./payment-modal.tsx');
let modalModule: Promise<ModalModule> | undefined;
/** Set once the modal's code has run: from then on it renders in the tap's own commit, with no skeleton first. */
let LoadedModal: ModalModule['default'] | undefined;
const loadPaymentModal = () =>
  (modalModule ??= import('./payment-modal.tsx').then((module) => {
    LoadedModal = module.default;
    return module;
  }));
const PaymentModal = lazy(loadPaymentModal);

/**
 * Provides `startCheckout` to the page: the in-page PIX modal (its code loads on first use, with
 * a skeleton meanwhile), or — when the seller set CHECKOUT_URL — the whole page goes there.
 */
export function CheckoutProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  const startCheckout = useCallback(() => {
    const { checkoutUrl } = getPublicConfig();
    if (checkoutUrl) {
      window.location.assign(checkoutUrl);
      return;
    }
    setUsed(true);
    setOpen(true);
  }, []);

  // Mounted on a buy button's first touch (or its first tap): the modal's code is on its way before the click.
  useEffect(() => {
    void loadPaymentModal();
  }, []);

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
        LoadedModal ? (
          <LoadedModal open={open} onOpenChange={setOpen} />
        ) : (
          <Suspense fallback={open ? <ModalSkeleton /> : null}>
            <PaymentModal open={open} onOpenChange={setOpen} />
          </Suspense>
        )
      ) : null}
    </CheckoutContext.Provider>
  );
}
