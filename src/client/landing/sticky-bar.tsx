import { productSection } from '../../content/site.ts';
import { stickyBar } from '../../content/landing.ts';
import { formatBRL } from '../../shared/money.ts';
import { useIslandOfferSection } from '../lib/offer.tsx';
import { useScrollPast } from '../lib/use-scroll-past.ts';
import { cn } from '../ui/cn.ts';
import { BuyButton } from './buy-button.tsx';

/** Section 16: the bottom bar, shown only once scrolled past 500 px (docs/product.md#the-journey, docs/product.md#money-and-capacity). */
export const STICKY_BAR_THRESHOLD = 500;

export function StickyBar() {
  const visible = useScrollPast(STICKY_BAR_THRESHOLD);
  const copy = useIslandOfferSection('stickyBar', stickyBar);
  const { priceCents } = useIslandOfferSection('product', productSection);
  return (
    <div
      aria-hidden={!visible}
      inert={!visible}
      className={cn(
        'frosted fixed inset-x-0 bottom-0 z-30 border-t border-line bg-ink-950/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] transition duration-300',
        visible ? 'visible translate-y-0 opacity-100' : 'invisible translate-y-full opacity-0',
      )}
    >
      <div className="mx-auto flex max-w-3xl items-center gap-3">
        <p className="hidden shrink-0 text-sm leading-tight text-slate-300 sm:block">
          {copy.caption}
          <span className="block text-xl font-extrabold text-white">{formatBRL(priceCents)}</span>
        </p>
        <BuyButton placement="sticky_bar" className="flex-1">
          {copy.cta}
        </BuyButton>
      </div>
    </div>
  );
}
