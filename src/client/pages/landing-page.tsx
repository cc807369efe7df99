import { landingMeta } from '../../content/landing.ts';
import type { PageMeta } from '../../shared/routes.ts';
import { Benefits } from '../landing/benefits.tsx';
import { Bonuses } from '../landing/bonuses.tsx';
import { Catalogue } from '../landing/catalogue.tsx';
import { Fragment, useContext, type ComponentProps, type ReactNode } from 'react';
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
import { useOfferSection } from '../lib/offer.tsx';
import { landingSectionIds, shownSections, type LandingSectionId, type OfferLayout } from '../../shared/offer-layout.ts';
import { DemoNotice } from '../ui/demo-notice.tsx';

export const meta: PageMeta = landingMeta;

const buildLayout: OfferLayout = { order: [...landingSectionIds], hidden: [] };

/**
 * The landing page: its sections in the spec's order (docs/product.md#the-journey, "Landing page sections"), or the
 * seller's, some hidden (docs/editing.md#layout): composed here, on the server, never swapped in the browser.
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
  const { guaranteeDays, askDocument, orderBump, demoMode } = getPublicConfig();
  const omitLater = useContext(OmitLaterSections);
  const layout = useOfferSection('layout')?.sections ?? buildLayout;
  // Heights: each section's tallest real height on a phone (from 360 px), from `md` and from `lg` up, with a margin (landing/deferred-section.tsx).
  // No heights: not deferred. The verified reviews are spliced in by the server, static (never under an island); the
  // seller-typed testimonials are absent unless the seller has some; so no placeholder stands in for nothing.
  const sections: Record<LandingSectionId, { heights?: ComponentProps<typeof DeferredSection>['heights']; content: ReactNode }> = {
    howItWorks: { heights: { phone: 1150, md: 650, lg: 600 }, content: <HowItWorks /> },
    benefits: { heights: { phone: 1100, md: 850, lg: 650 }, content: <Benefits guaranteeDays={guaranteeDays} /> },
    topUp: { heights: { phone: 1250, md: 900, lg: 900 }, content: <TopUp /> },
    reviews: {
      content: (
        <>
          <ReviewsSlot />
          {testimonials.length > 0 ? <Island name="testimonials" component={Testimonials} props={{}} when="visible" /> : null}
        </>
      ),
    },
    services: { heights: { phone: 1200, md: 800, lg: 800 }, content: <Services /> },
    catalogue: {
      heights: { phone: 3900, md: 2950, lg: 2250 },
      content: <Island name="catalogue" component={Catalogue} props={{}} when="visible" />,
    },
    howToStart: { heights: { phone: 950, md: 650, lg: 600 }, content: <HowToStart /> },
    scarcity: {
      heights: { phone: 600, md: 600, lg: 600 },
      content: <Island name="scarcity" component={Scarcity} props={{}} when="visible" />,
    },
    bonuses: { heights: { phone: 1300, md: 950, lg: 900 }, content: <Bonuses /> },
    whatsappGroup: {
      heights: { phone: 750, md: 600, lg: 600 },
      content: <Island name="whatsapp-group" component={WhatsappGroup} props={{}} when="visible" />,
    },
    faq: {
      heights: { phone: 750, md: 700, lg: 700 },
      content: <Island name="faq-accordion" component={FaqAccordion} props={{ guaranteeDays }} when="visible" />,
    },
    faqGrid: { heights: { phone: 2350, md: 1350, lg: 1200 }, content: <FaqGrid guaranteeDays={guaranteeDays} /> },
  };
  return (
    <>
      {/* Static markup (never hydrated here): the page frame that carries it elsewhere is not rendered on `/`. */}
      <DemoNotice demoMode={demoMode} />
      <Island name="site-header" component={SiteHeader} props={{}} when="scroll" />
      <main>
        <Hero guaranteeDays={guaranteeDays} />
        {shownSections(layout).map((id, index) => {
          const { heights, content } = sections[id];
          if (!heights) return <Fragment key={id}>{content}</Fragment>;
          // "Como funciona"'s top shows in the first screen from 768 × 1024 and 1440 × 900 up when it follows the hero.
          return (
            <DeferredSection key={id} heights={heights} inFirstScreen={id === 'howItWorks' && index === 0}>
              {content}
            </DeferredSection>
          );
        })}
      </main>
      <Island name="site-footer" component={SiteFooter} props={{ aboveStickyBar: true }} when="visible" />
      <Island name="sticky-bar" component={StickyBar} props={{}} when="scroll" />
      {/* The checkout's form, closed: a buy tap opens it before any script (lib/checkout-opener.ts). Styled by
          the rest of the stylesheet, which is in before the page's load event. */}
      {omitLater ? null : <Island name="checkout" component={CheckoutIsland} props={{ askDocument, orderBump }} when="demand" />}
    </>
  );
}
