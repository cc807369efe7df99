import { Check } from 'lucide-react';
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { checkout as copy } from '../../content/checkout.ts';
import { bumpSection, orderBump } from '../../content/offers.ts';
import { productSection } from '../../content/site.ts';
import type { PriceChangedBody, ProductInfo } from '../../shared/checkout.ts';
import { formatBRL } from '../../shared/money.ts';
import { track } from '../lib/analytics.ts';
import { ApiError, apiFetch, bodyCarries } from '../lib/api.ts';
import type { CheckoutStarter } from '../lib/checkout-context.ts';
import { CHECKOUT_DIALOG_ID } from '../lib/checkout-opener.ts';
import { useIslandOfferSection } from '../lib/offer.tsx';
import { getPublicConfig } from '../lib/public-config.ts';
import { Alert } from '../ui/alert.tsx';
import { DemoNotice } from '../ui/demo-notice.tsx';
import { ModalDialog } from '../ui/modal-dialog.tsx';
import { BumpCard, CheckoutTotal } from './bump-card.tsx';
import { BuyerForm, emptyBuyer, readTypedBuyer, type BuyerValues } from './buyer-form.tsx';
import { onDemand } from './on-demand.ts';
import { clearOpenOrder, loadOpenOrder, saveOpenOrder, type OpenOrder } from './open-order-store.ts';
import { orderContext } from './order-context.ts';
import { checkoutTotalCents, offeredBump, orderFields, withPrices } from './order-total.ts';
import { useProduct } from './use-product.ts';

/**
 * The PIX panel, the confirmation and their status poll: not part of the form's first render.
 * Fetched once the open form has painted, so the charge's answer is all the panel waits for (or at
 * once for a PIX resumed after a reload).
 */
const orderProgress = onDemand(() => import('./order-progress.tsx'));

/**
 * One attempt's keys: the idempotency key (double clicks and retries reuse it) and the tab's own
 * secret that later shows it the access link (the server keeps only its hash).
 */
interface AttemptKeys {
  checkoutKey: string;
  viewKey: string;
}

function newAttemptKeys(): AttemptKeys {
  const random = () => crypto.randomUUID().replace(/-/g, '');
  return { checkoutKey: random(), viewKey: `${random()}${random()}` };
}

/** `created`: this tab's charge just answered, so nothing to ask the server about it yet; else resumed after a reload. */
type Phase = { kind: 'form' } | { kind: 'processing' } | { kind: 'success'; order: OpenOrder; created?: boolean };

