import type { Kysely } from 'kysely';
import type { AdminPayWay, AdminPayWays } from '../../shared/admin.ts';
import type { Database } from '../db/schema.ts';
import { payWayFacts } from '../reads/pay-way-facts.ts';

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** "PIX (código)" and "App do banco" for the checkout's orders of [from, to), as docs/payments.md#open-finance defines them. */
export async function readPayWays(db: Kysely<Database>, from: number, to: number): Promise<AdminPayWays> {
  const { charged: rows, bankPayments: bankRows } = await payWayFacts(db, from, to);
  const tapped = new Set(bankRows.map((row) => row.order_id));
  const bankPaid = new Map<string, number>();
  for (const row of bankRows) {
    if (row.paid_at !== null && row.returned_at === null) bankPaid.set(row.order_id, Number(row.paid_at) - Number(row.created_at));
  }
  const pixRows = rows.filter((row) => !bankPaid.has(row.id));
  const pixTimes = pixRows.filter((row) => row.paid_at !== null).map((row) => Number(row.paid_at) - Number(row.created_at));
  const paidTotal = pixTimes.length + bankPaid.size;
  const way = (generated: number, times: number[]): AdminPayWay => ({
    generated,
    paid: times.length,
    rate: generated > 0 ? times.length / generated : null,
    share: paidTotal > 0 ? times.length / paidTotal : null,
    medianMsToPaid: median(times),
  });
  return { pix: way(pixRows.length, pixTimes), bank: way(tapped.size, [...bankPaid.values()]) };
}
