import { ORDER_CONTACT_KEY_HEADER } from '../../shared/order-page.ts';
import type { GuaranteeView, RefundRequestInput } from '../../shared/refunds.ts';
import { apiFetch } from '../lib/api.ts';

/**
 * Where a request is sent from: the member page (its access cookie), or the order page with the
 * contact key of the e-mailed link (the same header its GET sends, use-order-page.ts).
 */
export type RefundTarget = { kind: 'member' } | { kind: 'order'; publicRef: string; contactKey: string };

/**
 * Asks for the refund; resolves with the guarantee as it now stands. Throws the ApiError of a
 * refusal (its message is the server's Portuguese, shown as is), or of status 0 offline.
 */
export async function requestRefund(target: RefundTarget, input: RefundRequestInput): Promise<GuaranteeView> {
  const reply =
    target.kind === 'member'
      ? await apiFetch('POST /api/access/refund', { json: input })
      : await apiFetch('POST /api/order-page/:ref/refund', {
          params: { ref: target.publicRef },
          headers: { [ORDER_CONTACT_KEY_HEADER]: target.contactKey },
          json: input,
        });
  return reply.guarantee;
}
