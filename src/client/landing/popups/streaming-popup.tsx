import { useEffect } from 'react';
import { streamingPopup, type CatalogueApp } from '../../../content/catalogue.ts';
import { appMonthlySavingCents } from '../../../content/totals.ts';
import { formatBRL } from '../../../shared/money.ts';
import { track } from '../../lib/analytics.ts';
import { AppIcon } from '../../ui/app-icon.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { PopupFooter } from './popup-footer.tsx';

/** The popup of one catalogue app: its prices, what suppliers offer, and a buy call. Open while an app is selected. */
export default function StreamingPopup({ app, onClose }: { app: CatalogueApp | null; onClose: () => void }) {
  useEffect(() => {
    if (app) track('view_item', { item_name: app.name });
  }, [app]);

  return (
    <Dialog
      open={app !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={app ? streamingPopup.title(app.name) : ''}
      description={app ? streamingPopup.text : undefined}
      closeLabel={streamingPopup.closeLabel}
    >
      {app ? (
        <div className="mt-5">
          <div className="flex items-center gap-4 rounded-2xl border border-line bg-ink-850 p-4">
            <AppIcon app={app} size={64} />
            <div>
              <p className="text-xs font-bold tracking-[0.2em] text-brand-400 uppercase">{streamingPopup.eyebrow}</p>
              <p className="text-xl font-black text-white">{app.name}</p>
            </div>
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-2">
            <div className="rounded-xl bg-ink-850 px-3 py-2.5">
              <dt className="text-xs text-slate-400">{streamingPopup.officialPriceLabel}</dt>
              <dd className="text-lg font-bold text-slate-300">
                <s>{formatBRL(app.originalPriceCents)}</s>
                <span className="text-xs font-normal">{streamingPopup.perMonth}</span>
              </dd>
            </div>
            <div className="rounded-xl bg-brand-tint px-3 py-2.5">
              <dt className="text-xs text-brand-300">{streamingPopup.offerPriceLabel}</dt>
              <dd className="text-lg font-black text-brand-400">
                {formatBRL(app.offerPriceCents)}
                <span className="text-xs font-normal text-brand-300">{streamingPopup.perMonth}</span>
              </dd>
            </div>
            <div className="col-span-2 flex items-center justify-between rounded-xl border border-brand-500/30 px-3 py-2.5">
              <dt className="text-sm text-slate-300">{streamingPopup.savingLabel}</dt>
              <dd className="font-black text-white">
                {formatBRL(appMonthlySavingCents(app))}
                <span className="text-xs font-normal text-slate-400">{streamingPopup.perMonth}</span>
              </dd>
            </div>
          </dl>
          <PopupFooter title={streamingPopup.featuresTitle} lines={app.features} cta={streamingPopup.cta} onClose={onClose} />
        </div>
      ) : null}
    </Dialog>
  );
}
