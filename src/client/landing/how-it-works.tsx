import { howItWorks, howItWorksChat } from '../../content/how-it-works.ts';
import { formatBRL } from '../../shared/money.ts';
import { useOfferSection } from '../lib/offer.tsx';
import { cn } from '../ui/cn.ts';

/** Section 3: three steps and an example chat with the Netflix saving. */
export function HowItWorks() {
  const copy = useOfferSection('howItWorks') ?? howItWorks;
  const chat = useOfferSection('howItWorksChat') ?? howItWorksChat;
  const savingCents = chat.officialCents - chat.paidCents;
  return (
    <section aria-labelledby="how-it-works-title" className="px-5 py-16">
      <div className="mx-auto grid max-w-5xl items-center gap-10 md:grid-cols-2">
        <div>
          <p className="text-xs font-bold tracking-[0.2em] text-brand-400 uppercase">{copy.eyebrow}</p>
          <h2 id="how-it-works-title" className="mt-2 text-3xl font-black text-balance text-white">
            {copy.title}
          </h2>
          <ol className="mt-8 grid gap-4">
            {copy.steps.map((step, index) => (
              <li key={index} className="flex gap-4 rounded-2xl border border-line bg-ink-850/70 p-4">
                <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-700 font-black text-white">
                  {index + 1}
                </span>
                <span>
                  <span className="block font-bold text-white">{step.title}</span>
                  <span className="block text-sm text-slate-400">{step.text}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>
        <figure className="rounded-3xl border border-line bg-ink-900 p-4 shadow-2xl shadow-black/40">
          <figcaption className="flex items-center gap-3 border-b border-line pb-3">
            <span aria-hidden="true" className="grid size-9 place-items-center rounded-full bg-[#e50914] text-sm font-black text-white">
              {chat.monogram}
            </span>
            <span>
              <span className="block text-sm font-bold text-white">{chat.contact}</span>
              <span className="block text-xs text-brand-400">{chat.status}</span>
            </span>
            <span className="ml-auto text-xs text-slate-400">{chat.title}</span>
          </figcaption>
          <ul className="mt-4 grid gap-2">
            {chat.messages.map((message, index) => (
              <li
                key={index}
                className={cn(
                  'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm',
                  message.from === 'buyer' ? 'ml-auto rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-ink-700 text-slate-100',
                )}
              >
                {message.text}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex items-center justify-between rounded-2xl bg-brand-faint px-4 py-3">
            <span className="text-sm text-slate-300">
              {chat.officialLabel} <s className="text-slate-400">{formatBRL(chat.officialCents)}</s>
            </span>
            <span className="text-right text-sm font-semibold text-brand-300">
              {chat.savingLabel}
              <span className="block text-xl font-black text-brand-400">{formatBRL(savingCents)}</span>
            </span>
          </div>
        </figure>
      </div>
    </section>
  );
}
