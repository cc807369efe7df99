import { demoNotice } from '../../content/demo.ts';
import { getPublicConfig } from '../lib/public-config.ts';
import { cn } from './cn.ts';

/**
 * Marks a demo (no gateway configured) so nobody mistakes it for a shop. `fixed` places it over
 * the page frame at the top: it takes no room in the layout, so it shifts nothing and leaves the
 * hero headline where it was. It is in the prerendered HTML; with a real gateway the server strips
 * it from the pages (`data-demo-notice`, see server/http/site.ts) and the browser renders nothing, so
 * both agree at hydration. `inline` is the same line inside a dialog.
 */
export function DemoNotice({ inline = false }: { inline?: boolean }) {
  if (!getPublicConfig().demoMode) return null;
  return (
    <p
      data-demo-notice=""
      role="note"
      className={cn(
        'bg-gold-300 text-center text-[10px] leading-[14px] font-bold text-ink-950',
        inline
          ? 'mt-3 rounded-lg px-2 py-1'
          : 'pointer-events-none fixed top-0 left-1/2 z-[60] -translate-x-1/2 rounded-b-lg px-3 py-0.5 whitespace-nowrap shadow shadow-black/40',
      )}
    >
      {demoNotice.text}
    </p>
  );
}
