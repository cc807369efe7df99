import { useEffect, useState } from 'react';
import { footer } from '../../content/footer.ts';
import { openConsentPreferences } from '../lib/consent.ts';
import { useIslandOfferSection } from '../lib/offer.tsx';
import { getPublicConfig } from '../lib/public-config.ts';
import { hasAnyTracker } from '../lib/tracker-events.ts';
import { Link } from '../router.tsx';
import { cn } from '../ui/cn.ts';
import { Logo } from '../ui/logo.tsx';

const linkClass =
  'inline-flex min-h-11 items-center text-sm font-semibold text-slate-300 underline-offset-4 hover:text-white hover:underline';

/**
 * Section 15: terms, privacy and support links, and who sells (Decreto 7.962/2013). The seller's
 * identity and contacts come from configuration (see shared/public-config.ts for how they reach
 * the prerendered HTML). The cookie-preferences link shows only when a tracker is configured.
 */
export function SiteFooter({ aboveStickyBar = false }: { aboveStickyBar?: boolean }) {
  const { seller, supportEmail, supportUrl } = getPublicConfig();
  const external = supportUrl.startsWith('http');
  const { disclaimer } = useIslandOfferSection('footer', footer);
  // Known only from the runtime config, so decided after hydration (the prerendered HTML has no link).
  const [trackersOn, setTrackersOn] = useState(false);
  useEffect(() => setTrackersOn(hasAnyTracker(getPublicConfig().trackers)), []);
  return (
    <footer className={cn('border-t border-line bg-ink-950 px-5 pt-12 text-center sm:text-left', aboveStickyBar ? 'pb-32' : 'pb-12')}>
      <div className="mx-auto max-w-5xl">
        <div className="flex flex-col items-center gap-6 sm:flex-row sm:justify-between">
          <Logo />
          <nav aria-label={footer.linksLabel}>
            <ul className="flex flex-wrap justify-center gap-x-6">
              {footer.links.map((link) => {
                if (link.kind === 'page') {
                  return (
                    <li key={link.label}>
                      <Link href={link.href} className={linkClass}>
                        {link.label}
                      </Link>
                    </li>
                  );
                }
                if (link.kind === 'support') {
                  return (
                    <li key={link.label}>
                      <a href={supportUrl} className={linkClass} {...(external ? { target: '_blank', rel: 'noopener' } : {})}>
                        {link.label}
                      </a>
                    </li>
                  );
                }
                return trackersOn ? (
                  <li key={link.label}>
                    <button type="button" onClick={openConsentPreferences} className={linkClass}>
                      {link.label}
                    </button>
                  </li>
                ) : null;
              })}
            </ul>
          </nav>
        </div>
        <div className="mt-8 grid gap-2 border-t border-line/70 pt-6 text-xs leading-relaxed text-slate-400">
          <p>
            {footer.supportEmailLabel}{' '}
            <a href={`mailto:${supportEmail}`} className="font-semibold text-slate-300 underline underline-offset-2 hover:text-white">
              {supportEmail}
            </a>
          </p>
          <p>{footer.sellerLine(seller)}</p>
          <p className="text-slate-400">{disclaimer}</p>
          {/* The build year may be last year's in January: React keeps the server text rather than fail hydration. */}
          <p className="text-slate-400" suppressHydrationWarning>
            {footer.copyright(new Date().getFullYear(), seller.name)}
          </p>
        </div>
      </div>
    </footer>
  );
}
