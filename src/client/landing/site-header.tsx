import { look } from '../../content/look.ts';
import { productSection, site } from '../../content/site.ts';
import { useIslandOfferSection } from '../lib/offer.tsx';
import { formatBRL } from '../../shared/money.ts';
import { paths } from '../../shared/routes.ts';
import { useScrollPast } from '../lib/use-scroll-past.ts';
import { Link } from '../router.tsx';
import { cn } from '../ui/cn.ts';
import { Logo } from '../ui/logo.tsx';

/** Section 1: transparent at the top, solid and blurred past 50 px (docs/product.md#the-journey, docs/product.md#money-and-capacity). */
export const HEADER_SCROLL_THRESHOLD = 50;

export function SiteHeader() {
  const scrolled = useScrollPast(HEADER_SCROLL_THRESHOLD);
  const { priceCents } = useIslandOfferSection('product', productSection);
  const { logo } = useIslandOfferSection('look', look);
  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'fixed inset-x-0 top-(--demo-notice-height) z-40 border-b transition-all duration-300',
        scrolled ? 'frosted border-line bg-ink-950/85 py-2 shadow-lg shadow-black/30' : 'border-transparent bg-transparent py-4',
      )}
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between px-5">
        {/* Named by the logo's visible brand name (its monogram is aria-hidden): WCAG 2.5.3. */}
        <Link href={paths.landing} className="rounded-lg">
          <Logo compact={scrolled} image={logo} />
        </Link>
        <p className="hidden items-center gap-3 md:flex">
          <span className="text-sm font-semibold tracking-wider text-slate-300 uppercase">{site.lifetimeLabel}</span>
          <span className="rounded-lg bg-brand-tint px-3 py-1 text-lg font-extrabold text-brand-400">{formatBRL(priceCents)}</span>
        </p>
      </div>
    </header>
  );
}
