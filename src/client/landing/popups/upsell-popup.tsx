import { useMemo, type ReactNode } from 'react';
import { supplierCard, upsellPopup } from '../../../content/catalogue.ts';
import { bumpCopy, bumpSection, orderBump, type BumpOffer } from '../../../content/offers.ts';
import { applyOfferPatch } from '../../../shared/offer-patch.ts';
import { readPageOffer } from '../../lib/offer.tsx';
import { formatBRL } from '../../../shared/money.ts';
import { CheckoutContext, useCheckout, type CheckoutStarter } from '../../lib/checkout-context.ts';
import { getPublicConfig } from '../../lib/public-config.ts';
import { AppIcon } from '../../ui/app-icon.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { PopupFooter } from './popup-footer.tsx';

/**
 * The buy call inside opens the checkout with the bump ticked: the buyer chose it here, with its
 * price in view (docs/offers.md#the-checkout). The checkout still shows the box, which they may untick.
 */
function WithBumpTicked({ children }: { children: ReactNode }) {
  const checkout = useCheckout();
  const value = useMemo<CheckoutStarter>(() => ({ ...checkout, startCheckout: () => checkout.startCheckout({ bump: true }) }), [checkout]);
  return <CheckoutContext.Provider value={value}>{children}</CheckoutContext.Provider>;
}

/** The order bump as the popup presents it: its name, pitch and price. */
function BumpOfferBox({ bump }: { bump: BumpOffer }) {
  return (
    <div className="mt-3 rounded-2xl border-2 border-dashed border-brand-500/60 bg-brand-faint p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-bold tracking-[0.16em] text-brand-300 uppercase">{bumpCopy.popup.eyebrow}</p>
          <h3 className="mt-1 text-lg leading-snug font-black text-white">{bump.name}</h3>
        </div>
        <p className="shrink-0 text-right">
          <span className="block text-xl font-black text-brand-400">{bumpCopy.popup.price(bump.priceCents)}</span>
          <span className="block max-w-28 text-xs leading-tight text-brand-300">{bumpCopy.popup.priceCaption}</span>
        </p>
      </div>
      <p className="mt-2 text-sm text-pretty text-slate-300">{bump.pitch}</p>
    </div>
  );
}

/**
 * The upsell popup: the list's top-up supplier (R$ 100 de crédito por R$ 20) and a buy call. When
 * the server offers the order bump (docs/offers.md) it presents the bump too, and its buy call opens the
 * checkout with the bump ticked.
 */
export default function UpsellPopup({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = () => onOpenChange(false);
  // With the seller's published name and price (the page's data block), as the checkout shows them.
  const prices = applyOfferPatch(bumpSection, readPageOffer().bump);
  const bump = getPublicConfig().orderBump && orderBump ? { ...orderBump, name: prices.name, priceCents: prices.priceCents } : null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={upsellPopup.title}
      description={upsellPopup.text}
      closeLabel={upsellPopup.closeLabel}
    >
      <div className="mt-5">
        <div className="rounded-2xl border border-gold-400/40 bg-gold-400/5 p-4">
          <div className="flex items-center gap-4">
            <AppIcon app={supplierCard} size={64} />
            <div>
              <p className="text-xs font-bold tracking-[0.2em] text-gold-300 uppercase">{upsellPopup.eyebrow}</p>
              <p className="text-xl font-black text-white">{supplierCard.name}</p>
            </div>
          </div>
          <ul className="mt-3 flex flex-wrap gap-1.5">
            {supplierCard.features
              .filter((feature) => feature !== upsellPopup.title)
              .map((feature) => (
                <li key={feature} className="rounded-full bg-ink-950/60 px-2.5 py-1 text-xs font-semibold text-slate-300">
                  {feature}
                </li>
              ))}
          </ul>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-2">
          <div className="rounded-xl bg-ink-850 px-3 py-2.5">
            <dt className="text-xs text-slate-400">{upsellPopup.creditLabel}</dt>
            <dd className="text-2xl font-black text-white">{formatBRL(supplierCard.creditCents)}</dd>
          </div>
          <div className="rounded-xl bg-brand-tint px-3 py-2.5">
            <dt className="text-xs text-brand-300">{upsellPopup.costLabel}</dt>
            <dd className="text-2xl font-black text-brand-400">{formatBRL(supplierCard.costCents)}</dd>
          </div>
        </dl>
        {bump ? (
          <>
            <BumpOfferBox bump={bump} />
            <WithBumpTicked>
              <PopupFooter
                lines={upsellPopup.highlights}
                cta={bumpCopy.popup.cta}
                note={bumpCopy.popup.note(bump.name)}
                dismiss={upsellPopup.dismiss}
                onClose={close}
              />
            </WithBumpTicked>
          </>
        ) : (
          <PopupFooter lines={upsellPopup.highlights} cta={upsellPopup.cta} dismiss={upsellPopup.dismiss} onClose={close} />
        )}
      </div>
    </Dialog>
  );
}
