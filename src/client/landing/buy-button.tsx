import { afterPaint } from '../lib/after-paint.ts';
import type { ReactNode } from 'react';
import { formatNextBatchDate, soldOut } from '../../content/sold-out.ts';
import { productSection } from '../../content/site.ts';
import { applyOfferPatch } from '../../shared/offer-patch.ts';
import { readPageOffer } from '../lib/offer.tsx';
import { track } from '../lib/analytics.ts';
import { useCheckout, type CheckoutStarter } from '../lib/checkout-context.ts';
import { opensCheckout } from '../lib/checkout-opener.ts';
import { getPublicConfig } from '../lib/public-config.ts';
import { useLiveSignals } from '../lib/live/store.ts';
import { Button } from '../ui/button.tsx';

export type BuyPlacement = 'hero' | 'topup' | 'how_it_works' | 'scarcity' | 'faq' | 'sticky_bar' | 'popup';

/**
 * A buy call's tap: records begin_checkout (docs/product.md#tracking-events), then starts the
 * checkout. Counted once the opened form is on screen, so the tap's frame waits for no tracker;
 * before the page leaves for a hosted checkout, at once.
 */
export function beginCheckout(
  placement: BuyPlacement,
  startCheckout: CheckoutStarter['startCheckout'],
  onBeforeCheckout?: () => void,
): void {
  const { checkoutUrl, sandbox } = getPublicConfig();
  const count = () =>
    track('begin_checkout', {
      provider: checkoutUrl ? 'hosted' : sandbox ? 'sandbox' : 'pix',
      value: applyOfferPatch(productSection, readPageOffer().product).priceCents / 100,
      currency: 'BRL',
      checkout_url: checkoutUrl ?? undefined,
      placement,
    });
  if (checkoutUrl) count();
  else afterPaint(count);
  onBeforeCheckout?.();
  startCheckout();
}

/**
 * Every buy call on the page: records begin_checkout (docs/product.md#tracking-events), then starts the checkout. While
 * the month is sold out (live signals) it says so, with the date the next batch opens, and is
 * disabled: the server would refuse the charge anyway (docs/product.md#2-live-signals-tell-the-truth).
 */
export function BuyButton({
  placement,
  children,
  className,
  onBeforeCheckout,
}: {
  placement: BuyPlacement;
  children: ReactNode;
  className?: string;
  /** e.g. a popup closes itself before the checkout opens. */
  onBeforeCheckout?: () => void;
}) {
  const { startCheckout, prepareCheckout } = useCheckout();
  const live = useLiveSignals();
  const isSoldOut = live?.soldOut === true;
  return (
    <Button
      size="lg"
      variant={isSoldOut ? 'soldOut' : 'cta'}
      layout={isSoldOut ? 'stacked' : 'inline'}
      className={className}
      data-placement={placement}
      // The page's checkout opens at the tap, before any code (lib/checkout-opener.ts); the popups'
      // buttons close their popup first and may tick the bump, so their checkout opens from the island.
      {...(placement === 'popup' ? {} : opensCheckout())}
      disabled={isSoldOut}
      onFocus={prepareCheckout}
      onClick={() => beginCheckout(placement, startCheckout, onBeforeCheckout)}
    >
      {isSoldOut ? (
        <>
          <span>{soldOut.buttonLabel}</span>
          <span className="text-xs font-semibold tracking-normal normal-case">
            {soldOut.nextBatch(formatNextBatchDate(live.nextBatchAt))}
          </span>
        </>
      ) : (
        children
      )}
    </Button>
  );
}
