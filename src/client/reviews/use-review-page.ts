import { useCallback, useEffect, useState } from 'react';
import { REVIEW_TOKEN_HEADER, type ReviewPageReply } from '../../shared/reviews.ts';
import { BUSINESS_TIME_ZONE } from '../../shared/time.ts';
import { ApiError, apiFetch } from '../lib/api.ts';
import { takeFragmentSecret } from '../lib/fragment-secret.ts';

export type ReviewPageState =
  | { kind: 'loading' }
  /** No token, or one the server refused (401/403/404): the link is not valid. */
  | { kind: 'invalid'; message: string | null }
  /** A valid link to a purchase that has nothing to review (409: never paid, or refunded with no review): the server says why. */
  | { kind: 'closed'; message: string | null }
  | { kind: 'error' }
  | { kind: 'ready'; reply: ReviewPageReply };

const TOKEN_PREFIX = 'vitrine_review_token:';

/** The e-mailed link's token (`#t=…`), kept for this tab and taken out of the address bar (lib/fragment-secret.ts). */
export function takeReviewToken(ref: string): string | undefined {
  return takeFragmentSecret(/^#t=([\w-]{16,128})$/, `${TOKEN_PREFIX}${ref}`);
}

const monthYear = new Intl.DateTimeFormat('pt-BR', { timeZone: BUSINESS_TIME_ZONE, month: 'long', year: 'numeric' });

/** "março de 2025", the purchase's month in São Paulo time. */
export function formatPurchaseMonth(at: number): string {
  return monthYear.format(at);
}

/** Reads `/api/reviews/{ref}` with the token; without one there is nothing to ask. */
export function useReviewPage(ref: string, token: string | undefined) {
  const [state, setState] = useState<ReviewPageState>(() => (token ? { kind: 'loading' } : { kind: 'invalid', message: null }));

  const load = useCallback(async () => {
    if (!token) return;
    try {
      const reply = await apiFetch('GET /api/reviews/:ref', { params: { ref }, headers: { [REVIEW_TOKEN_HEADER]: token } });
      setState({ kind: 'ready', reply });
    } catch (failure) {
      // Only the network (status 0) and the server's own failures are worth a retry.
      if (failure instanceof ApiError && [400, 401, 403, 404].includes(failure.status))
        setState({ kind: 'invalid', message: failure.message || null });
      else if (failure instanceof ApiError && failure.status === 409) setState({ kind: 'closed', message: failure.message || null });
      else setState({ kind: 'error' });
    }
  }, [ref, token]);

  useEffect(() => {
    void load();
  }, [load]);

  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    void load();
  }, [load]);

  return { state, retry };
}