/** The PIX checkout (docs/product.md#the-journey "Payment modal", docs/product.md#screen-states, docs/product.md#the-buyer-form, docs/product.md#error-messages-shown-to-buyers). Its own chunk, loaded on first use. */
export default function PaymentModal({
  id,
  open,
  onOpenChange,
  initialValues = emptyBuyer,
  resume = true,
  initialBump = false,
  prerendered,
}: {
  /** The dialog element's id (the landing page's prerendered checkout). */
  id?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The form filled in beforehand (the order page's "Gerar novo PIX" after an expired one). */
  initialValues?: BuyerValues;
  /** Reopen this tab's PIX in progress (the landing page); the order page starts a new one. */
  resume?: boolean;
  /**
   * Open with the bump ticked: only when the buyer asked for it (the upsell popup's button). Any
   * other way in starts unticked (docs/offers.md#the-checkout).
   */
  initialBump?: boolean;
  /**
   * Hydrating the landing page's prerendered form: the settings it was rendered with (the seller's
   * may differ: the first render matches the HTML, the next follows the seller's), and what the
   * buyer did in it before this code arrived is taken over.
   */
  prerendered?: PrerenderedCheckout;
}) {
  const [live, setLive] = useState(prerendered === undefined);
  const config = getPublicConfig();
  const { askDocument, sandbox, guaranteeDays, orderBump: serverOffersBump } = live ? config : { ...config, ...prerendered };
  const { state: product, reload, settled: productSettled, replace: replaceProduct } = useProduct(open);
  // Until the server's answer, the prices the page printed (its data block); then the ones the PIX will charge.
  const pageProduct = useIslandOfferSection('product', productSection);
  const pageBump = useIslandOfferSection('bump', bumpSection);
  const shown: ProductInfo | null = product.kind === 'ready' ? product.product : null;
  const bump = withPrices(offeredBump(serverOffersBump, orderBump), shown ? shown.bump : pageBump);
  const [values, setValues] = useState<BuyerValues>(initialValues);
  const [phase, setPhase] = useState<Phase>(() => {
    const resumed = resume && live ? loadOpenOrder() : null;
    return resumed ? { kind: 'success', order: resumed } : { kind: 'form' };
  });
  const OrderProgress = orderProgress.useLoaded(open || phase.kind === 'success', { afterPaint: phase.kind !== 'success' })?.default;
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [attemptKeys, setAttemptKeys] = useState(newAttemptKeys);
  const [regenerating, setRegenerating] = useState(false);
  const [bumpTicked, setBumpTicked] = useState(open && initialBump);
  // Never ticked by the page, whichever way the checkout was opened (LGPD art. 8).
  const [whatsappConsent, setWhatsappConsent] = useState(false);
  // Each opening starts from the way in: ticked after the upsell popup's button, else unticked.
  const [openedWith, setOpenedWith] = useState({ open, initialBump });
  if (openedWith.open !== open || openedWith.initialBump !== initialBump) {
    setOpenedWith({ open, initialBump });
    if (open) setBumpTicked(initialBump);
  }

  // Before the next paint, so the fields keep what was typed, and the caret where it was.
  useLayoutEffect(() => {
    if (live) return;
    const dialog = id ? document.getElementById(id) : null;
    const form = dialog?.querySelector('form');
    if (form) {
      const typed = readTypedBuyer(form);
      setValues((current) => ({ ...current, ...typed.values }));
      setWhatsappConsent(typed.whatsappConsent);
      setBumpTicked(typed.bump);
    }
    // Opened by the page itself: already open, with the box as the buyer left it.
    if (dialog instanceof HTMLDialogElement && dialog.open) setOpenedWith({ open: true, initialBump: false });
    const resumed = resume ? loadOpenOrder() : null;
    if (resumed) setPhase({ kind: 'success', order: resumed });
    setLive(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration: later changes of `resume` must not re-read the page
  }, []);

  // Closing resets error, success and transaction, but keeps the loaded product (docs/product.md#screen-states).
  const changeOpen = (next: boolean) => {
    if (!next) {
      clearOpenOrder();
      setPhase({ kind: 'form' });
      setError(null);
      setFieldErrors({});
      setValues(initialValues);
      setBumpTicked(false);
      setWhatsappConsent(false);
      setAttemptKeys(newAttemptKeys());
    }
    onOpenChange(next);
  };

  const createOrder = async (keys: AttemptKeys, prices: ProductInfo | null): Promise<OpenOrder | null> => {
    setError(null);
    setFieldErrors({});
    try {
      const order = await apiFetch('POST /api/orders', {
        json: {
          ...orderFields(values, askDocument, bump, bumpTicked),
          whatsappConsent,
          ...keys,
          ...orderContext(),
          // The prices this checkout showed: newer ones come back as a 409, shown before any charge.
          ...(prices ? { offerVersion: prices.version } : {}),
          // The A/B test's variant this page is, named by the server on <html> (docs/experiments.md#serving).
          ...(document.documentElement.dataset.experiment ? { experiment: document.documentElement.dataset.experiment } : {}),
        },
      });
      // Count down on this device's clock, whatever time it shows: shift the deadline by the
      // difference between the server's clock and ours.
      return { ...order, expiresAt: Date.now() + (order.expiresAt - order.serverTime), viewKey: keys.viewKey };
    } catch (failure) {
      if (failure instanceof ApiError) {
        if (failure.status === 409 && isPriceChanged(failure.body)) replaceProduct(failure.body.product);
        setFieldErrors(failure.fields);
        setError(failure.status === 0 ? copy.errors.network : failure.message || copy.errors.generic);
        // A refused attempt is over: the next submit is a new attempt with its own key.
        if (failure.status !== 0) setAttemptKeys(newAttemptKeys());
      } else {
        setError(copy.errors.generic);
      }
      return null;
    }
  };

  // A second tap while the first one's request is out sends nothing: that attempt is on its way.
  const submitting = useRef(false);
  const charge = (prices: ProductInfo) => {
    // First, in the submit's own task: the request leaves before anything is rendered or counted.
    const created = createOrder(attemptKeys, prices);
    setPhase({ kind: 'processing' });
    track('generate_lead');
    void orderProgress.load();
    void created.then((order) => {
      submitting.current = false;
      if (order) saveOpenOrder(order);
      // Rendered now, in the answer's task: a scheduled render let a frame of the old form go first.
      flushSync(() => setPhase(order ? { kind: 'success', order, created: true } : { kind: 'form' }));
    });
  };
  const submit = () => {
    if (submitting.current) return;
    submitting.current = true;
    if (product.kind === 'ready') {
      charge(product.product);
      return;
    }
    // A submit before the product check ended waits for it (docs/product.md#screen-states).
    setPhase({ kind: 'processing' });
    void productSettled().then((prices) => {
      if (prices.kind === 'ready') {
        charge(prices.product);
        return;
      }
      submitting.current = false;
      setPhase({ kind: 'form' });
      setError(copy.errors.noProduct);
    });
  };

  const regenerate = async () => {
    if (!values.name) {
      // Resumed after a reload: the form is empty, so ask for it again.
      clearOpenOrder();
      setPhase({ kind: 'form' });
      return;
    }
    const keys = newAttemptKeys();
    setAttemptKeys(keys);
    setRegenerating(true);
    const order = await createOrder(keys, shown);
    setRegenerating(false);
    if (order) {
      saveOpenOrder(order);
      setPhase({ kind: 'success', order });
    }
  };

  const priceCents = shown ? shown.priceCents : pageProduct.priceCents;

  return (
    <ModalDialog id={id} open={open} onOpenChange={changeOpen} title={copy.title} closeLabel={copy.close} busy={!live} maskInReplays>
      <DemoNotice demoMode={config.demoMode} inline />
      {phase.kind !== 'success' ? (
        <>
          <div className="mt-3 flex items-end justify-between gap-3">
            <div>
              <p className="text-xs font-semibold tracking-wider text-slate-400 uppercase">{copy.priceCaption}</p>
              <p className="text-4xl font-black tracking-tight text-white" data-testid="modal-price">
                {formatBRL(priceCents)}
              </p>
            </div>
            <p className="rounded-xl bg-brand-tint px-3 py-2 text-right text-xs text-brand-300">
              <span className="block text-base font-black text-brand-400">{copy.savingClaim}</span>
              {copy.savingCaption}
            </p>
          </div>
          <ul className="mt-4 grid grid-cols-2 gap-2 text-sm text-slate-200">
            {copy.benefits.map((benefit) => (
              <li key={benefit} className="flex items-center gap-1.5">
                <Check aria-hidden="true" className="size-4 shrink-0 text-brand-400" />
                {benefit}
              </li>
            ))}
          </ul>

          <div className="mt-5 space-y-3">
            {/* The check starts as the live checkout opens: the prerendered form says nothing of it. */}
            {live && open && product.kind === 'loading' ? (
              <p className="animate-pulse text-sm text-slate-400" role="status">
                {copy.loadingProduct}
              </p>
            ) : null}
            {product.kind === 'error' ? (
              <Alert variant="destructive">
                <p>{product.message}</p>
                <button type="button" onClick={() => void reload()} className="mt-1 font-bold underline underline-offset-4">
                  {copy.retryProduct}
                </button>
              </Alert>
            ) : null}
            {error ? (
              // Above the form, which a phone scrolls past to reach "GERAR PIX": brought into view ("O preço foi atualizado…").
              <div key={error} ref={scrollIntoView}>
                <Alert variant="destructive">{error}</Alert>
              </div>
            ) : null}
            <BuyerForm
              values={values}
              onChange={setValues}
              askDocument={askDocument}
              processing={phase.kind === 'processing'}
              serverErrors={fieldErrors}
              onSubmit={submit}
              whatsappConsent={whatsappConsent}
              onWhatsappConsentChange={setWhatsappConsent}
              beforeSubmit={
                bump ? (
                  <>
                    <BumpCard bump={bump} checked={bumpTicked} onCheckedChange={setBumpTicked} disabled={phase.kind === 'processing'} />
                    <CheckoutTotal totalCents={checkoutTotalCents(priceCents, bump, bumpTicked)} />
                  </>
                ) : null
              }
            />
          </div>
        </>
      ) : (
        // The panel replaces a form a phone had scrolled down to "GERAR PIX": it opens at its top, where "Pagar no app do banco" is.
        <div ref={scrollDialogToTop}>
          {OrderProgress ? (
            <OrderProgress
              order={phase.order}
              created={phase.created === true}
              open={open}
              error={error}
              sandbox={sandbox}
              guaranteeDays={guaranteeDays}
              regenerating={regenerating}
              onRegenerate={() => void regenerate()}
              onClose={() => changeOpen(false)}
            />
          ) : (
            <p className="mt-4 animate-pulse text-sm text-slate-400" role="status">
              {copy.form.processing}
            </p>
          )}
        </div>
      )}
    </ModalDialog>
  );
}

/** POST /api/orders's 409 when the prices changed since this checkout showed them. */
/** A refusal shown above the form is brought into view as it appears (a ref per message: each new one scrolls). */
const scrollIntoView = (element: HTMLElement | null) => element?.scrollIntoView({ block: 'nearest' });
const scrollDialogToTop = (element: HTMLElement | null) => element?.closest('dialog')?.scrollTo({ top: 0 });

const isPriceChanged = (body: unknown): body is PriceChangedBody => bodyCarries(body, 'product');

/** The settings the landing page's checkout was prerendered with (island props: plain data). */
export interface PrerenderedCheckout {
  askDocument: boolean;
  orderBump: boolean;
}

let liveStarter: CheckoutStarter | null = null;

/** The landing page's checkout once its island is live (pages/landing-islands.tsx). */
export function liveCheckout(): CheckoutStarter | null {
  return liveStarter;
}

/**
 * The landing page's checkout, prerendered closed into `/` and hydrated as an island: the page's
 * inline script opens it at a buy tap before any of this has run (lib/checkout-opener.ts); once
 * live, the buy buttons reach `startCheckout` through the page's bridge.
 */
export function CheckoutIsland(prerendered: PrerenderedCheckout) {
  const [open, setOpen] = useState(false);
  const [initialBump, setInitialBump] = useState(false);
  const startCheckout = useCallback((options?: { bump?: boolean }) => {
    const { checkoutUrl } = getPublicConfig();
    if (checkoutUrl) {
      window.location.assign(checkoutUrl);
      return;
    }
    const dialog = document.getElementById(CHECKOUT_DIALOG_ID);
    const follow = () => {
      setInitialBump(options?.bump === true);
      setOpen(true);
    };
    // Already open by the buy button's own command: the state follows without holding up the
    // frame that shows it (a transition yields to it).
    if (dialog instanceof HTMLDialogElement && dialog.open) startTransition(follow);
    else follow();
  }, []);
  // Opened by the page before this code arrived, or a PIX in progress before a reload.
  useLayoutEffect(() => {
    const dialog = document.getElementById(CHECKOUT_DIALOG_ID);
    if ((dialog instanceof HTMLDialogElement && dialog.open) || loadOpenOrder()) setOpen(true);
  }, []);
  useEffect(() => {
    liveStarter = { startCheckout };
    return () => {
      liveStarter = null;
    };
  }, [startCheckout]);
  return <PaymentModal id={CHECKOUT_DIALOG_ID} open={open} onOpenChange={setOpen} initialBump={initialBump} prerendered={prerendered} />;
}
