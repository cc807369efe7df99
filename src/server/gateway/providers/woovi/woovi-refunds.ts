import { wooviCopy } from '../../../../content/providers.ts';
import { refundErrorDetail } from '../../errors.ts';
import type { ChargeRecord, RefundRecord } from '../../pix-provider.ts';
import { TransportFailure } from '../../transport.ts';
import { GatewayError } from '../../types.ts';
import { pathId, type WooviApi, type WooviReply } from './woovi-api.ts';
import { errorText, parseRefundReply, toWooviValue, type WooviRefund } from './woovi-parse.ts';
import { listRefunds } from './woovi-reversal.ts';

/** The refund's own `correlationID` is Woovi's idempotency key for it: a retry under the same refund id is that refund. */

function toRecord(refund: WooviRefund): RefundRecord {
  return { refundId: refund.correlationID, amountCents: refund.amountCents, state: refund.state, rawStatus: refund.rawStatus };
}

function refundError(message: string, uncertain: boolean, status?: number): GatewayError {
  return new GatewayError(message, 'refund', status, uncertain);
}

export async function refund(api: WooviApi, charge: ChargeRecord, input: { refundId: string; amountCents: number }): Promise<RefundRecord> {
  const correlationID = input.refundId.trim();
  if (correlationID === '') throw new TypeError('refundId is empty');
  const body = { correlationID, value: toWooviValue(input.amountCents), comment: wooviCopy.refundComment };
  let reply: WooviReply;
  try {
    reply = await api.call('POST', `/api/v1/charge/${pathId(charge.chargeId)}/refund`, body);
  } catch (error) {
    if (error instanceof TransportFailure && !error.sent) throw refundError(wooviCopy.refundNotSent, false);
    throw refundError(wooviCopy.refundNoAnswer, true);
  }
  if (reply.status >= 500) throw refundError(wooviCopy.refundServerError(reply.status), true, reply.status);
  if (!reply.ok) {
    const detail = refundErrorDetail({ error: errorText(reply.json) });
    throw refundError(wooviCopy.refundRefused(reply.status, detail), false, reply.status);
  }
  const answer = parseRefundReply(reply.json);
  // Accepted, but not readable as our refund: it may have gone through; the next try reads the charge first.
  if (!answer || answer.correlationID !== correlationID) throw refundError(wooviCopy.refundUnreadable, true, reply.status);
  return toRecord(answer);
}

/** The charge's refund list carries each refund's status. */
export async function getRefund(api: WooviApi, charge: ChargeRecord, refundId: string): Promise<RefundRecord> {
  let refunds: WooviRefund[];
  try {
    refunds = await listRefunds(api, charge.chargeId, 'refund');
  } catch (error) {
    throw refundError(wooviCopy.refundReadFailed, false, error instanceof GatewayError ? error.httpStatus : undefined);
  }
  const ours = refunds.find((item) => item.correlationID === refundId.trim());
  if (!ours) throw refundError(wooviCopy.refundNotFound, false, 404);
  return toRecord(ours);
}
