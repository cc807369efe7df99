/** Refunds on the standard "API Pix": a devolução of the Pix that paid, `PUT|GET /v2/pix/{e2eid}/devolucao/{id}`. */
import { createHash } from 'node:crypto';
import { efiCopy } from '../../../../content/providers.ts';
import type { ChargeRecord, RefundRecord } from '../../pix-provider.ts';
import type { PixApiClient, Reply } from './pix-api-client.ts';
import { failed, gatewayError, isNotFound, replyError } from './pix-api-failures.ts';
import { centsToReais, DEVOLUCAO_ID, parseDevolucao } from './pix-api-parse.ts';

/** Our refund id when it already fits `DevolucaoId`, else a stable 35-character digest of it. */
function devolucaoIdFor(refundId: string): string {
  return DEVOLUCAO_ID.test(refundId) ? refundId : createHash('sha256').update(`devolucao:${refundId}`).digest('hex').slice(0, 35);
}

function devolucaoPath(charge: ChargeRecord, refundId: string): string {
  if (!charge.endToEndId) throw gatewayError('refund', efiCopy.noPaymentToRefund, undefined, false);
  return `/v2/pix/${encodeURIComponent(charge.endToEndId)}/devolucao/${devolucaoIdFor(refundId)}`;
}

function refundRecord(reply: Reply, refundId: string): RefundRecord {
  const parsed = parseDevolucao(reply.json);
  if (!parsed || parsed.id !== devolucaoIdFor(refundId)) throw gatewayError('refund', efiCopy.unreadable, reply.status, true);
  return { refundId, amountCents: parsed.amountCents, state: parsed.state, rawStatus: parsed.rawStatus };
}

export async function requestDevolucao(
  client: PixApiClient,
  charge: ChargeRecord,
  input: { refundId: string; amountCents: number },
): Promise<RefundRecord> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new TypeError(`amountCents must be positive integer centavos, got ${input.amountCents}`);
  }
  const path = devolucaoPath(charge, input.refundId);
  let reply: Reply;
  try {
    // One attempt: after an uncertain outcome the caller reads the devolução (same id) before asking again.
    reply = await client.call('PUT', path, { valor: centsToReais(input.amountCents) });
  } catch (error) {
    throw failed('refund', error, true);
  }
  if (reply.status < 200 || reply.status >= 300) throw replyError('refund', reply, true);
  return refundRecord(reply, input.refundId);
}

export async function readDevolucao(client: PixApiClient, charge: ChargeRecord, refundId: string): Promise<RefundRecord> {
  const path = devolucaoPath(charge, refundId);
  let reply: Reply;
  try {
    reply = await client.call('GET', path);
  } catch (error) {
    throw failed('refund', error, false);
  }
  if (isNotFound(reply)) throw gatewayError('refund', efiCopy.refundNotFound, 404, false);
  if (reply.status !== 200) throw replyError('refund', reply, false);
  return refundRecord(reply, refundId);
}
