import { PartyPopper } from 'lucide-react';
import { checkout as copy } from '../../content/checkout.ts';

/** Replaces the PIX panel once the server confirmed the payment (docs/product.md#6-e-mail-delivery-is-made-true). */
export function PaidPanel({ accessUrl, note }: { accessUrl: string | undefined; note: string | undefined }) {
  return (
    <div className="mt-5 space-y-4 text-center" role="status">
      <span className="mx-auto grid size-16 place-items-center rounded-full bg-brand-500/20 text-brand-400">
        <PartyPopper aria-hidden="true" className="size-8" />
      </span>
      <h3 className="text-2xl font-black text-white">{copy.paid.title}</h3>
      <p className="text-slate-300">{copy.paid.text}</p>
      {accessUrl ? (
        <a
          href={accessUrl}
          className="inline-flex min-h-14 w-full items-center justify-center rounded-xl bg-cta px-6 text-lg font-extrabold tracking-wide text-white uppercase shadow-cta"
        >
          {copy.paid.cta}
        </a>
      ) : note ? (
        <p className="rounded-xl bg-brand-tint px-4 py-3 text-sm font-semibold text-brand-300">{note}</p>
      ) : null}
    </div>
  );
}
