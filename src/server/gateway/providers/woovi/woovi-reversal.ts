import type { ChargeRecord } from '../../pix-provider.ts';
import type { GatewayErrorKind } from '../../types.ts';
import { pathId, type WooviApi, type WooviReply } from './woovi-api.ts';
import { providerDispute, readDispute } from './woovi-disputes.ts';
import { readError, type WooviRead } from './woovi-errors.ts';
import { disputeOutcome, parseRefundList, parseTransactionList, paymentEndToEndId, type WooviRefund } from './woovi-parse.ts';

/** A charge stays COMPLETED after a refund or a dispute, so a paid one is read with its refunds and its payment's dispute. */

async function get(api: WooviApi, path: string, kind: GatewayErrorKind, call: WooviRead): Promise<WooviReply> {
  try {
    return await api.call('GET', path);
  } catch {
    throw readError(kind, undefined, call);
  }
}

export async function listRefunds(api: WooviApi, chargeId: string, kind: GatewayErrorKind): Promise<WooviRefund[]> {
  const reply = await get(api, `/api/v1/charge/${pathId(chargeId)}/refund`, kind, 'refunds');
  const refunds = reply.ok ? parseRefundList(reply.json) : null;
  if (!refunds) throw readError(kind, reply, 'refunds');
  return refunds;
}

async function paymentOf(api: WooviApi, chargeId: string, kind: GatewayErrorKind): Promise<string | null> {
  const reply = await get(api, `/api/v1/transaction?${new URLSearchParams({ charge: chargeId.trim() }).toString()}`, kind, 'transactions');
  const transactions = reply.ok ? parseTransactionList(reply.json) : null;
  if (!transactions) throw readError(kind, reply, 'transactions');
  return paymentEndToEndId(transactions);
}

/** Confirmed refunds covering the charge reverse it; ones still in process that would cover it leave it `refunding`. */
function refundedState(amountCents: number | null, refunds: readonly WooviRefund[]): ChargeRecord['state'] | null {
  if (amountCents === null) return null;
  const sum = (state: WooviRefund['state']) =>
    refunds.filter((refund) => refund.state === state).reduce((total, refund) => total + (refund.amountCents ?? 0), 0);
  const done = sum('done');
  if (done >= amountCents) return 'reversed';
  if (done + sum('pending') >= amountCents) return 'refunding';
  return null;
}

/** What Woovi confirmed it sent back, through the API or in its panel, whole or part (docs/money.md#provider-side). */
function confirmedRefundCents(refunds: readonly WooviRefund[]): number {
  return refunds.filter((refund) => refund.state === 'done').reduce((total, refund) => total + (refund.amountCents ?? 0), 0);
}

export async function readReversal(api: WooviApi, paid: ChargeRecord, kind: GatewayErrorKind): Promise<ChargeRecord> {
  const [refunds, endToEndId] = await Promise.all([listRefunds(api, paid.chargeId, kind), paymentOf(api, paid.chargeId, kind)]);
  const record: ChargeRecord = { ...paid, endToEndId, refundedCents: confirmedRefundCents(refunds) };
  const refunded = refundedState(paid.amountCents, refunds);
  if (refunded) return { ...record, state: refunded, rawStatus: refunded === 'reversed' ? 'REFUNDED' : 'REFUND_IN_PROCESSING' };
  if (!endToEndId) return record;
  const read = await readDispute(api, endToEndId, kind);
  if (read === null) return record;
  const disputed: ChargeRecord = { ...record, dispute: providerDispute(read, endToEndId, paid.chargeId) };
  const status = read.rawStatus ?? 'UNKNOWN';
  const outcome = disputeOutcome(status);
  if (outcome === 'none') return disputed;
  if (outcome === 'open') return { ...disputed, state: 'unknown', rawStatus: `DISPUTE_${status}` };
  // Accepted: the MED returned the money, not the seller (docs/disputes.md).
  return { ...disputed, state: 'reversed', rawStatus: `DISPUTE_${status}`, disputeReturnedCents: read.amountCents ?? paid.amountCents };
}
