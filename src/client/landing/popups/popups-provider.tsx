import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { CatalogueApp } from '../../../content/catalogue.ts';
import { CataloguePopupsContext, type CataloguePopups } from '../../lib/catalogue-popups-context.ts';
import { PopupSkeleton } from './popup-skeleton.tsx';

// Each popup is its own chunk, fetched on the first click (docs/product.md#the-journey: "lazily loaded").
const StreamingPopup = lazy(() => import('./streaming-popup.tsx'));
const UpsellPopup = lazy(() => import('./upsell-popup.tsx'));

/** Provides the catalogue's popups to the page; their code loads on first use, with a skeleton meanwhile. */
export function PopupsProvider({ children }: { children: ReactNode }) {
  const [app, setApp] = useState<CatalogueApp | null>(null);
  const [upsellOpen, setUpsellOpen] = useState(false);
  const [used, setUsed] = useState({ streaming: false, upsell: false });

  const value = useMemo<CataloguePopups>(
    () => ({
      openApp: (next) => {
        setUsed((current) => (current.streaming ? current : { ...current, streaming: true }));
        setApp(next);
      },
      openUpsell: () => {
        setUsed((current) => (current.upsell ? current : { ...current, upsell: true }));
        setUpsellOpen(true);
      },
    }),
    [],
  );

  return (
    <CataloguePopupsContext.Provider value={value}>
      {children}
      {used.streaming ? (
        <Suspense fallback={app ? <PopupSkeleton /> : null}>
          {/* Closing clears the selection (docs/product.md#screen-states). */}
          <StreamingPopup app={app} onClose={() => setApp(null)} />
        </Suspense>
      ) : null}
      {used.upsell ? (
        <Suspense fallback={upsellOpen ? <PopupSkeleton /> : null}>
          <UpsellPopup open={upsellOpen} onOpenChange={setUpsellOpen} />
        </Suspense>
      ) : null}
    </CataloguePopupsContext.Provider>
  );
}
