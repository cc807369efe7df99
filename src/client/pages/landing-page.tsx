import { landingMeta } from '../../content/landing.ts';
import type { PageMeta } from '../../shared/routes.ts';
import { Benefits } from '../landing/benefits.tsx';
import { Bonuses } from '../landing/bonuses.tsx';
import { Catalogue } from '../landing/catalogue.tsx';
import { useContext } from 'react';
import { DeferredSection, OmitLaterSections } from '../landing/deferred-section.tsx';
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
import { ReviewsSlot } from '../landing/reviews-slot.tsx';
import { testimonials } from '../../content/testimonials.ts';
import { Testimonials } from '../landing/testimonials.tsx';
import { TopUp } from '../landing/top-up.tsx';
import { WhatsappGroup } from '../landing/whatsapp-group.tsx';
import { CheckoutIsland } from '../checkout/payment-modal.tsx';
import { Island } from '../lib/island.tsx';
import { getPublicConfig } from '../lib/public-config.ts';
import { DemoNotice } from '../ui/demo-notice.tsx';

export const meta: PageMeta = landingMeta;

/**
 * The landing page: its sections in the spec's order (docs/product.md#the-journey, "Landing page sections").
 * Prerendered only: in the browser, static sections stay plain HTML and each `Island` is hydrated
 * on its own (pages/landing-islands.tsx wires them to the checkout and the popups). The hero's
 * countdown and buy button hydrate at once; the sections below the fold (testimonials, catalogue,
 * live spots, WhatsApp group, FAQ accordion, footer) when they come near the viewport; the header
 * and the sticky bar, whose looks change only with scrolling, on the first scroll. A tap on any
 * island hydrates it at once.
 */
export default function LandingPage() {
  // A prerender token (shared/public-config.ts): the server swaps in GUARANTEE_DAYS, in the static
  // sections' text and in the FAQ island's props alike, so the island hydrates with the same number.
  const { guaranteeDays, askDocument, orderBump } = getPublicConfig();
  const omitLater = useContext(OmitLaterSections);
  return (
    <>
      {/* Static markup (never hydrated here): the page frame that carries it elsewhere is not rendered on `/`. */}
      <DemoNotice />
      <Island name="site-header" component={SiteHeader} props={{}} when="scroll" />
      {/* Heights: each section's tallest real height on a phone (from 360 px), from `md` and from `lg` up, with a margin (landing/deferred-section.tsx). */}
      <main>
        <Hero guaranteeDays={guaranteeDays} />
        {/* Its top shows in the first screen from 768 × 1024 and 1440 × 900 up. */}
        <DeferredSection heights={{ phone: 1150, md: 650, lg: 600 }} inFirstScreen>
          <HowItWorks />
        </DeferredSection>
        <DeferredSection heights={{ phone: 1100, md: 850, lg: 650 }}>
          <Benefits guaranteeDays={guaranteeDays} />
        </DeferredSection>
        <DeferredSection heights={{ phone: 1250, md: 900, lg: 900 }}>
          <TopUp />
        </DeferredSection>
        {/* Section 6. Verified reviews: spliced in by the server, static (never under an island). Seller-typed
            testimonials: absent unless the seller has some. Neither deferred, so no placeholder stands in for nothing. */}
        <ReviewsSlot />
        {testimonials.length > 0 ? <Island name="testimonials" component={Testimonials} props={{}} when="visible" /> : null}
        <DeferredSection heights={{ phone: 1200, md: 800, lg: 800 }}>
          <Services />
        </DeferredSection>
        <DeferredSection heights={{ phone: 3900, md: 2950, lg: 2250 }}>
          <Island name="catalogue" component={Catalogue} props={{}} when="visible" />
        </DeferredSection>
        <DeferredSection heights={{ phone: 950, md: 650, lg: 600 }}>
          <HowToStart />
        </DeferredSection>
        <DeferredSection heights={{ phone: 600, md: 600, lg: 600 }}>
          <Island name="scarcity" component={Scarcity} props={{}} when="visible" />
        </DeferredSection>
        <DeferredSection heights={{ phone: 1300, md: 950, lg: 900 }}>
          <Bonuses />
        </DeferredSection>
        <DeferredSection heights={{ phone: 750, md: 600, lg: 600 }}>
          <Island name="whatsapp-group" component={WhatsappGroup} props={{}} when="visible" />
        </DeferredSection>
        <DeferredSection heights={{ phone: 750, md: 700, lg: 700 }}>
          <Island name="faq-accordion" component={FaqAccordion} props={{ guaranteeDays }} when="visible" />
        </DeferredSection>
        <DeferredSection heights={{ phone: 2350, md: 1350, lg: 1200 }}>
          <FaqGrid guaranteeDays={guaranteeDays} />
        </DeferredSection>
      </main>
      <Island name="site-footer" component={SiteFooter} props={{ aboveStickyBar: true }} when="visible" />
      <Island name="sticky-bar" component={StickyBar} props={{}} when="scroll" />
      {/* The checkout's form, closed: a buy tap opens it before any script (lib/checkout-opener.ts). Styled by
          the rest of the stylesheet, which is in before the page's load event. */}
      {omitLater ? null : <Island name="checkout" component={CheckoutIsland} props={{ askDocument, orderBump }} when="demand" />}
    </>
  );
}
