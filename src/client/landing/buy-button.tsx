import type { ReactNode } from 'react';
import { site } from '../../content/site.ts';
import { track } from '../lib/analytics.ts';
import { useCheckout } from '../lib/checkout-context.ts';
import { getPublicConfig } from '../lib/public-config.ts';
import { Button } from '../ui/button.tsx';

export type BuyPlacement = 'hero' | 'topup' | 'how_it_works' | 'scarcity' | 'faq' | 'sticky_bar' | 'popup';

/** Every buy call on the page: records begin_checkout (spec §7), then starts the checkout. */
export function BuyButton({
  placement,
  children,
  className,
}: {
  placement: BuyPlacement;
  children: ReactNode;
  className?: string;
}) {
  const { startCheckout } = useCheckout();
  return (
    <Button
      size="lg"
      className={className}
      data-placement={placement}
      onClick={() => {
        const { checkoutUrl, sandbox } = getPublicConfig();
        track('begin_checkout', {
          provider: checkoutUrl ? 'hosted' : sandbox ? 'sandbox' : 'pix',
          value: site.priceCents / 100,
          currency: 'BRL',
          checkout_url: checkoutUrl ?? undefined,
          placement,
        });
        startCheckout();
      }}
    >
      {children}
    </Button>
  );
}
