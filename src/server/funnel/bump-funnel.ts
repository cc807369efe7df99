import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { mainOrderBumpFacts } from '../reads/order-figures.ts';
import { formatRate } from './funnel-report.ts';

/** Read from the orders, so no browser event is needed; "offered" means eligible, as no screen view is recorded. */
export interface BumpFunnel {
  ordersCreated: number;
  createdWithBump: number;
  paidWithBump: number;
  offered: number;
  accepted: number;
  declined: number;
  addonPaid: number;
}

/** Main orders created in [from, to) and what became of the bump in each (funnel-repository.ts reads them). */
export async function readBumpFunnel(db: Kysely<Database>, from: number, to: number): Promise<BumpFunnel> {
  const facts = await mainOrderBumpFacts(db, from, to);
  const offered = facts.filter((order) => order.paid && !order.bump);
  return {
    ordersCreated: facts.length,
    createdWithBump: facts.filter((order) => order.bump).length,
    paidWithBump: facts.filter((order) => order.bump && order.paid).length,
    offered: offered.length,
    accepted: offered.filter((order) => order.answer === 'accepted').length,
    declined: offered.filter((order) => order.answer === 'declined').length,
    addonPaid: offered.filter((order) => order.addonPaid).length,
  };
}

export function renderBumpFunnel(funnel: BumpFunnel, checkoutsStarted: number, range: { from: string; to: string }): string {
  const rate = (part: number, whole: number) => formatRate(whole > 0 ? part / whole : null);
  const steps: Array<[string, number, string]> = [
    ['Checkouts started', checkoutsStarted, '—'],
    ['Orders created', funnel.ordersCreated, rate(funnel.ordersCreated, checkoutsStarted)],
    ['  with the bump ticked', funnel.createdWithBump, rate(funnel.createdWithBump, funnel.ordersCreated)],
    ['  paid with the bump', funnel.paidWithBump, rate(funnel.paidWithBump, funnel.createdWithBump)],
    ['Paid without the bump: offer shown', funnel.offered, '—'],
    ['  offer accepted', funnel.accepted, rate(funnel.accepted, funnel.offered)],
    ['  offer declined', funnel.declined, rate(funnel.declined, funnel.offered)],
    ['  add-on paid', funnel.addonPaid, rate(funnel.addonPaid, funnel.accepted)],
  ];
  const width = Math.max(...steps.map(([label]) => label.length));
  return [
    `Order bump (orders created ${range.from} to ${range.to}; each rate is of the step it follows)`,
    '',
    `${'Step'.padEnd(width)}  ${'Count'.padStart(7)}  ${'Rate'.padStart(7)}`,
    ...steps.map(([label, count, share]) => `${label.padEnd(width)}  ${String(count).padStart(7)}  ${share.padStart(7)}`),
    '',
    `Offer conversion: ${rate(funnel.addonPaid, funnel.offered)} of the orders paid without the bump bought it after payment.`,
  ].join('\n');
}
