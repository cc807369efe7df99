import type { Kysely } from 'kysely';
import { medReturnedLabel } from '../../content/disputes.ts';
import { formatBRL } from '../../shared/money.ts';
import type { Database } from '../db/schema.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { listLostDisputes } from './dispute-repository.ts';

export interface MedReturnLine {
  reference: string;
  provider: string;
  amountCents: number;
  lostAt: number;
}

/** The disputes lost in [from, to): money the MED took back, which no figure counts as the seller's refund. */
export async function readMedReturns(db: Kysely<Database>, from: number, to: number): Promise<MedReturnLine[]> {
  const lines: MedReturnLine[] = [];
  for (const row of await listLostDisputes(db, from, to)) {
    const order = await findOrderById(db, row.order_id);
    lines.push({
      reference: order?.public_ref ?? row.order_id,
      provider: row.provider,
      amountCents: Number(row.amount_cents),
      lostAt: Number(row.closed_at),
    });
  }
  return lines;
}

/** `npm run report`'s lines (English, like the rest of the report; the console's label in brackets). */
export function renderMedReturns(lines: readonly MedReturnLine[]): string {
  if (lines.length === 0) return `Returned by the MED (${medReturnedLabel}): none`;
  const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const out = [`Returned by the MED (${medReturnedLabel}): ${lines.length}, ${formatBRL(total)} (not refunds the seller made)`];
  for (const line of lines) {
    out.push(`  ${line.reference}  ${formatBRL(line.amountCents)}  ${line.provider}  lost ${new Date(line.lostAt).toISOString()}`);
  }
  return out.join('\n');
}
