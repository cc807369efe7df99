import type { Kysely } from 'kysely';
import type { AdminDailyPoint, AdminOverview, AdminProviderState } from '../../shared/admin.ts';
import { providerName } from '../../content/providers.ts';
import type { ProviderHealth } from '../gateway/payments.ts';
import { businessDay, businessDayStart, businessMonth } from '../../shared/time.ts';
import type { Database } from '../db/schema.ts';
import { sumOrdersBySource } from '../reads/sales-by-source.ts';
import { funnelSteps, funnelTotals, readFunnel } from '../funnel/funnel-report.ts';
import { readPayWays } from '../funnel/pay-ways.ts';
import { recoveryFigures } from '../funnel/recovery-figures.ts';
import { readRecoveryFacts } from '../funnel/recovery-facts.ts';
import { chooseOfferDeadline } from '../live/live-signals.ts';
import { bumpFigures } from './bump-figures.ts';
import {
  countOpenDuplicates,
  countPaidOrders,
  countWaitingPix,
  findLatestPaid,
  listPaidSince,
  sumPaid,
} from '../reads/order-console-lookup.ts';
import { countSpotsTaken } from '../orders/order-lookup.ts';
import { countOpenRefunds } from '../refunds/refund-admin.ts';

export const FUNNEL_KEYS = ['presell_view', 'presell_yes', 'landing_view', 'begin_checkout', 'order_created', 'order_paid'] as const;

const CHART_DAYS = 30;

// Long: the overview's cards are independent reads gathered in one Promise.all and shaped into one reply.
export async function readOverview(
  db: Kysely<Database>,
  settings: {
    monthlyCapacity: number;
    offerEndsAt: number | undefined;
    orderBump: boolean;
    /** docs/whatsapp.md#recovery-figures */
    countSimulatedWhatsapp: boolean;
    whatsappPriceCents: number;
  },
  now: number,
): Promise<Omit<AdminOverview, 'openDisputes' | 'day'> & { day: Omit<AdminOverview['day'], 'providers'> }> {
  const today = businessDay(now);
  const todayStart = businessDayStart(today);
  const tomorrow = businessDayStart(today, 1);
  const month = businessMonth(now);
  const chartStart = businessDayStart(today, -(CHART_DAYS - 1));
  const widest = Math.min(chartStart, month.start);
  const [
    todayTotals,
    last7,
    last30,
    monthTotals,
    allTime,
    latestPaid,
    taken,
    funnelRows,
    paidRows,
    duplicates,
    bySource,
    refunds,
    recovery,
    payWays,
    yesterdaySoFar,
    pixWaiting,
  ] = await Promise.all([
    sumPaid(db, todayStart, tomorrow),
    sumPaid(db, businessDayStart(today, -6), tomorrow),
    sumPaid(db, chartStart, tomorrow),
    sumPaid(db, month.start, month.nextStart),
    countPaidOrders(db),
    findLatestPaid(db),
    settings.monthlyCapacity > 0 ? countSpotsTaken(db, month.start) : Promise.resolve(0),
    readFunnel(db, businessDay(chartStart), today),
    listPaidSince(db, widest),
    countOpenDuplicates(db),
    sumOrdersBySource(db, chartStart, tomorrow, 20),
    countOpenRefunds(db),
    readRecoveryFacts(db, widest, { countSimulated: settings.countSimulatedWhatsapp }),
    readPayWays(db, chartStart, tomorrow),
    sumPaid(db, businessDayStart(today, -1), businessDayStart(today, -1) + (now - todayStart)),
    countWaitingPix(db, now),
  ]);

  const totals = funnelTotals(funnelRows);
  const daily: AdminDailyPoint[] = [];
  for (let offset = -(CHART_DAYS - 1); offset <= 0; offset++) {
    const day = businessDay(businessDayStart(today, offset));
    const paid = paidRows.filter((row) => businessDay(row.paidAt) === day);
    daily.push({
      day,
      revenueCents: paid.reduce((sum, row) => sum + row.amountCents, 0),
      paidOrders: paid.filter((row) => row.kind === 'main').length,
      funnel: funnelTotals(funnelRows, day).map((step) => step.count),
    });
  }
  const recoveryIn = (from: number, to: number) =>
    recoveryFigures(recovery.orders, recovery.whatsappSentAt, { from, to, priceCents: settings.whatsappPriceCents });
  return {
    now,
    totals: { today: todayTotals, last7, last30, month: monthTotals },
    bump: settings.orderBump
      ? {
          today: bumpFigures(paidRows, todayStart, tomorrow),
          last7: bumpFigures(paidRows, businessDayStart(today, -6), tomorrow),
          last30: bumpFigures(paidRows, chartStart, tomorrow),
          month: bumpFigures(paidRows, month.start, month.nextStart),
        }
      : null,
    recovery: {
      periods: {
        today: recoveryIn(todayStart, tomorrow),
        last7: recoveryIn(businessDayStart(today, -6), tomorrow),
        last30: recoveryIn(chartStart, tomorrow),
        month: recoveryIn(month.start, month.nextStart),
      },
      whatsappPriceCents: settings.whatsappPriceCents,
      countsSimulated: settings.countSimulatedWhatsapp,
    },
    paidOrdersAllTime: allTime,
    latestPaid,
    spotsLeft: settings.monthlyCapacity > 0 ? Math.max(0, settings.monthlyCapacity - taken) : null,
    capacity: settings.monthlyCapacity,
    offerEndsAt: chooseOfferDeadline(settings.offerEndsAt, now),
    funnel: funnelSteps.map((_, index) => ({ key: FUNNEL_KEYS[index]!, count: totals[index]!.count, rate: totals[index]!.rate })),
    payWays,
    daily,
    duplicatesToRefund: duplicates,
    refundRequests: refunds,
    bySource,
    day: { yesterdaySoFar, pixWaiting },
  };
}

/** Each provider's state as this instance's last charges left it (Saúde has the detail). */
export function providerStates(health: readonly ProviderHealth[], sandbox: boolean): AdminProviderState[] {
  return health.map((entry) => {
    const name = providerName(entry.id, { sandbox });
    if (entry.skippedUntil !== null) return { name, state: 'skipped', since: entry.lastError?.at ?? null, until: entry.skippedUntil };
    if (entry.lastError !== null && (entry.lastSuccessAt === null || entry.lastError.at > entry.lastSuccessAt))
      return { name, state: 'failing', since: entry.lastError.at, until: null };
    // Nothing charged yet on this instance: no fact says it works.
    return entry.lastSuccessAt === null
      ? { name, state: 'untried', since: null, until: null }
      : { name, state: 'ok', since: entry.lastSuccessAt, until: null };
  });
}
