import { useId } from 'react';
import { layoutPanel as copy, sectionNames } from '../../../content/layout.ts';
import type { LandingSectionId, OfferLayout } from '../../../shared/offer-layout.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { moveItem } from './offer-edit.ts';

/**
 * The sections of `/` between the hero and the checkout (docs/editing.md#layout): a "Mostrar" box and "Subir"/"Descer"
 * buttons per section, keyboard and screen-reader usable with no dragging. The hero and the checkout are listed, fixed.
 */
export function SectionLayoutField({ value, onChange }: { value: OfferLayout; onChange: (layout: OfferLayout) => void }) {
  const id = useId();
  const { order, hidden } = value;
  const toggle = (section: LandingSectionId, shown: boolean) =>
    onChange({ order, hidden: shown ? hidden.filter((each) => each !== section) : [...hidden, section] });
  return (
    <div className="space-y-2">
      <p className="rounded-xl border border-line/50 px-3 py-2 text-sm text-slate-400">{copy.fixedTop}</p>
      <ol className="space-y-2" data-section-layout="">
        {order.map((section, index) => {
          const shown = !hidden.includes(section);
          const boxId = `${id}-${section}`;
          return (
            <li
              key={section}
              data-layout-section={section}
              className={cn(
                'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-line/70 bg-ink-900/60 p-3',
                // Dashed, not faded: a faded caption fell to 4.06:1.
                shown ? '' : 'border-dashed',
              )}
            >
              <span className="min-w-0 flex-1">
                <span className="block font-bold text-white">{sectionNames[section]}</span>
                <span className="block text-xs text-slate-400">
                  {copy.position(index, order.length)}
                  {shown ? '' : ` · ${copy.hiddenNote}`}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <input
                  id={boxId}
                  type="checkbox"
                  checked={shown}
                  onChange={(event) => toggle(section, event.target.checked)}
                  aria-label={copy.moveLabel(copy.show, sectionNames[section])}
                  className="size-5 accent-brand-500"
                />
                <label htmlFor={boxId} aria-hidden="true" className="text-sm text-slate-200">
                  {copy.show}
                </label>
              </span>
              <span className="flex gap-2">
                <Button
                  variant="secondary"
                  disabled={index === 0}
                  aria-label={copy.moveLabel(copy.up, sectionNames[section])}
                  onClick={() => onChange({ order: moveItem(order, index, -1) ?? order, hidden })}
                >
                  {copy.up}
                </Button>
                <Button
                  variant="secondary"
                  disabled={index === order.length - 1}
                  aria-label={copy.moveLabel(copy.down, sectionNames[section])}
                  onClick={() => onChange({ order: moveItem(order, index, 1) ?? order, hidden })}
                >
                  {copy.down}
                </Button>
              </span>
            </li>
          );
        })}
      </ol>
      <p className="rounded-xl border border-line/50 px-3 py-2 text-sm text-slate-400">{copy.fixedEnd}</p>
    </div>
  );
}
