import { ACCESS_ENDED_QUERY } from '../../shared/access.ts';

/** Why the member page shows no list: no cookie, a dead link, or a refunded purchase. */
export type SignedOutReason = 'no-session' | 'invalid-link' | 'ended';

/**
 * A refunded order's link redirects to `/acesso?encerrado`, and its cookie gets 401 `ended`: both
 * say "Acesso encerrado", not "link inválido", since the link did work and the buyer knows why it
 * stopped. Any other dead `/acesso/{token}` page is an invalid link.
 */
export function signedOutReason({ deadLink, search, ended }: { deadLink: boolean; search: string; ended: boolean }): SignedOutReason {
  if (ended || new URLSearchParams(search).has(ACCESS_ENDED_QUERY)) return 'ended';
  return deadLink ? 'invalid-link' : 'no-session';
}
