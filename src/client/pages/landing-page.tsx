import { pageMeta } from '../../content/site.ts';
import { CheckoutProvider } from '../checkout/checkout-provider.tsx';
import { Benefits } from '../landing/benefits.tsx';
import { Bonuses } from '../landing/bonuses.tsx';
import { Catalogue } from '../landing/catalogue.tsx';
import { FaqAccordion } from '../landing/faq-accordion.tsx';
import { FaqGrid } from '../landing/faq-grid.tsx';
import { Hero } from '../landing/hero.tsx';
import { HowItWorks } from '../landing/how-it-works.tsx';
import { HowToStart } from '../landing/how-to-start.tsx';
import { Scarcity } from '../landing/scarcity.tsx';
import { Services } from '../landing/services.tsx';
import { SiteFooter } from '../landing/site-footer.tsx';
import { SiteHeader } from '../landing/site-header.tsx';
import { StickyBar } from '../landing/sticky-bar.tsx';
import { Testimonials } from '../landing/testimonials.tsx';
import { TopUp } from '../landing/top-up.tsx';
import { WhatsappGroup } from '../landing/whatsapp-group.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { usePresenceHeartbeat } from '../lib/use-live-signals.ts';
import { PopupsProvider } from '../popups/popups-provider.tsx';

/**
 * The landing page: its sections in the spec's order (spec §2, "Landing page sections"). The page
 * wires the features together: buy buttons reach the checkout and the catalogue reaches its
 * popups through contexts (lib/), so landing/ never imports checkout/ or popups/.
 */
export default function LandingPage() {
  useDocumentTitle(pageMeta.landing.title);
  // This visitor counts in "pessoas vendo agora" while the page is visible (DESIGN §1.2).
  usePresenceHeartbeat();
  return (
    <CheckoutProvider>
      <PopupsProvider>
        <SiteHeader />
        <main>
          <Hero />
          <HowItWorks />
          <Benefits />
          <TopUp />
          <Testimonials />
          <Services />
          <Catalogue />
          <HowToStart />
          <Scarcity />
          <Bonuses />
          <WhatsappGroup />
          <FaqAccordion />
          <FaqGrid />
        </main>
        <SiteFooter aboveStickyBar />
        <StickyBar />
      </PopupsProvider>
    </CheckoutProvider>
  );
}
