import { BadgeCheck, Sparkles, Timer } from 'lucide-react';
import { hero, referencePriceWords } from '../../content/landing.ts';
import { productSection } from '../../content/site.ts';
import { formatBRL } from '../../shared/money.ts';
import { Island } from '../lib/island.tsx';
import { useIslandOfferSection, useOfferSection } from '../lib/offer.tsx';
import { BuyButton } from './buy-button.tsx';
import { HeroVideo } from './hero-video.tsx';
import { OfferCountdown } from './offer-countdown.tsx';
import { COLUMN_SIZES, HERO_IMAGE, OfferPicture } from '../ui/offer-picture.tsx';
import { RichText } from '../ui/rich-text.tsx';

/** Section 2: the promise, the price and the first buy button; `guaranteeDays` is GUARANTEE_DAYS. */
export function Hero({ guaranteeDays }: { guaranteeDays: string }) {
  const edited = useOfferSection('hero');
  const copy = edited ?? hero;
  const { priceCents, referencePriceCents } = useIslandOfferSection('product', productSection);
  // Without a highlight, the whole headline is one text.
  const [before, after] = copy.highlight ? splitOnce(copy.headline, copy.highlight) : [copy.headline, ''];
  // A photo or a video's poster takes the countdown's place in the first screen: it follows the buy button.
  const photo = Boolean(edited?.image || edited?.video);
  return (
    <section className="relative overflow-hidden px-5 pt-28 pb-16 sm:pt-36">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-[28rem] hero-glow" />
      <div className="relative mx-auto max-w-3xl text-center">
        <p className="inline-flex items-center gap-1.5 rounded-full border border-gold-400/40 bg-gold-400/10 px-3 py-1 text-xs font-bold tracking-wider text-gold-300 uppercase">
          <Sparkles aria-hidden="true" className="size-3.5" />
          {copy.badge}
        </p>
        <h1 className="mt-5 text-[2rem] leading-[1.1] font-black text-balance text-white sm:text-5xl">
          {before}
          {copy.highlight ? <span className="text-brand-400">{copy.highlight}</span> : null}
          {after}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-base text-pretty text-slate-300 sm:text-lg">
          <RichText text={copy.subheadline} />
        </p>
        {edited?.video ? (
          <Island name="hero-video" component={HeroVideo} props={{ video: edited.video, image: edited.image }} when="visible" />
        ) : (
          <OfferPicture
            section={edited}
            sizes={COLUMN_SIZES.hero}
            style={HERO_IMAGE}
            className="mx-auto mt-5 rounded-3xl border border-line"
          />
        )}

        <div className="mx-auto mt-8 max-w-md rounded-3xl border border-line bg-ink-850/90 p-5 shadow-2xl shadow-black/40 sm:p-6">
          {/* The countdown and the buy button are islands: the rest of the hero is never hydrated. */}
          {photo ? null : <Countdown label={copy.countdownLabel} />}
          <p
            className={
              photo
                ? 'text-sm font-semibold tracking-wider text-slate-400 uppercase'
                : 'mt-5 text-sm font-semibold tracking-wider text-slate-400 uppercase'
            }
          >
            {copy.priceCaption}
          </p>
          {/* Only a price really charged for 30 of the last 90 days gets here (server/offer/reference-price.ts). */}
          {referencePriceCents > 0 ? (
            <p className="mt-1 text-sm text-slate-400">
              {referencePriceWords.from} <s>{formatBRL(referencePriceCents)}</s> {referencePriceWords.to}
            </p>
          ) : null}
          <p className="mt-1 text-5xl font-black tracking-tight text-white">{formatBRL(priceCents)}</p>
          <p className="mt-1 text-sm text-slate-400">{copy.priceNote}</p>
          <Island
            name="buy-button"
            component={BuyButton}
            props={{ placement: 'hero', className: 'mt-5 w-full', children: copy.cta }}
            when="visible"
          />
          {photo ? <Countdown label={copy.countdownLabel} below /> : null}
          <ul className="mt-4 grid gap-1.5 text-left text-sm text-slate-300">
            {hero.trust(guaranteeDays).map((item) => (
              <li key={item} className="flex items-center gap-2">
                <BadgeCheck aria-hidden="true" className="size-4 shrink-0 text-brand-400" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** Time left on the offer, under its label; `below` the buy button, spaced from it. */
function Countdown({ label, below = false }: { label: string; below?: boolean }) {
  const box = 'flex flex-col items-center gap-1 rounded-2xl border border-gold-400/30 bg-gold-400/5 px-4 py-3';
  return (
    <div className={below ? `mt-5 ${box}` : box}>
      <p className="flex items-center gap-1.5 text-xs font-bold tracking-wider text-gold-300 uppercase">
        <Timer aria-hidden="true" className="size-4" />
        {label}
      </p>
      <Island name="offer-countdown" component={OfferCountdown} props={{}} when="load" />
    </div>
  );
}

/** Around the first occurrence only: the highlight may appear again later in the headline. */
function splitOnce(text: string, part: string): [string, string] {
  const at = text.indexOf(part);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + part.length)];
}
