import { Check, Gamepad2, ShieldCheck, Smartphone, Tv } from 'lucide-react';
import { presell, presellMeta, type PresellTileIcon } from '../../content/presell.ts';
import type { PageMeta } from '../../shared/routes.ts';
import { Island } from '../lib/island.tsx';
import { useIslandOfferSection, useOfferSection } from '../lib/offer.tsx';
import { getPublicConfig } from '../lib/public-config.ts';
import { PresellCta } from '../presell/presell-cta.tsx';
import { DemoNotice } from '../ui/demo-notice.tsx';
import { COLUMN_SIZES, FLUID_IMAGE, OfferPicture } from '../ui/offer-picture.tsx';
import { IconsDrawnInline } from '../ui/icon.tsx';
import { Logo } from '../ui/logo.tsx';
import { look } from '../../content/look.ts';

const tileIcons: Record<PresellTileIcon, typeof Tv> = { tv: Tv, smartphone: Smartphone, gamepad: Gamepad2 };

export const meta: PageMeta = presellMeta;

/**
 * The pre-sell page an ad sends buyers to: prerendered, and static but for its "Sim, quero!"
 * button, an island hydrated at once (pages/presell-islands.tsx); no router, no whole-page app.
 */
export default function PresellPage() {
  // Printed as a token while prerendering, filled in by the server (shared/public-config.ts).
  const { guaranteeDays, demoMode } = getPublicConfig();
  const edited = useOfferSection('presell');
  const { logo } = useIslandOfferSection('look', look);
  const copy = edited ?? presell;
  return (
    // Its first screen is complete at the first paint, with no request for the icons' sprite before it.
    <IconsDrawnInline>
      {/* Static markup, as on the landing page: the page frame that carries it elsewhere is not rendered here. */}
      <DemoNotice demoMode={demoMode} />
      <main className="relative flex min-h-dvh flex-col items-center overflow-hidden px-5 pt-8 pb-10">
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-96 presell-glow" />
        <div className="relative w-full max-w-xl">
          <div className="flex justify-center">
            <Logo image={logo} />
          </div>
          <p className="mt-8 text-center text-xs font-bold tracking-[0.2em] text-brand-400 uppercase">{copy.eyebrow}</p>
          <h1 className="mt-3 text-center text-3xl leading-tight font-black text-balance text-white sm:text-4xl">{copy.headline}</h1>
          <p className="mt-4 text-center text-base text-pretty text-slate-300">{copy.subheadline}</p>
          <OfferPicture
            section={edited}
            sizes={COLUMN_SIZES.presell}
            style={FLUID_IMAGE}
            className="mx-auto mt-8 rounded-2xl border border-line"
          />

          <ul className="mt-8 grid gap-3">
            {copy.tiles.map((tile, index) => {
              // The drawings stay in code, one per place: the seller edits the words.
              const Icon = tileIcons[presell.tiles[index]?.icon ?? 'tv'];
              return (
                <li
                  key={index}
                  className="flex items-center gap-4 rounded-2xl border border-line bg-ink-850/80 p-4 shadow-lg shadow-black/20"
                >
                  <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-tint text-brand-400">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <span>
                    <span className="block text-lg font-bold text-white">{tile.title}</span>
                    <span className="block text-sm text-slate-400">{tile.text}</span>
                  </span>
                </li>
              );
            })}
          </ul>

          <div className="mt-8">
            <Island name="presell-cta" component={PresellCta} props={{ label: copy.cta }} when="load" />
            <p className="mt-2 text-center text-xs text-slate-400">{copy.ctaHint}</p>
          </div>

          <ul className="mt-8 grid gap-2 rounded-2xl border border-line/60 bg-ink-900/60 p-4 text-sm text-slate-300">
            {presell.trustNotes(guaranteeDays).map((note, index) => (
              <li key={note} className="flex items-center gap-2">
                {index === 0 ? (
                  <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-pix" />
                ) : (
                  <Check aria-hidden="true" className="size-4 shrink-0 text-brand-400" />
                )}
                {note}
              </li>
            ))}
          </ul>
        </div>
      </main>
    </IconsDrawnInline>
  );
}
