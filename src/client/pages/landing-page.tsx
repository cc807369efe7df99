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
import { Island } from '../lib/island.tsx';
import { DemoNotice } from '../ui/demo-notice.tsx';

/**
 * The landing page: its sections in the spec's order (spec §2, "Landing page sections").
 * Prerendered only: in the browser, static sections stay plain HTML and each `Island` is hydrated
 * on its own (pages/landing-islands.tsx wires them to the checkout and the popups). Small islands
 * whose state the browser decides (header, live spots, sticky bar) wait for idle time; those below
 * the fold (testimonials, catalogue, WhatsApp group, FAQ accordion, footer) until they come near
 * the viewport. A tap on any island hydrates it at once.
 */
export default function LandingPage() {
  return (
    <>
      {/* Static markup (never hydrated here): the page frame that carries it elsewhere is not rendered on `/`. */}
      <DemoNotice />
      <Island name="site-header" component={SiteHeader} props={{}} when="idle" />
      <main className="deferred-sections">
        <Hero />
        <HowItWorks />
        <Benefits />
        <TopUp />
        <Island name="testimonials" component={Testimonials} props={{}} when="visible" />
        <Services />
        <Island name="catalogue" component={Catalogue} props={{}} when="visible" />
        <HowToStart />
        <Island name="scarcity" component={Scarcity} props={{}} when="idle" />
        <Bonuses />
        <Island name="whatsapp-group" component={WhatsappGroup} props={{}} when="visible" />
        <Island name="faq-accordion" component={FaqAccordion} props={{}} when="visible" />
        <FaqGrid />
      </main>
      <Island name="site-footer" component={SiteFooter} props={{ aboveStickyBar: true }} when="visible" />
      <Island name="sticky-bar" component={StickyBar} props={{}} when="idle" />
    </>
  );
}
