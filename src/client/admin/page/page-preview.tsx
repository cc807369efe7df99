import { useEffect, useRef, useState } from 'react';
import { pageEditor } from '../../../content/offer.ts';
import { OFFER_PAGES, type OfferPage } from '../../../shared/offer-pages.ts';
import { cn } from '../../ui/cn.ts';
import { adminApi } from '../admin-api.ts';

const copy = pageEditor.preview;
const WIDTHS = { phone: 390, desktop: 1280 } as const;
type Width = keyof typeof WIDTHS;
const FRAME_HEIGHT = 760;

function Choice<T extends string>({
  options,
  value,
  label,
  onChange,
}: {
  options: readonly T[];
  value: T;
  label: (option: T) => string;
  onChange: (option: T) => void;
}) {
  return (
    <div className="flex gap-1" role="group">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          onClick={() => onChange(option)}
          className={cn(
            'min-h-11 rounded-lg px-3 text-sm font-semibold',
            option === value ? 'bg-brand-500/15 text-brand-300' : 'text-slate-300 hover:bg-ink-800',
          )}
        >
          {label(option)}
        </button>
      ))}
    </div>
  );
}

/**
 * The saved draft as the real page renders it (the server's own render, without any script: no
 * tracker, no gate), at a phone's width or a desktop's, scaled to fit the console.
 */
export function PagePreview({ stamp }: { stamp: number }) {
  const [page, setPage] = useState<OfferPage>('landing');
  const [width, setWidth] = useState<Width>('phone');
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number>(WIDTHS.phone);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setRoom(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const frameWidth = WIDTHS[width];
  const scale = Math.min(1, room / frameWidth);
  return (
    <section aria-labelledby="page-preview" className="space-y-3 rounded-2xl border border-line bg-ink-850 p-4">
      <h3 id="page-preview" className="text-base font-extrabold text-white">
        {copy.title}
      </h3>
      <div className="flex flex-wrap gap-2">
        <Choice options={OFFER_PAGES} value={page} label={(option) => copy[option]} onChange={setPage} />
        <Choice options={['phone', 'desktop'] as const} value={width} label={(option) => copy[option]} onChange={setWidth} />
      </div>
      <div ref={box} className="overflow-hidden rounded-xl border border-line bg-ink-950" style={{ height: FRAME_HEIGHT * scale }}>
        {/* No `allow-scripts`: the preview runs nothing, and its own policy forbids scripts anyway. `allow-same-origin` keeps
            the console's origin, without which the uploaded images (`/media/`, Cross-Origin-Resource-Policy: same-origin) are blocked. */}
        <iframe
          sandbox="allow-same-origin"
          title={copy.frame(copy[page], copy[width])}
          src={adminApi.pagePreviewUrl(page, stamp)}
          style={{ width: frameWidth, height: FRAME_HEIGHT, transform: `scale(${scale})`, transformOrigin: 'top left' }}
        />
      </div>
    </section>
  );
}
