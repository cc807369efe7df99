/** AbacatePay's refunds: the whole charge only, idempotent per charge; no refund read, the charge turns REFUNDED. */
import { gatewayRefundErrors } from '../../../../content/api-errors.ts';
import { abacatepayCopy } from '../../../../content/providers.ts';
import { refundErrorDetail } from '../../errors.ts';
import type { ChargeRecord, RefundRecord } from '../../pix-provider.ts';
import { TransportFailure } from '../../transport.ts';
import { GatewayError } from '../../types.ts';
import { readTransparent } from './abacatepay-charges.ts';
import type { AbacatepayClient, Reply } from './abacatepay-client.ts';
import { envelopeError, parseRefundData } from './parse-abacatepay.ts';

const refundError = (message: string, uncertain: boolean, status?: number) => new GatewayError(message, 'refund', status, uncertain);

/** An answer that is not a plain success, mapped: uncertain where money may have moved. Null for a success. */
function refundFailure(reply: Reply): GatewayError | null {
  const code = envelopeError(reply.json);
  const detail = code === null ? null : (abacatepayCopy.refundCodes[code] ?? refundErrorDetail(reply.json));
  if (reply.status >= 500) return refundError(gatewayRefundErrors.serverError(reply.status, detail), true, reply.status);
  if (code === null && reply.status >= 200 && reply.status < 300) return null;
  // Both failures after the refund's own request may have moved money.
  if (code === 'REFUND_REQUEST_FAILED' || code === 'REFUND_CONFIRMATION_FAILED') {
    return refundError(gatewayRefundErrors.serverError(reply.status, detail), true, reply.status);
  }
  return refundError(gatewayRefundErrors.refused(reply.status, detail), false, reply.status);
}

export async function refundTransparent(
  client: AbacatepayClient,
  charge: ChargeRecord,
  input: { refundId: string; amountCents: number },
): Promise<RefundRecord> {
  // "Só o valor total. Não existe reembolso parcial" (pages/transparents/refund.mdx).
  if (charge.amountCents !== null && input.amountCents !== charge.amountCents) throw refundError(abacatepayCopy.partialRefund, false);
  let reply: Reply;
  try {
    // The same `id` always returns the same refundPublicId (idem), so a retry cannot refund twice.
    reply = await client.call('POST', 'transparents/refund', {}, { id: charge.chargeId });
  } catch (error) {
    if (error instanceof TransportFailure && !error.sent) throw refundError(gatewayRefundErrors.notSent, false);
    throw refundError(gatewayRefundErrors.noAnswer, true);
  }
  const failure = refundFailure(reply);
  if (failure) throw failure;
  const refundId = parseRefundData(reply.json);
  if (refundId === null) throw refundError(gatewayRefundErrors.unreadable, true, reply.status);
  // Accepted; only a read of the charge saying REFUNDED ends the access.
  return { refundId, amountCents: charge.amountCents ?? input.amountCents, state: 'pending', rawStatus: null };
}

/** There is no refund read: the charge turns REFUNDED when its refund is done. */
export async function readTransparentRefund(client: AbacatepayClient, charge: ChargeRecord, refundId: string): Promise<RefundRecord> {
  const current = await readTransparent(client, charge.chargeId, 'refund');
  return {
    refundId,
    amountCents: charge.amountCents,
    state: current.state === 'reversed' ? 'done' : 'pending',
    rawStatus: current.rawStatus,
  };
}
