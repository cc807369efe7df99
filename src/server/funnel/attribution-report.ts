import { sql, type Kysely } from 'kysely';
import type { AdminSourceRow } from '../../shared/admin.ts';
import { NO_ATTRIBUTION } from '../../shared/attribution.ts';
import { formatBRL } from '../../shared/money.ts';
import type { Database } from '../db/schema.ts';
import { formatRate } from './funnel-report.ts';

/**
 * Sales by where buyers came from (issue 15, item 4): the orders created in a period, grouped by
 * the visit's utm_source and utm_campaign, with how many PIX charges were generated, how many were
 * paid (their conversion) and the revenue. Read by `npm run report` and the console's Visão geral.
 */
/** One source / campaign: PIX charges generated, paid orders, revenue and conversion (paid ÷ charges). */
export type SourceTotals = AdminSourceRow;

/** Orders created in [from, to), by source and campaign, highest revenue first (then most charges). */
export async function sumOrdersBySource(db: Kysely<Database>, from: number, to: number, limit = 50): Promise<SourceTotals[]> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [
      'utm_source',
      'utm_campaign',
      eb.fn.countAll<number>().as('charges'),
      eb.fn.sum<number>(sql`case when status = 'paid' then 1 else 0 end`).as('paid'),
      eb.fn.sum<number>(sql`case when status = 'paid' then amount_cents else 0 end`).as('revenue'),
    ])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    // A PIX was offered: charged (pending, then paid, expired or failed at the gateway) or paid anyway.
    .where((eb) => eb.or([eb('charged_at', 'is not', null), eb('status', 'in', ['paid', 'reversed'])]))
    .groupBy(['utm_source', 'utm_campaign'])
    .orderBy('revenue', 'desc')
    .orderBy('charges', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const charges = Number(row.charges);
    const paidOrders = Number(row.paid ?? 0);
    return {
      source: row.utm_source,
      campaign: row.utm_campaign,
      charges,
      paidOrders,
      revenueCents: Number(row.revenue ?? 0),
      conversion: charges > 0 ? paidOrders / charges : null,
    };
  });
}

/** "fb / black"; "(none)" for a part the visit did not carry. */
export function sourceLabel(row: Pick<SourceTotals, 'source' | 'campaign'>): string {
  return `${row.source ?? NO_ATTRIBUTION} / ${row.campaign ?? NO_ATTRIBUTION}`;
}

/** `npm run report`'s table (English, like the rest of the report). */
export function renderSourceReport(rows: SourceTotals[], range: { from: string; to: string }): string {
  const title = `Sales by source / campaign (orders created ${range.from} to ${range.to}; conversion = paid ÷ PIX generated)`;
  if (rows.length === 0) return `${title}\n  no orders yet`;
  const labels = rows.map(sourceLabel);
  const width = Math.max('Source / campaign'.length, ...labels.map((label) => label.length));
  const lines = [
    title,
    '',
    `${'Source / campaign'.padEnd(width)}  ${'PIX'.padStart(5)}  ${'Paid'.padStart(5)}  ${'Conversion'.padStart(10)}  ${'Revenue'.padStart(14)}`,
    ...rows.map(
      (row, index) =>
        `${labels[index]!.padEnd(width)}  ${String(row.charges).padStart(5)}  ${String(row.paidOrders).padStart(5)}  ${formatRate(row.conversion).padStart(10)}  ${formatBRL(row.revenueCents).padStart(14)}`,
    ),
  ];
  return lines.join('\n');
}
