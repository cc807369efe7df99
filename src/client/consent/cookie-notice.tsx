import { useEffect, useId, useState } from 'react';
import { consent as copy } from '../../content/consent.ts';
import { paths } from '../../shared/routes.ts';
import { OPEN_CONSENT_EVENT, readConsent, writeConsent, type ConsentChoice } from '../lib/consent.ts';
import { getPublicConfig } from '../lib/public-config.ts';
import { hasAnyTracker } from '../lib/tracker-events.ts';
import { Link } from '../router.tsx';
import { Button } from '../ui/button.tsx';

/**
 * Asks before any tracker loads. Shown only when a tracker is configured and the visitor has not
 * answered yet (or reopened it from the footer). Rendered after hydration, so the prerendered
 * HTML never contains it and it cannot shift the first paint. Compact (one row: a short line,
 * "Recusar" and "Aceitar" in the same look, as LGPD wants refusing as easy as accepting) and at the
 * top of the screen (under the demo band, if any), over the header, which has no buy call on a phone: the hero's buy call sits at
 * the bottom of a short phone's first screen and the sticky bar at its foot. "Detalhes" opens the
 * full text under the row.
 */
export function CookieNotice() {
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();

  useEffect(() => {
    if (!hasAnyTracker(getPublicConfig().trackers)) return;
    setOpen(readConsent() === null);
    const reopen = () => setOpen(true);
    window.addEventListener(OPEN_CONSENT_EVENT, reopen);
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, reopen);
  }, []);

  if (!open) return null;
  const choose = (choice: ConsentChoice) => {
    writeConsent(choice);
    setOpen(false);
  };

  return (
    <section
      aria-label={copy.title}
      className="fixed inset-x-2 top-[calc(var(--demo-notice-height)+0.5rem)] z-[45] mx-auto max-w-xl rounded-2xl border border-line bg-ink-900/95 px-3 py-1.5 shadow-2xl shadow-black/60 backdrop-blur-md"
    >
      <div className="flex items-center gap-2">
        <p className="min-w-0 flex-1 text-xs leading-snug text-slate-300">
          {copy.short}{' '}
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            onClick={() => setExpanded(!expanded)}
            className="font-semibold text-white underline underline-offset-4"
          >
            {copy.details}
          </button>
        </p>
        <Button variant="secondary" onClick={() => choose('denied')}>
          {copy.decline}
        </Button>
        <Button variant="secondary" onClick={() => choose('granted')}>
          {copy.accept}
        </Button>
      </div>
      {expanded ? (
        <p id={detailsId} className="pt-1 pb-1.5 text-xs leading-relaxed text-slate-300">
          {copy.text}{' '}
          <Link href={paths.privacy} className="font-semibold text-white underline underline-offset-4">
            {copy.privacyLink}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
