import type { ReactNode } from 'react';
import { track } from '../lib/analytics.ts';
import { Button } from '../ui/button.tsx';

export type BuyPlacement = 'hero' | 'topup' | 'how_it_works' | 'scarcity' | 'faq' | 'sticky_bar' | 'popup';

/** Every buy call on the page: records begin_checkout, then starts the checkout. */
export function BuyButton({
  placement,
  children,
  className,
}: {
  placement: BuyPlacement;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Button
      size="lg"
      className={className}
      data-placement={placement}
      onClick={() => {
        track('begin_checkout');
      }}
    >
      {children}
    </Button>
  );
}
