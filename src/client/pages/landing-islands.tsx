import { useEffect, type ComponentType, type ReactNode } from 'react';
import { paths } from '../../shared/routes.ts';
import { loadOpenOrder } from '../checkout/open-order-store.ts';
import { CataloguePopupsContext, useCataloguePopups, type CataloguePopups } from '../lib/catalogue-popups-context.ts';
import { CheckoutContext, type CheckoutStarter } from '../lib/checkout-context.ts';
import { afterPaint } from '../lib/after-paint.ts';
import { CHECKOUT_DIALOG_ID } from '../lib/checkout-opener.ts';
import { hydrateIsland, mountRoot, type IslandRegistry } from '../lib/hydrate-islands.tsx';
import { OfferContext, readPageOffer } from '../lib/offer.tsx';
import { startPresenceHeartbeat } from '../lib/live/heartbeat.ts';
import { withRestOfStylesheet } from '../lib/rest-of-stylesheet.ts';
import { OfferCountdown } from '../landing/offer-countdown.tsx';
import { BuyButton } from '../landing/buy-button.tsx';
import { plainBuyButtons } from '../landing/plain-buy-buttons.ts';
import { startIslandsPage } from './islands-start.tsx';

/**
 * The landing page in the browser (docs/decisions/0004-landing-islands.md): the prerendered HTML
 * stays as it is and only the islands below are hydrated, each from its own chunk. The checkout is
 * an island too, prerendered closed and hydrated once a buy button has opened it and the form is on screen; the catalogue popups and the cookie notice are separate roots rendered on first use.
 * Islands reach the checkout and the popups through the usual contexts, bridged here, so landing/
 * still never imports checkout/.
 */
const registry: IslandRegistry = {
  // Small islands near the top ship inside this entry (one request on a slow phone) and are
  // hydrated when their strategy says; the rest are chunks of their own, fetched when they come
  // near the viewport (the header and the sticky bar: on the first scroll). None of those is
  // part of the first load, which stays no heavier than the pre-sell page's.
  'site-header': () => import('../landing/site-header.tsx').then((module) => module.SiteHeader),
  'offer-countdown': async () => OfferCountdown,
  'hero-video': () => import('../landing/hero-video.tsx').then((module) => module.HeroVideo),
  // Live without React until the month is sold out (landing/plain-buy-buttons.ts).
  'buy-button': async () => BuyButton,
  scarcity: () => import('../landing/scarcity.tsx').then((module) => module.Scarcity),
  'sticky-bar': () => import('../landing/sticky-bar.tsx').then((module) => module.StickyBar),
  'whatsapp-group': () => import('../landing/whatsapp-group.tsx').then((module) => module.WhatsappGroup),
  'site-footer': () => import('../landing/site-footer.tsx').then((module) => module.SiteFooter),
  testimonials: () => import('../landing/testimonials.tsx').then((module) => module.Testimonials),
  catalogue: () => import('../landing/catalogue.tsx').then((module) => module.Catalogue),
  'faq-accordion': () => import('../landing/faq-accordion.tsx').then((module) => module.FaqAccordion),
  // Prerendered closed; hydrated after the frame that shows it opened, or a buy button's focus (the bridge below), or
  // at a tap in its form before that (lib/early-clicks.ts). Its states' classes (errors, the PIX) are in the rest of the stylesheet.
  checkout: () => withRestOfStylesheet(() => import('../checkout/payment-modal.tsx')).then((module) => module.CheckoutIsland),
};

/** Hands a context value from inside a root to the rest of the page. */
function Expose<T>({ use, onReady }: { use: () => T; onReady: (value: T) => void }) {
  const value = use();
  useEffect(() => onReady(value), [value, onReady]);
  return null;
}

/** A client-only root with the bridges to the checkout and the popups. */
function mountFramed(children: ReactNode): void {
  mountRoot(<IslandFrame>{children}</IslandFrame>);
}

