import type { Kysely } from 'kysely';
import type { AdminPayWay, AdminPayWays } from '../../shared/admin.ts';
import type { Database } from '../db/schema.ts';
import { payWayFacts } from '../orders/pay-way-facts.ts';

/** The middle value (the mean of the two middle ones for an even count), rounded to the millisecond; null for none. */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/**
 * The checkout's two ways of paying, for the main orders whose PIX was generated in [from, to) (docs/payments.md#open-finance):
 * - "PIX (código)": every such order has its PIX code; paid by it when paid and not in the bank's app. Tap to paid:
 *   "GERAR PIX" (the order's creation) to its payment.
 * - "App do banco": the orders where the buyer picked a bank (an Open Finance payment started); paid by it when one of
 *   them was paid and kept (not returned because the PIX was paid too). Tap to paid: the bank picked to the payment.
 * `share` is each way's part of the paid orders. JSR payments (the add-on's) are not the checkout's and are left out.
 */
export async function readPayWays(db: Kysely<Database>, from: number, to: number): Promise<AdminPayWays> {
  const { charged: rows, bankPayments: bankRows } = await payWayFacts(db, from, to);
  const tapped = new Set(bankRows.map((row) => row.order_id));
  const bankPaid = new Map<string, number>();
  for (const row of bankRows) {
    if (row.paid_at !== null && row.returned_at === null) bankPaid.set(row.order_id, Number(row.paid_at) - Number(row.created_at));
  }
  const pixTimes = rows
    .filter((row) => row.paid_at !== null && !bankPaid.has(row.id))
    .map((row) => Number(row.paid_at) - Number(row.created_at));
  const paidTotal = pixTimes.length + bankPaid.size;
  const way = (generated: number, times: number[]): AdminPayWay => ({
    generated,
    paid: times.length,
    rate: generated > 0 ? times.length / generated : null,
    share: paidTotal > 0 ? times.length / paidTotal : null,
    medianMsToPaid: median(times),
  });
  return { pix: way(rows.length, pixTimes), bank: way(tapped.size, [...bankPaid.values()]) };
}
