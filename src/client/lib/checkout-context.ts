import { createContext, useContext } from 'react';

/**
 * How any buy button starts the checkout without importing the checkout feature: the page
 * provides the implementation (the PIX modal, or the hosted checkout URL).
 */
export interface CheckoutStarter {
  startCheckout(options?: CheckoutOptions): void;
  /** A buy button was touched or focused: the checkout may get ready for the tap that follows. */
  prepareCheckout?(): void;
}

export interface CheckoutOptions {
  /** The buyer asked for the order bump (the upsell popup's button): the checkout opens with it ticked. */
  bump?: boolean;
}

export const CheckoutContext = createContext<CheckoutStarter>({ startCheckout: () => undefined });

export function useCheckout(): CheckoutStarter {
  return useContext(CheckoutContext);
}