/**
 * A provider rendered on first use in its own client-only root; resolves with the context value it
 * provides (e.g. `openApp`), so the islands can call it through a bridge. It renders once the
 * whole stylesheet is in: the page inlines only its own part (lib/rest-of-stylesheet.ts).
 */
function lazyHost<T>(load: () => Promise<ComponentType<{ children: ReactNode }>>, use: () => T): () => Promise<T> {
  let host: Promise<T> | null = null;
  return () =>
    (host ??= withRestOfStylesheet(load).then(
      (Provider) =>
        new Promise<T>((resolve) =>
          mountFramed(
            <Provider>
              <Expose use={use} onReady={resolve} />
            </Provider>,
          ),
        ),
    ));
}

/** The checkout's island, live: the dialog is in the page (checkout/payment-modal.tsx, `CheckoutIsland`). */
const loadCheckout = () =>
  hydrateIsland('checkout').then(async () => {
    const { liveCheckout } = await import('../checkout/payment-modal.tsx');
    return liveCheckout();
  });
const loadPopups = lazyHost(
  () => import('../landing/popups/popups-provider.tsx').then((module) => module.PopupsProvider),
  useCataloguePopups,
);

const checkoutBridge: CheckoutStarter = {
  startCheckout: (options) => {
    // The buy button's own command opened the prerendered dialog already (lib/checkout-opener.ts);
    // a buyer who closed it before the checkout was live does not see it open again when it is.
    const dialog = document.getElementById(CHECKOUT_DIALOG_ID);
    let closed = false;
    const onClose = () => (closed = true);
    dialog?.addEventListener('close', onClose);
    const start = () =>
      void loadCheckout().then((checkout) => {
        dialog?.removeEventListener('close', onClose);
        if (closed) return;
        // Opened before the whole stylesheet was in, it showed only now, and its opening could not
        // focus inside it (styles.css): focus goes where the opening puts it, the first control.
        if (dialog instanceof HTMLDialogElement && dialog.open && !dialog.contains(document.activeElement))
          dialog.querySelector<HTMLElement>('button,input')?.focus();
        checkout?.startCheckout(options);
      });
    // Open already: the island's code runs once the open form is on screen, not inside the tap's
    // frame, so the tap paints the form at once (the fields take typing before the island is live,
    // and it keeps what was typed). A popup's button opens the dialog from the island: at once.
    if (dialog instanceof HTMLDialogElement && dialog.open) afterPaint(start);
    else start();
  },
  // Focus comes a moment before the click: the island gets ready after the frame being drawn (the
  // page's loader preloads its files once the page is idle, scripts/prerender.ts), never inside it.
  prepareCheckout: () => void afterPaint(() => void loadCheckout()),
};
const popupsBridge: CataloguePopups = {
  openApp: (app) => void loadPopups().then((popups) => popups.openApp(app)),
  openUpsell: () => void loadPopups().then((popups) => popups.openUpsell()),
};

function IslandFrame({ children }: { children: ReactNode }) {
  return (
    <CheckoutContext.Provider value={checkoutBridge}>
      <CataloguePopupsContext.Provider value={popupsBridge}>
        <OfferContext.Provider value={readPageOffer()}>{children}</OfferContext.Provider>
      </CataloguePopupsContext.Provider>
    </CheckoutContext.Provider>
  );
}

export function startLandingPage(): void {
  startIslandsPage({
    path: paths.landing,
    registry,
    plain: { 'buy-button': plainBuyButtons(checkoutBridge) },
    Frame: IslandFrame,
    mount: mountFramed,
    later: [
      // A PIX in progress before a reload opens again where the buyer left it (payment-modal.tsx).
      // Otherwise the checkout comes to life after a buy button's tap or focus has been painted, or at a tap in
      // its form: its code is preloaded once the page is idle, but not run, as it builds the page's
      // first Intl formatter (the prices), which loads the locale data on the main thread.
      () => {
        if (loadOpenOrder()) void loadCheckout();
      },
      // This visitor counts in "pessoas vendo agora" while the page is visible (docs/product.md#2-live-signals-tell-the-truth).
      () => void startPresenceHeartbeat(),
    ],
  });
}
