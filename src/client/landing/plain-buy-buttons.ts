import type { CheckoutStarter } from '../lib/checkout-context.ts';
import type { PlainIsland } from '../lib/hydrate-islands.tsx';
import { getLiveSignals, subscribeLiveSignals } from '../lib/live/store.ts';
import { beginCheckout, type BuyPlacement } from './buy-button.tsx';

/**
 * The landing page's own buy buttons (its `buy-button` islands) live without React: the buy tap
 * runs no React event dispatch. React's root listens to every pointer, mouse and focus event of a
 * tap, and on an emulated slow phone that dispatch was a third of the tap's input delay
 * (docs/benchmarks.md). One click listener and one focus listener on the document do what
 * `BuyButton` does (`beginCheckout`, `prepareCheckout`); the prerendered button is the same markup.
 *
 * What the button shows changes only when the month is sold out (live signals): then each island
 * is hydrated with `BuyButton`, which shows the sold-out label and the next batch's date, disabled,
 * and answers its own taps from then on, whatever the signals say later.
 */
export function plainBuyButtons(checkout: CheckoutStarter): PlainIsland {
  const started = new Map<Element, () => Promise<void>>();
  const inReact = new WeakSet<Element>();
  const handOverIfSoldOut = () => {
    if (getLiveSignals()?.soldOut !== true) return;
    for (const [island, hydrate] of started) {
      if (inReact.has(island)) continue;
      inReact.add(island);
      void hydrate();
    }
  };
  /** The tapped or focused button of a buy island this module answers for. */
  const buttonOf = (event: Event): HTMLButtonElement | null => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    const island = button?.closest('[data-island="buy-button"]');
    return button && island && started.has(island) && !inReact.has(island) ? button : null;
  };
  return (element, hydrate) => {
    if (started.size === 0) {
      document.addEventListener('click', (event) => {
        const button = buttonOf(event);
        if (button) beginCheckout(button.dataset.placement as BuyPlacement, checkout.startCheckout);
      });
      document.addEventListener('focusin', (event) => {
        if (buttonOf(event)) checkout.prepareCheckout?.();
      });
      subscribeLiveSignals(handOverIfSoldOut);
    }
    started.set(element, hydrate);
    handOverIfSoldOut();
  };
}
