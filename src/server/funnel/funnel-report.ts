import type { Kysely } from 'kysely';
import type { AdminRecoveryTotals } from '../../shared/admin.ts';
import { formatBRL } from '../../shared/money.ts';
import type { Database } from '../db/schema.ts';
import type { FunnelRow } from './funnel-repository.ts';

export const funnelSteps = [
  { label: 'Pre-sell page views', event: 'page_view', path: '/presell' },
  { label: '"Sim, quero!" clicks', event: 'presell_yes' },
  { label: 'Landing page views', event: 'page_view', path: '/' },
  { label: 'Checkouts started', event: 'begin_checkout' },
  { label: 'Orders created', event: 'order_created' },
  { label: 'Orders paid', event: 'order_paid' },
] as const;

export interface FunnelStepTotal {
  label: string;
  count: number;
  /** Share of the previous step (null for the first step or when the previous is 0). */
  rate: number | null;
}

function countOf(rows: FunnelRow[], step: (typeof funnelSteps)[number], day?: string): number {
  return rows
    .filter((row) => row.event === step.event && (!('path' in step) || row.path === step.path) && (!day || row.day === day))
    .reduce((sum, row) => sum + Number(row.count), 0);
}

export function funnelTotals(rows: FunnelRow[], day?: string): FunnelStepTotal[] {
  const counts = funnelSteps.map((step) => countOf(rows, step, day));
  return funnelSteps.map((step, index) => {
    const previous = index > 0 ? counts[index - 1]! : 0;
    return { label: step.label, count: counts[index]!, rate: index > 0 && previous > 0 ? counts[index]! / previous : null };
  });
}

export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;
}

export function renderFunnelReport(rows: FunnelRow[], range: { from: string; to: string; days: number }): string {
  const totals = funnelTotals(rows);
  const labelWidth = Math.max(...funnelSteps.map((step) => step.label.length));
  const lines = [
    `Funnel for the last ${range.days} day${range.days === 1 ? '' : 's'} (${range.from} to ${range.to}, America/Sao_Paulo)`,
    '',
    `${'Step'.padEnd(labelWidth)}  ${'Count'.padStart(7)}  ${'From previous'.padStart(13)}`,
    ...totals.map((step) => `${step.label.padEnd(labelWidth)}  ${String(step.count).padStart(7)}  ${formatRate(step.rate).padStart(13)}`),
  ];
  const first = totals[0]!.count;
  const paid = totals[totals.length - 1]!.count;
  lines.push('', `Overall: ${formatRate(first > 0 ? paid / first : null)} of pre-sell visitors paid.`);
  const notFound = rows.filter((row) => row.event === 'not_found').reduce((sum, row) => sum + Number(row.count), 0);
  lines.push(`Pages not found (404): ${notFound}`);

  const days = [...new Set(rows.map((row) => row.day))].sort();
  if (days.length > 0) {
    const short = ['Pre-sell', 'Sim', 'Landing', 'Checkout', 'Orders', 'Paid'];
    lines.push('', `${'Day'.padEnd(10)}  ${short.map((name) => name.padStart(8)).join('  ')}`);
    for (const day of days) {
      lines.push(
        `${day}  ${funnelTotals(rows, day)
          .map((step) => String(step.count).padStart(8))
          .join('  ')}`,
      );
    }
  }
  return lines.join('\n');
}

/** The figures of Visão geral's "PIX recuperados" (docs/whatsapp.md#recovery-figures). */
export function renderRecoveryReport(
  figures: AdminRecoveryTotals,
  range: { from: string; to: string },
  settings: { priceCents: number; countsSimulated: boolean },
): string {
  const lines: Array<[string, string]> = [
    ['PIX generated', String(figures.pixGenerated)],
    ['Paid without any reminder', String(figures.paidWithoutReminder)],
    ['Paid after an e-mail reminder', String(figures.paidAfterEmail)],
    ['Paid after a WhatsApp message', String(figures.paidAfterWhatsapp)],
    ['Paid after "Cobrar no WhatsApp"', String(figures.paidAfterConsole)],
    ['Revenue recovered', formatBRL(figures.recoveredCents)],
    ['WhatsApp messages sent', String(figures.whatsappSent)],
    ['Estimated WhatsApp cost', formatBRL(figures.whatsappCostCents)],
  ];
  const width = Math.max(...lines.map(([label]) => label.length));
  return [
    `Recovery (PIX created, and orders paid, ${range.from} to ${range.to})`,
    '',
    ...lines.map(([label, value]) => `${label.padEnd(width)}  ${value.padStart(12)}`),
    '',
    'Each paid order counts once, for the last touch before its payment (at the same instant: console, then WhatsApp, then e-mail).',
    `Revenue recovered: orders paid after any touch. Cost: automatic WhatsApp messages sent x ${formatBRL(settings.priceCents)} (WHATSAPP_PRICE_CENTS).`,
    ...(settings.countsSimulated ? ['Demo: WhatsApp messages recorded without the Cloud API count as sent.'] : []),
  ].join('\n');
}

export async function readFunnel(db: Kysely<Database>, fromDay: string, toDay: string): Promise<FunnelRow[]> {
  return db
    .selectFrom('funnel')
    .select(['day', 'event', 'path', 'count'])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .orderBy('day')
    .orderBy('event')
    .orderBy('path')
    .execute();
}
