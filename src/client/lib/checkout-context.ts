import { createContext, useContext } from 'react';

/**
 * How any buy button starts the checkout without importing the checkout feature: the page
 * provides the implementation (the PIX modal, or the hosted checkout URL).
 */
export interface CheckoutStarter {
  startCheckout(): void;
  /** A buy button was touched or focused: the checkout may get ready for the tap that follows. */
  prepareCheckout?(): void;
}

export const CheckoutContext = createContext<CheckoutStarter>({ startCheckout: () => undefined });

export function useCheckout(): CheckoutStarter {
  return useContext(CheckoutContext);
}
