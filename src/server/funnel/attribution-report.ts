import type { AffiliateSales } from '../reads/affiliate-figures.ts';
import type { AdminSourceRow } from '../../shared/admin.ts';
import { NO_ATTRIBUTION } from '../../shared/attribution.ts';
import { formatBRL } from '../../shared/money.ts';
import { formatRate } from './funnel-report.ts';

/** One source / campaign: PIX charges generated, paid orders, revenue and conversion (paid ÷ charges). */
export type SourceTotals = AdminSourceRow;

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

/** `npm run report`'s sales per affiliate link (docs/affiliates.md#figures): by code, as the links carry it. */
export function renderAffiliateReport(rows: AffiliateSales[], range: { from: string; to: string }): string {
  const title = `Sales by affiliate (orders created ${range.from} to ${range.to}; conversion = paid ÷ PIX generated; returned = paid and given back)`;
  if (rows.length === 0) return `${title}\n  no orders through an affiliate's link`;
  const sorted = [...rows].sort((a, b) => b.revenueCents - a.revenueCents || a.code.localeCompare(b.code));
  const width = Math.max('Affiliate code'.length, ...sorted.map((row) => row.code.length));
  return [
    title,
    '',
    `${'Affiliate code'.padEnd(width)}  ${'PIX'.padStart(5)}  ${'Paid'.padStart(5)}  ${'Conversion'.padStart(10)}  ${'Returned'.padStart(8)}  ${'Revenue'.padStart(14)}`,
    ...sorted.map(
      (row) =>
        `${row.code.padEnd(width)}  ${String(row.charges).padStart(5)}  ${String(row.paidOrders).padStart(5)}  ${formatRate(row.conversion).padStart(10)}  ${formatRate(row.refundRate).padStart(8)}  ${formatBRL(row.revenueCents).padStart(14)}`,
    ),
  ].join('\n');
}
