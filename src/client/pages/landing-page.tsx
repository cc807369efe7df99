import { pageMeta } from '../../content/site.ts';
import { CheckoutProvider } from '../checkout/checkout-provider.tsx';
import { HowItWorks } from '../landing/how-it-works.tsx';
import { Hero } from '../landing/hero.tsx';
import { SiteHeader } from '../landing/site-header.tsx';
import { StickyBar } from '../landing/sticky-bar.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** The landing page: its sections in the spec's order (spec §2, "Landing page sections"). */
export default function LandingPage() {
  useDocumentTitle(pageMeta.landing.title);
  return (
    <CheckoutProvider>
      <SiteHeader />
      <main className="pb-24">
        <Hero />
        <HowItWorks />
      </main>
      <StickyBar />
    </CheckoutProvider>
  );
}
