import { KeyRound, Unlink } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { affiliatePage as copy } from '../../content/affiliates.ts';
import type { AffiliatePage as AffiliatePageData } from '../../shared/affiliates.ts';
import { paths, type PageMeta } from '../../shared/routes.ts';
import { AffiliateArea } from '../affiliates/affiliate-area.tsx';
import { affiliatesApi } from '../affiliates/affiliates-api.ts';
import { AffiliatePageFrame } from '../affiliates/page-frame.tsx';
import { AffiliateSignInForm } from '../affiliates/sign-in-form.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { Link, useNavigation } from '../router.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

export const meta: PageMeta = copy.meta;

type State = { kind: 'loading' } | { kind: 'ready'; page: AffiliatePageData } | { kind: 'signed-out' } | { kind: 'error' };

/** Served at a dead `/afiliado/{token}` (a live one redirects) and with `?chave=confirmada` after a PIX key link. */
function addressSays(pathname: string): { deadLink: boolean; pixKeyConfirmed: boolean } {
  const deadLink = pathname.replace(/\/+$/, '') !== paths.affiliate;
  const pixKeyConfirmed = typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('chave') === 'confirmada';
  return { deadLink, pixKeyConfirmed };
}

/**
 * `/afiliado`: the affiliate's own page, or the way in by a link sent to their e-mail. The first render is always
 * `loading`, what the prerendered document shows, so hydration matches whatever the server answers later.
 */
export default function AffiliatePage() {
  useDocumentTitle(meta.title);
  const { pathname } = useNavigation();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [flags, setFlags] = useState({ deadLink: false, pixKeyConfirmed: false });

  useEffect(() => {
    let cancelled = false;
    const said = addressSays(pathname);
    setFlags(said);
    void affiliatesApi.load().then((result) => {
      if (cancelled) return;
      setState(said.deadLink && result.kind !== 'error' ? { kind: 'signed-out' } : result);
    });
    return () => {
      cancelled = true;
    };
  }, [pathname, attempt]);

  const signedOut = useCallback(() => setState({ kind: 'signed-out' }), []);

  return (
    // Session replay (Clarity) masks the whole page: the affiliate's name, key and money.
    <AffiliatePageFrame>
      <div data-clarity-mask="true">
        {state.kind === 'loading' ? <p className="mt-6 text-slate-400">{copy.loading}</p> : null}
        {state.kind === 'error' ? (
          <div className="mt-6">
            <p className="text-slate-300">{copy.loadError}</p>
            <Button variant="secondary" className="mt-4" onClick={() => setAttempt((value) => value + 1)}>
              {copy.retry}
            </Button>
          </div>
        ) : null}
        {state.kind === 'signed-out' ? (
          <div>
            <span className="grid size-12 place-items-center rounded-xl bg-brand-tint text-brand-400">
              {flags.deadLink ? <Unlink aria-hidden="true" className="size-6" /> : <KeyRound aria-hidden="true" className="size-6" />}
            </span>
            <h1 className="mt-4 text-3xl leading-tight font-black text-balance text-white">{copy.signIn.title}</h1>
            {/* A PIX key link opened in a browser not signed in: the key applies all the same. */}
            {flags.pixKeyConfirmed ? (
              <Alert variant="success" className="mt-4">
                {copy.pixConfirmed}
              </Alert>
            ) : null}
            <p className="mt-2 text-pretty text-slate-300">{flags.deadLink ? copy.signIn.invalidLink : copy.signIn.text}</p>
            <AffiliateSignInForm />
            <p className="mt-6 text-center text-sm text-slate-400">
              {copy.signIn.joinLine}{' '}
              <Link href={paths.affiliates} className="font-semibold text-brand-400 underline underline-offset-4">
                {copy.signIn.joinLink}
              </Link>
            </p>
          </div>
        ) : null}
        {state.kind === 'ready' ? (
          <AffiliateArea
            page={state.page}
            pixKeyConfirmed={flags.pixKeyConfirmed}
            onChange={(page) => setState({ kind: 'ready', page })}
            onSignedOut={signedOut}
          />
        ) : null}
      </div>
    </AffiliatePageFrame>
  );
}
