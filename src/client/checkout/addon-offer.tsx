import { CircleCheck, FingerprintPattern, Gift } from 'lucide-react';
import { useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { bankLink as linkCopy } from '../../content/bank-link.ts';
import type { BankLinkEndedBody } from '../../shared/bank-link.ts';
import { bumpCopy } from '../../content/offers.ts';
import type { AddonOffer as AddonOfferData, AddonPriceChangedBody, CreatedOrder, WaitingAddon } from '../../shared/checkout.ts';
import { orderKeyHeaders } from '../../shared/order-view-key.ts';
import { formatBRL } from '../../shared/money.ts';
import { ApiError, apiFetch, bodyCarries } from '../lib/api.ts';
import { trackPurchaseOnce } from '../lib/purchase-tracking.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { canAnswer, nextAddonPhase, type AddonPhase } from './addon-offer-state.ts';
import type { OpenOrder } from './open-order-store.ts';
import { PixPanel } from './pix-panel.tsx';
import { useOrderStatus } from './use-order-status.ts';

const copy = bumpCopy.afterPayment;

/**
 * The offer itself: eyebrow, title, pitch, price and the two answers (disabled while one is on its
 * way); after "Não, obrigado", the declined line in the answers' place.
 */
export function AddonOfferCard({
  offer,
  phase,
  onAccept,
  onDecline,
  bankLinked = false,
}: {
  offer: AddonOfferData;
  phase: AddonPhase;
  onAccept: () => void;
  onDecline: () => void;
  /** Paid by JSR under the buyer's vínculo: the bank's confirmation instead of a PIX. */
  bankLinked?: boolean;
}) {
  const busy = !canAnswer(phase);
  return (
    <section
      aria-labelledby="addon-offer-title"
      className="rounded-2xl border-2 border-dashed border-gold-400/60 bg-gold-400/5 p-4 text-left"
    >
      <p className="flex items-center gap-1.5 text-xs font-bold tracking-[0.16em] text-gold-300 uppercase">
        <Gift aria-hidden="true" className="size-4" />
        {copy.eyebrow}
      </p>
      <h3 id="addon-offer-title" className="mt-2 text-lg leading-snug font-black text-balance text-white">
        {copy.title(offer.title)}
      </h3>
      <p className="mt-1.5 text-sm text-pretty text-slate-300">{offer.pitch}</p>
      <p className="mt-3 flex items-center gap-3">
        <span className="shrink-0 text-2xl font-black text-white tabular-nums">{formatBRL(offer.priceCents)}</span>
        <span className="text-xs leading-snug text-slate-400">{bankLinked ? linkCopy.oneTap.note : copy.priceNote}</span>
      </p>
      {phase.kind === 'failed' ? (
        <Alert variant="destructive" className="mt-3">
          {copy.failed}
        </Alert>
      ) : null}
      {phase.kind === 'repriced' ? (
        <Alert variant="destructive" className="mt-3">
          {copy.priceChanged}
        </Alert>
      ) : null}
      {phase.kind === 'declined' ? (
        // In the buttons' place and height: nothing moves, so a double click's second half lands
        // where "Não, obrigado" was, not on whatever would have slid under the pointer ("Fechar").
        <p
          role="status"
          className="mt-4 flex min-h-30 items-center justify-center rounded-xl bg-ink-950/50 px-4 text-center text-sm font-semibold text-slate-200"
        >
          {copy.declined}
        </p>
      ) : (
        <div className="mt-4 grid gap-2">
          <Button size="lg" onClick={onAccept} disabled={busy} aria-busy={phase.kind === 'accepting' || undefined}>
            {phase.kind === 'accepting'
              ? bankLinked
                ? linkCopy.oneTap.sending
                : copy.sending
              : phase.kind === 'failed'
                ? copy.retry
                : copy.accept}
          </Button>
          <Button variant="secondary" size="lg" onClick={onDecline} disabled={busy}>
            {copy.decline}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The add-on's own PIX, in place of the offer, until its payment is confirmed; `atBank` above it while it waits. */
function AddonPix({
  addon,
  title,
  open,
  sandbox,
  guaranteeDays,
  onRegenerate,
  atBank,
}: {
  addon: OpenOrder;
  title: string;
  open: boolean;
  sandbox: boolean;
  guaranteeDays: string;
  onRegenerate: () => void;
  atBank?: ReactNode;
}) {
  const status = useOrderStatus(addon.orderId, addon.viewKey, open);
  const paid = status.status === 'paid';
  useEffect(() => {
    // The add-on is a purchase of its own (its reference, its one item), as the server reports it.
    if (paid) trackPurchaseOnce(addon.publicRef, addon.amountCents, addon.items ?? []);
  }, [paid, addon.publicRef, addon.amountCents, addon.items]);

  if (paid) {
    return (
      <p
        role="status"
        className="text-brand-100 flex items-start gap-2.5 rounded-xl border border-brand-500/50 bg-brand-faint px-4 py-3 text-left font-semibold"
      >
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-400" />
        {copy.paid(title)}
      </p>
    );
  }
  return (
    <section aria-labelledby="addon-pix-title" className="border-t border-line pt-5 text-left">
      <h3 id="addon-pix-title" className="text-lg font-black text-white">
        {copy.pixTitle(title)}
      </h3>
      {atBank}
      <PixPanel
        order={addon}
        intro={false}
        addon
        sandbox={sandbox}
        guaranteeDays={guaranteeDays}
        regenerating={false}
        onRegenerate={onRegenerate}
        onCheckNow={() => void status.checkNow()}
        checking={status.checking}
      />
    </section>
  );
}

/**
 * The add-on's payment in the bank's app, above its PIX: why the last one did not go through (the buyer or the bank
 * refused it; nothing was charged), and, under a vínculo, the bank's confirmation again.
 */
function AddonAtBank({
  refused,
  linked,
  note,
  busy,
  onRetry,
}: {
  refused: boolean;
  linked: boolean;
  note: string | null;
  busy: boolean;
  onRetry: () => void;
}) {
  if (!refused && !linked && !note) return null;
  return (
    <div ref={refused ? bringIntoView : undefined} className="mt-3 space-y-3">
      {refused ? <Alert variant="destructive">{linkCopy.oneTap.refused}</Alert> : null}
      {note ? <Alert variant="destructive">{note}</Alert> : null}
      {linked ? (
        // After a refusal the add-on's PIX below is the way to pay: one green call on the screen, the retry beside it quieter.
        <Button variant={refused ? 'secondary' : undefined} size="lg" block onClick={onRetry} disabled={busy} aria-busy={busy || undefined}>
          <FingerprintPattern aria-hidden="true" className="size-5" />
          {busy ? linkCopy.oneTap.sending : refused ? linkCopy.oneTap.retry : linkCopy.oneTap.payAtBank}
        </Button>
      ) : null}
    </div>
  );
}

/** Back from the bank below "Pagamento confirmado": on a phone the refusal and the way to try again are brought on screen. */
const bringIntoView = (element: HTMLElement | null) => element?.scrollIntoView({ block: 'center' });

/** A charge's reply as this tab keeps it: counted down on this device's clock, as the main order's PIX is (payment-modal.tsx). */
const onThisClock = (reply: CreatedOrder, viewKey: string): OpenOrder => ({
  ...reply,
  expiresAt: Date.now() + (reply.expiresAt - reply.serverTime),
  viewKey,
});

/**
 * Below the access link once paid, when the server offers the bump alone (docs/offers.md): the offer,
 * then the add-on's PIX in place, or the "no" line. Never in front of the link, never delaying it.
 * One request per answer: the buttons are disabled while it is on its way, and a ref stops a
 * second click that lands before React has rendered the first.
 */
export function AddonOffer({
  orderId,
  viewKey,
  offer,
  open,
  sandbox,
  guaranteeDays,
  bankLinked = false,
  waiting,
  onLinkEnded,
}: {
  orderId: string;
  viewKey: string;
  offer: AddonOfferData | undefined;
  open: boolean;
  sandbox: boolean;
  guaranteeDays: string;
  /** The buyer's vínculo (JSR): "Quero adicionar" goes to their bank's confirmation, its PIX only if that fails. */
  bankLinked?: boolean;
  /** The add-on accepted already and still to pay, as the server's order holds it (any tab, after a reload). */
  waiting?: WaitingAddon | undefined;
  /** The server said the vínculo ended at the bank: the page stops saying the account is linked. */
  onLinkEnded?: () => void;
}) {
  const [phase, dispatch] = useReducer(nextAddonPhase, waiting, (held): AddonPhase =>
    held ? { kind: 'pix', order: onThisClock(held, viewKey) } : { kind: 'offer' },
  );
  const [refusedAtBank] = useState(waiting?.bankRefused === true);
  const [retrying, setRetrying] = useState(false);
  const [linkGone, setLinkGone] = useState(false);
  const sending = useRef(false);
  // The seller's newer name or price, from the server's 409: shown in the offer's place, and the version the next tap sends.
  const [repriced, setRepriced] = useState<AddonOfferData | null>(null);
  // The server's reason the one tap could not be had (the vínculo ended at the bank), shown above the add-on's PIX.
  const [linkNote, setLinkNote] = useState<string | null>(null);
  const shown = repriced ?? offer;
  const title = shown?.title ?? (phase.kind === 'pix' ? (phase.order.items[0]?.title ?? '') : '');

  /** JSR: the bank's confirmation page; false when it could not be had, and the add-on's PIX is asked for instead. */
  const payByLink = async (): Promise<boolean> => {
    try {
      const { redirectUri } = await apiFetch('POST /api/orders/:id/addon/biometria', {
        params: { id: orderId },
        headers: orderKeyHeaders(viewKey),
        json: shown ? { offerVersion: shown.version } : {},
      });
      window.location.assign(redirectUri);
      return true;
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409 && isAddonRepriced(failure.body)) throw failure;
      if (failure instanceof ApiError && failure.status === 409 && failure.message) {
        // The vínculo ended at the bank (or is gone): the PIX pays, the bank's button goes.
        setLinkNote(failure.message);
        setLinkGone(true);
      }
      if (failure instanceof ApiError && failure.status === 409 && isLinkEnded(failure.body)) onLinkEnded?.();
      return false;
    }
  };

  const answer = async (accept: boolean) => {
    if (sending.current) return;
    sending.current = true;
    dispatch({ type: accept ? 'accept' : 'decline' });
    try {
      if (accept && bankLinked && (await payByLink())) return;
      const reply = await apiFetch('POST /api/orders/:id/addon', {
        params: { id: orderId },
        headers: orderKeyHeaders(viewKey),
        // What the buyer saw: a newer price comes back as a 409 before any charge (docs/editing.md#prices).
        json: { accept, ...(accept && shown ? { offerVersion: shown.version } : {}) },
      });
      if (accept && reply.orderId !== undefined) {
        dispatch({ type: 'created', order: onThisClock(reply, viewKey) });
      } else if (accept) {
        dispatch({ type: 'accept-failed' });
      }
    } catch (failure) {
      if (accept && failure instanceof ApiError && failure.status === 409 && isAddonRepriced(failure.body)) {
        setRepriced(failure.body.addonOffer);
        dispatch({ type: 'repriced' });
      } else if (accept) {
        // A "no" that did not arrive changes nothing for the buyer: the server may offer it again later.
        dispatch({ type: 'accept-failed' });
      }
    } finally {
      sending.current = false;
    }
  };

  /** The add-on's payment at the bank again (a new one after a refusal, the same while one waits there). */
  const retryAtBank = async () => {
    if (sending.current) return;
    sending.current = true;
    setRetrying(true);
    setLinkNote(null);
    let opened = false;
    try {
      opened = await payByLink();
      if (!opened) setLinkNote((note) => note ?? linkCopy.api.failed);
    } catch (failure) {
      setLinkNote(failure instanceof ApiError && failure.message ? failure.message : linkCopy.api.failed);
    } finally {
      sending.current = false;
      // Leaving for the bank: the button stays busy until the page goes.
      if (!opened) setRetrying(false);
    }
  };

  if (phase.kind === 'pix') {
    return (
      <AddonPix
        addon={phase.order}
        title={title}
        open={open}
        sandbox={sandbox}
        guaranteeDays={guaranteeDays}
        onRegenerate={() => void answer(true)}
        atBank={
          <AddonAtBank
            refused={refusedAtBank}
            linked={bankLinked && !linkGone}
            note={linkNote}
            busy={retrying}
            onRetry={() => void retryAtBank()}
          />
        }
      />
    );
  }
  return shown ? (
    <AddonOfferCard
      offer={shown}
      phase={phase}
      onAccept={() => void answer(true)}
      onDecline={() => void answer(false)}
      bankLinked={bankLinked}
    />
  ) : null;
}

/** The add-on's 409 when its price changed since the offer was shown (not the one of an offer no longer open). */
const isAddonRepriced = (body: unknown): body is AddonPriceChangedBody => bodyCarries(body, 'addonOffer');
const isLinkEnded = (body: unknown): body is BankLinkEndedBody =>
  typeof body === 'object' && body !== null && 'linkEnded' in body && typeof body.linkEnded === 'string';
