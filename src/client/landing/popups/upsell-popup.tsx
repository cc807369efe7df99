import { supplierCard, upsellPopup } from '../../../content/catalogue.ts';
import { formatBRL } from '../../../shared/money.ts';
import { AppIcon } from '../../ui/app-icon.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { PopupFooter } from './popup-footer.tsx';

/** The upsell popup: the list's top-up supplier (R$ 100 de crédito por R$ 20) and a buy call. */
export default function UpsellPopup({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = () => onOpenChange(false);
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
          <div className="rounded-xl bg-brand-500/15 px-3 py-2.5">
            <dt className="text-xs text-brand-300">{upsellPopup.costLabel}</dt>
            <dd className="text-2xl font-black text-brand-400">{formatBRL(supplierCard.costCents)}</dd>
          </div>
        </dl>
        <PopupFooter lines={upsellPopup.highlights} cta={upsellPopup.cta} dismiss={upsellPopup.dismiss} onClose={close} />
      </div>
    </Dialog>
  );
}
