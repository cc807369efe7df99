/** Mercado Pago's refunds of a payment, whole or part: `POST|GET /v1/payments/{id}/refunds`. */
import { mercadopagoCopy } from '../../../../content/providers.ts';
import { refundErrorDetail } from '../../errors.ts';
import type { ChargeRecord, RefundRecord } from '../../pix-provider.ts';
import { TransportFailure } from '../../transport.ts';
import { GatewayError } from '../../types.ts';
import { centsToReais } from './mercadopago-amount.ts';
import { leavesWriteOpen, type MercadoPagoClient, type Reply } from './mercadopago-client.ts';
import { parseRefund, readId } from './mercadopago-parse.ts';
import { paymentPath } from './mercadopago-payments.ts';

export async function refundPayment(
  client: MercadoPagoClient,
  charge: ChargeRecord,
  input: { refundId: string; amountCents: number },
): Promise<RefundRecord> {
  const path = `${paymentPath(charge.chargeId)}/refunds`;
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new TypeError(`amountCents must be positive integer centavos, got ${input.amountCents}`);
  const idempotencyKey = input.refundId.trim();
  if (idempotencyKey === '') throw new TypeError('refundId is empty');
  let reply: Reply;
  try {
    // Always the amount, even for the whole charge: what we ask is what we meant, whatever was refunded before.
    reply = await client.call('POST', path, { body: { amount: centsToReais(input.amountCents) }, idempotencyKey });
  } catch (error) {
    if (error instanceof TransportFailure && !error.sent) throw new GatewayError(mercadopagoCopy.refundNotSent, 'refund');
    throw new GatewayError(mercadopagoCopy.refundNoAnswer, 'refund', undefined, true);
  }
  if (leavesWriteOpen(reply.status)) throw new GatewayError(mercadopagoCopy.refundServerError(reply.status), 'refund', reply.status, true);
  if (!reply.ok) throw new GatewayError(mercadopagoCopy.refundRefused(reply.status, refundErrorDetail(reply.json)), 'refund', reply.status);
  const answer = parseRefund(reply.json);
  if (!answer || (answer.paymentId !== null && answer.paymentId !== charge.chargeId)) {
    throw new GatewayError(mercadopagoCopy.refundUnreadable, 'refund', reply.status, true);
  }
  return { refundId: answer.id, amountCents: answer.amountCents, state: answer.state, rawStatus: answer.rawStatus };
}

/** After an uncertain refund, refundPayment() again with the same key answers the first one. */
export async function readRefund(client: MercadoPagoClient, charge: ChargeRecord, refundId: string): Promise<RefundRecord> {
  const id = readId(refundId);
  if (!id) throw new TypeError(`not a Mercado Pago refund id: ${JSON.stringify(refundId)}`);
  let reply: Reply;
  try {
    reply = await client.call('GET', `${paymentPath(charge.chargeId)}/refunds/${id}`);
  } catch {
    throw new GatewayError(mercadopagoCopy.refundReadFailed, 'refund');
  }
  const answer = reply.ok ? parseRefund(reply.json) : null;
  if (!answer || answer.id !== id || (answer.paymentId !== null && answer.paymentId !== charge.chargeId))
    throw new GatewayError(mercadopagoCopy.refundReadFailed, 'refund', reply.status);
  return { refundId: answer.id, amountCents: answer.amountCents, state: answer.state, rawStatus: answer.rawStatus };
}
