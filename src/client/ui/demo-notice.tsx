import { demoNotice } from '../../content/demo.ts';
import { cn } from './cn.ts';

/**
 * Marks a demo (no gateway configured) so nobody mistakes it for a shop. A strip across the top of
 * the screen: the page keeps a band of its height free (styles.css, `--demo-notice-height`: the
 * body starts below it, and the fixed header and the member page's sticky search stick below it),
 * so it never covers content at any scroll position. It is in the prerendered HTML, so the band is
 * there from the first paint and nothing shifts; with a real gateway the server strips it from
 * the pages (`data-demo-notice`, see server/http/site.ts), the band goes with it, and the browser
 * renders nothing, so both agree at hydration. `inline` is the same line inside a dialog. The caller
 * passes the public config's `demoMode`.
 */
export function DemoNotice({ demoMode, inline = false }: { demoMode: boolean; inline?: boolean }) {
  if (!demoMode) return null;
  return (
    <p
      data-demo-notice=""
      data-demo-inline={inline ? '' : undefined}
      role="note"
      className={cn(
        'bg-gold-300 text-center text-[10px] leading-[14px] font-bold text-ink-950',
        inline
          ? 'mt-3 rounded-lg px-2 py-1'
          : 'pointer-events-none fixed inset-x-0 top-0 z-[60] h-(--demo-notice-height) truncate px-3 py-0.5 shadow shadow-black/40',
      )}
    >
      {demoNotice.text}
    </p>
  );
}
