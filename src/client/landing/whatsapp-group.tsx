import { Check, MessageCircle } from 'lucide-react';
import { whatsappGroup } from '../../content/whatsapp-group.ts';
import { track } from '../lib/analytics.ts';
import { useIslandOfferSection } from '../lib/offer.tsx';
import { getPublicConfig } from '../lib/public-config.ts';
import { RichText } from '../ui/rich-text.tsx';

/** The content's perks in the offer's shape, which the seller's changes apply to. */
const defaults = { ...whatsappGroup, perks: whatsappGroup.perks.map((text) => ({ text })) };

/** Section 12: the WhatsApp VIP group. The invite (WHATSAPP_GROUP_URL) opens in a new tab; the click is a `contact` event. */
export function WhatsappGroup() {
  const { whatsappGroupUrl } = getPublicConfig();
  const edited = useIslandOfferSection('whatsappGroup', defaults);
  const copy = { ...edited, perks: edited.perks.map((perk) => perk.text) };
  return (
    <section aria-labelledby="whatsapp-group-title" className="px-5 py-16">
      <div className="mx-auto max-w-3xl overflow-hidden rounded-3xl border border-whatsapp/40 bg-gradient-to-br from-whatsapp/15 via-ink-850 to-ink-850 p-6 sm:p-10">
        <div className="flex flex-col items-center text-center">
          <span className="grid size-14 place-items-center rounded-2xl bg-whatsapp text-ink-950 shadow-lg shadow-whatsapp/30">
            <MessageCircle aria-hidden="true" className="size-7" />
          </span>
          <p className="mt-5 text-xs font-bold tracking-[0.2em] text-whatsapp uppercase">{copy.eyebrow}</p>
          <h2 id="whatsapp-group-title" className="mt-2 text-3xl leading-tight font-black text-balance text-white">
            {copy.title}
          </h2>
          <p className="mt-3 max-w-xl text-pretty text-slate-300">
            <RichText text={copy.text} />
          </p>
          <ul className="mt-5 flex flex-wrap justify-center gap-2">
            {copy.perks.map((perk) => (
              <li key={perk} className="flex items-center gap-1.5 rounded-full bg-ink-950/50 px-3 py-1.5 text-sm text-slate-200">
                <Check aria-hidden="true" className="size-4 text-whatsapp" />
                {perk}
              </li>
            ))}
          </ul>
          <a
            href={whatsappGroupUrl}
            target="_blank"
            rel="noopener"
            onClick={() => track('contact', { method: 'whatsapp' })}
            className="mt-7 inline-flex min-h-14 w-full max-w-sm items-center justify-center gap-2 rounded-xl bg-whatsapp px-6 text-base font-extrabold tracking-wide text-ink-950 uppercase shadow-lg shadow-whatsapp/30 transition hover:brightness-110 sm:text-lg"
          >
            <MessageCircle aria-hidden="true" className="size-5" />
            {copy.cta}
            <span className="sr-only"> ({whatsappGroup.ctaHint})</span>
          </a>
        </div>
      </div>
    </section>
  );
}
