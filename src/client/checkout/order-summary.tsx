import { bumpCopy } from '../../content/offers.ts';
import type { OrderItem } from '../../shared/checkout.ts';
import { formatBRL } from '../../shared/money.ts';

/**
 * What an order charges: its amount under `label`, and its items (docs/offers.md). One item is named
 * under the amount; several are listed, each with its price, above the total. Compact on purpose:
 * on a phone the "Copiar código PIX" button right below must stay in the first screen.
 */
export function OrderSummary({
  label,
  amountCents,
  items = [],
  amountTestId = 'pix-amount',
}: {
  label: string;
  amountCents: number;
  items?: readonly OrderItem[] | undefined;
  amountTestId?: string;
}) {
  const amount = (
    <span className="shrink-0 text-2xl font-black text-white tabular-nums" data-testid={amountTestId}>
      {formatBRL(amountCents)}
    </span>
  );
  if (items.length < 2) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-xl bg-ink-800 px-4 py-3">
        <span className="min-w-0">
          <span className="block text-sm text-slate-300">{label}</span>
          {items[0] ? <span className="block text-xs text-slate-400">{items[0].title}</span> : null}
        </span>
        {amount}
      </div>
    );
  }
  return (
    <section aria-label={bumpCopy.itemsHeading} className="rounded-xl bg-ink-800 px-4 py-3">
      <h3 className="text-xs font-bold tracking-wider text-slate-400 uppercase">{bumpCopy.itemsHeading}</h3>
      <ul className="mt-1.5 space-y-1">
        {items.map((item) => (
          <li key={item.key} className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 text-slate-200">{item.title}</span>
            <span className="shrink-0 font-semibold text-white tabular-nums">{formatBRL(item.priceCents)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex items-baseline justify-between gap-3 border-t border-line pt-2">
        <span className="text-sm font-semibold text-slate-300">{label}</span>
        {amount}
      </p>
    </section>
  );
}
