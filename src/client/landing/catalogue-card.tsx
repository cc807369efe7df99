import { Sparkles } from 'lucide-react';
import { catalogueSection, supplierCard, upsellPopup, type CatalogueApp } from '../../content/catalogue.ts';
import { formatBRL } from '../../shared/money.ts';
import { AppIcon } from '../ui/app-icon.tsx';

const cardButton =
  'relative flex h-full w-full flex-col rounded-2xl border p-3.5 text-left transition duration-150 hover:-translate-y-0.5 active:translate-y-0 sm:p-4';

/**
 * A card's name, first in the document so screen readers hear "Ver detalhes de Netflix …" (the
 * hidden prefix, then the visible text: WCAG 2.5.3, label in name) while the icon row is shown
 * above it (`order-first`).
 */
function OpenLabel({ name, className }: { name: string; className: string }) {
  return (
    <span className={className}>
      <span className="sr-only">{`${catalogueSection.openAppPrefix} `}</span>
      {name}
    </span>
  );
}

/** One app of the catalogue; opens the streaming popup. `copy`: the seller's words for its labels. */
export function AppCard({
  app,
  copy,
  onOpen,
}: {
  app: CatalogueApp;
  copy: { readonly newLabel: string; readonly perMonth: string };
  onOpen: () => void;
}) {
  return (
    <button type="button" onClick={onOpen} className={`${cardButton} border-line bg-ink-850/80 hover:border-brand-500/50 hover:bg-ink-800`}>
      <OpenLabel name={app.name} className="mt-2.5 leading-tight font-bold text-white" />
      <span className="order-first flex items-start justify-between gap-2">
        <AppIcon app={app} size={40} />
        <span className="flex flex-col items-end gap-1">
          {app.badge ? (
            <span className="rounded-md bg-brand-tint px-1.5 py-0.5 text-[0.6rem] font-black tracking-wider text-brand-300">
              {app.badge}
            </span>
          ) : null}
          {app.isNew ? (
            <span className="rounded-md bg-gold-400 px-1.5 py-0.5 text-[0.6rem] font-black tracking-wider text-ink-950">
              {copy.newLabel}
            </span>
          ) : null}
        </span>
      </span>
      <span className="mt-auto pt-1.5">
        <s className="block text-xs text-slate-400">{formatBRL(app.originalPriceCents)}</s>
        <span className="text-lg leading-tight font-black text-brand-400">{formatBRL(app.offerPriceCents)}</span>
        <span className="text-xs text-slate-400">{copy.perMonth}</span>
      </span>
    </button>
  );
}

/** The tier-0 card: the top-up supplier; opens the upsell popup. `label`: the seller's word above its name. */
export function SupplierCardButton({ label, onOpen }: { label: string; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className={`${cardButton} border-gold-400/50 bg-gradient-to-br from-gold-400/10 via-ink-850 to-ink-850 hover:border-gold-400 sm:flex-row sm:items-center sm:gap-5`}
    >
      <span className="flex items-center gap-3">
        <AppIcon app={supplierCard} size={52} />
        <span className="flex flex-col">
          <OpenLabel name={supplierCard.name} className="mt-1 block text-lg font-black text-white" />
          <span className="order-first flex items-center gap-2 text-[0.65rem] font-black tracking-wider">
            {label ? (
              <span className="flex items-center gap-1 text-gold-300">
                <Sparkles aria-hidden="true" className="size-3" />
                {label}
              </span>
            ) : null}
            <span className="rounded-md bg-gold-400 px-1.5 py-0.5 text-ink-950">{supplierCard.badge}</span>
          </span>
        </span>
      </span>
      <span className="mt-3 grid grid-cols-2 gap-2 sm:mt-0 sm:ml-auto sm:min-w-64">
        <span className="rounded-xl bg-ink-950/60 px-3 py-2">
          <span className="block text-xs text-slate-400">{upsellPopup.creditLabel}</span>
          <span className="text-lg font-black text-white">{formatBRL(supplierCard.creditCents)}</span>
        </span>
        <span className="rounded-xl bg-brand-tint px-3 py-2">
          <span className="block text-xs text-slate-300">{upsellPopup.costLabel}</span>
          <span className="text-lg font-black text-brand-400">{formatBRL(supplierCard.costCents)}</span>
        </span>
      </span>
    </button>
  );
}
