import { useCallback, useEffect, useState } from 'react';
import { paths } from '../../shared/routes.ts';
import { fetchMemberArea, type MemberArea } from './access-api.ts';
import { signedOutReason, type SignedOutReason } from './signed-out-reason.ts';

export type MemberAreaState =
  | { kind: 'loading' }
  | { kind: 'ready'; area: MemberArea }
  /** `invalid-link`: the page was served for a dead `/acesso/{token}` link (a live one redirects). */
  | { kind: 'signed-out'; reason: SignedOutReason; supportEmail: string | null }
  | { kind: 'error' };

/**
 * Loads the member area after hydration. The first render is always `loading`, which is what the
 * prerendered document shows, so hydration matches whatever the server answers later.
 */
export function useMemberArea(pathname: string): { state: MemberAreaState; reload: () => void } {
  const [state, setState] = useState<MemberAreaState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const deadLink = pathname.replace(/\/+$/, '') !== paths.access;

  useEffect(() => {
    let cancelled = false;
    void fetchMemberArea().then((result) => {
      if (cancelled) return;
      const search = window.location.search;
      if (deadLink) {
        // Whatever the cookie says, this link is dead; the answer only tells the support address.
        const supportEmail = result.kind === 'ready' ? result.area.supportEmail : result.kind === 'signed-out' ? result.supportEmail : null;
        setState({ kind: 'signed-out', reason: signedOutReason({ deadLink, search, ended: false }), supportEmail });
      } else if (result.kind === 'signed-out') {
        const reason = signedOutReason({ deadLink, search, ended: result.ended });
        setState({ kind: 'signed-out', reason, supportEmail: result.supportEmail });
      } else {
        setState(result);
      }
    });
    return () => {
      cancelled = true;
    };
  }, [deadLink, attempt]);

  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  return { state, reload };
}
