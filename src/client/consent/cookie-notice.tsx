import { Cookie } from 'lucide-react';
import { useEffect, useState } from 'react';
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
 * HTML never contains it and it cannot shift the first paint.
 */
export function CookieNotice() {
  const [open, setOpen] = useState(false);

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
      className="fixed inset-x-2 bottom-2 z-[45] mx-auto max-w-xl rounded-2xl border border-line bg-ink-900/95 px-3.5 py-3 shadow-2xl shadow-black/60 backdrop-blur-md sm:flex sm:items-center sm:gap-4"
    >
      <div className="flex gap-2.5">
        <Cookie aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-400" />
        <p className="text-xs leading-relaxed text-slate-300">
          {copy.text}{' '}
          <Link href={paths.privacy} className="font-semibold text-white underline underline-offset-4">
            {copy.privacyLink}
          </Link>
        </p>
      </div>
      <div className="mt-2.5 flex shrink-0 justify-end gap-2 sm:mt-0">
        <Button variant="secondary" onClick={() => choose('denied')}>
          {copy.decline}
        </Button>
        <Button onClick={() => choose('granted')}>{copy.accept}</Button>
      </div>
    </section>
  );
}
