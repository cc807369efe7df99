// Per-variant figures of an A/B test, for the console and the verdict (docs/experiments.md#what-is-counted).
import { sql, type Kysely } from 'kysely';
import type { ExperimentArmFigures, ExperimentPage, PlannerInputs } from '../../shared/experiments/experiment-api.ts';
import { redrawnReturns } from '../../shared/experiments/planner.ts';
import { businessDay } from '../../shared/time.ts';
import type { Database } from '../db/schema.ts';
import { disputedOrderIds } from '../disputes/dispute-lookup.ts';
import { funnelCountBetween, visitorDaysBetween } from '../funnel/page-views.ts';
import { experimentOrders, paidOrdersBetween, pixGeneratedBetween } from '../reads/experiment-orders.ts';
import { ordersWithRefundRequest } from '../refunds/refund-lookup.ts';

const empty = (): ExperimentArmFigures => ({
  visitors: 0,
  keptVisitors: 0,
  checkoutsBegun: 0,
  pixGenerated: 0,
  pixPaid: 0,
  revenueCents: 0,
  revenueSquaresCents: 0,
  refundRequests: 0,
  disputes: 0,
});

/** Adds one to a variant's count of a client event (`begin_checkout`). */
async function countExperimentEvent(db: Kysely<Database>, event: { experimentId: string; variant: number; name: string }) {
  await db
    .insertInto('experiment_events')
    .values({ experiment_id: event.experimentId, variant: event.variant, event: event.name, count: 1 })
    .onConflict((conflict) =>
      conflict.columns(['experiment_id', 'variant', 'event']).doUpdateSet({ count: sql`experiment_events.count + 1` }),
    )
    .execute();
}

/**
 * A checkout begun, once a visitor-day the test counts (docs/experiments.md#what-is-counted); on the tested page it also counts the
 * visitor-day, whose own count is written in the background and may not have landed yet.
 */
export async function countCheckoutBegun(
  db: Kysely<Database>,
  visit: { experimentId: string; day: string; visitor: string; variant: number; kept: boolean; onTestedPage: boolean },
) {
  const key = { experiment_id: visit.experimentId, day: visit.day, visitor: visit.visitor };
  for (let attempt = 0; attempt < 2; attempt++) {
    const marked = await db
      .updateTable('experiment_visitors')
      .set({ checkout_begun: 1 })
      .where('experiment_id', '=', key.experiment_id)
      .where('day', '=', key.day)
      .where('visitor', '=', key.visitor)
      .where('checkout_begun', '=', 0)
      .returning('variant')
      .executeTakeFirst();
    if (marked)
      return countExperimentEvent(db, { experimentId: visit.experimentId, variant: Number(marked.variant), name: 'begin_checkout' });
    if (!visit.onTestedPage) return;
    const inserted = await db
      .insertInto('experiment_visitors')
      .values({ ...key, variant: visit.variant, kept: visit.kept ? 1 : 0, checkout_begun: 1 })
      .onConflict((conflict) => conflict.columns(['experiment_id', 'day', 'visitor']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0)
      return countExperimentEvent(db, { experimentId: visit.experimentId, variant: visit.variant, name: 'begin_checkout' });
    // Already there: begun before (nothing to count), or the page's count landed in between (marked on the next pass).
  }
}

/** A visitor counted once a day per test, by their daily id, with how their version was assigned that day. */
export async function countExperimentVisitor(
  db: Kysely<Database>,
  visit: { experimentId: string; day: string; visitor: string; variant: number; kept: boolean },
) {
  await db
    .insertInto('experiment_visitors')
    .values({
      experiment_id: visit.experimentId,
      day: visit.day,
      visitor: visit.visitor,
      variant: visit.variant,
      kept: visit.kept ? 1 : 0,
    })
    .onConflict((conflict) => conflict.columns(['experiment_id', 'day', 'visitor']).doNothing())
    .execute();
}

/** The variant a visitor was counted under on `day`, or undefined when the test's page never served them that day. */
export async function countedVariant(db: Kysely<Database>, visit: { experimentId: string; day: string; visitor: string }) {
  const row = await db
    .selectFrom('experiment_visitors')
    .select('variant')
    .where('experiment_id', '=', visit.experimentId)
    .where('day', '=', visit.day)
    .where('visitor', '=', visit.visitor)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.variant);
}

// Per variant: daily visitors (and those the cookie kept in their version), checkouts begun, PIX generated and paid, net revenue (docs/money.md) with the bump and
// the add-on and its sum of squares (the variance), and the orders with a refund request or a dispute.
export async function experimentFigures(db: Kysely<Database>, experimentId: string, arms: number): Promise<ExperimentArmFigures[]> {
  const figures = Array.from({ length: arms }, empty);
  const at = (variant: number | null) => (variant !== null && variant >= 0 && variant < arms ? figures[Number(variant)] : undefined);
  const [visitors, events, { main: orders, addons }] = await Promise.all([
    db
      .selectFrom('experiment_visitors')
      .select((eb) => ['variant', 'kept', eb.fn.countAll<number>().as('count')])
      .where('experiment_id', '=', experimentId)
      .groupBy(['variant', 'kept'])
      .execute(),
    db.selectFrom('experiment_events').selectAll().where('experiment_id', '=', experimentId).execute(),
    experimentOrders(db, experimentId),
  ]);
  const orderIds = orders.map((order) => order.id);
  const [refunded, disputed] = await Promise.all([ordersWithRefundRequest(db, orderIds), disputedOrderIds(db, orderIds)]);
  for (const row of visitors) {
    const arm = at(Number(row.variant));
    if (!arm) continue;
    arm.visitors += Number(row.count);
    if (Number(row.kept) === 1) arm.keptVisitors += Number(row.count);
  }
  for (const row of events) {
    const arm = at(Number(row.variant));
    if (arm && row.event === 'begin_checkout') arm.checkoutsBegun = Number(row.count);
  }
  const addonCents = new Map<string, number>();
  for (const row of addons)
    if (row.parent_order_id) addonCents.set(row.parent_order_id, (addonCents.get(row.parent_order_id) ?? 0) + Number(row.net_cents));
  for (const order of orders) {
    const arm = at(Number(order.variant));
    if (!arm) continue;
    if (refunded.has(order.id)) arm.refundRequests += 1;
    if (disputed.has(order.id)) arm.disputes += 1;
    if (order.charge_id !== null) arm.pixGenerated += 1;
    if (order.paid_at === null) continue;
    arm.pixPaid += 1;
    const cents = Number(order.net_cents) + (addonCents.get(order.id) ?? 0);
    arm.revenueCents += cents;
    arm.revenueSquaresCents += cents * cents;
  }
  return figures;
}

/** A test's visitors counted (all versions) on business days from `sinceDay` on: the pace of its traffic. */
export async function experimentVisitorsSince(db: Kysely<Database>, experimentId: string, sinceDay: string): Promise<number> {
  const row = await db
    .selectFrom('experiment_visitors')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('experiment_id', '=', experimentId)
    .where('day', '>=', sinceDay)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

const PLANNER_DAYS = 28;

/** The share of the A/B tests' visitor-days on business days from `sinceDay` on whose version the cookie kept, and their count. */
async function keptShareSince(db: Kysely<Database>, sinceDay: string): Promise<{ share: number; visitorDays: number }> {
  const row = await db
    .selectFrom('experiment_visitors')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('kept').as('kept')])
    .where('day', '>=', sinceDay)
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  return { share: count > 0 ? Number(row?.kept ?? 0) / count : 0, visitorDays: count };
}

/**
 * The shop's last 28 days for the planner, for a test of each page. `/`: its visitors a day (visitor-days, the tests' unit:
 * funnel/page-views.ts visitorDaysBetween), its conversion and revenue per visitor, the earlier steps' rates per visitor (visitor-days that
 * began a checkout, PIX generated), and the returns the daily hash drew again (planner.ts `redrawnReturns`), from the share of the tests'
 * visitor-days the cookie kept and the share of buyers who accepted it.
 */
export async function plannerInputs(db: Kysely<Database>, now: number): Promise<Record<ExperimentPage, PlannerInputs>> {
  const since = now - PLANNER_DAYS * 86_400_000;
  const [fromDay, toDay] = [businessDay(since), businessDay(now)];
  const [visitors, paid, checkouts, pixGenerated, kept, presellVisitors, presellYes] = await Promise.all([
    visitorDaysBetween(db, '/', fromDay, toDay),
    paidOrdersBetween(db, since, now),
    visitorDaysBetween(db, '/', fromDay, toDay, true),
    pixGeneratedBetween(db, since, now),
    keptShareSince(db, fromDay),
    visitorDaysBetween(db, '/presell', fromDay, toDay),
    funnelCountBetween(db, 'presell_yes', fromDay, toDay),
  ]);
  const sales = paid.map((order) => Number(order.net_cents));
  const consented = paid.length > 0 ? paid.filter((order) => order.tracking_consent === 'granted').length / paid.length : 0;
  const perVisitor = (count: number) => (visitors > 0 ? Math.min(1, count / visitors) : 0);
  const mean = visitors > 0 ? sales.reduce((sum, cents) => sum + cents, 0) / visitors : 0;
  const squares = visitors > 0 ? sales.reduce((sum, cents) => sum + cents * cents, 0) / visitors : 0;
  const landing: PlannerInputs = {
    days: PLANNER_DAYS,
    visitorsPerDay: visitors / PLANNER_DAYS,
    conversionRate: perVisitor(sales.length),
    checkoutRate: perVisitor(checkouts),
    pixRate: perVisitor(pixGenerated),
    revenueMeanCents: mean,
    revenueVarianceCents: Math.max(0, squares - mean * mean),
    redrawnReturns: redrawnReturns(kept.share, consented),
    // Measured only with a test's visitor-days to read and buyers who accepted the cookie (whose returns it keeps).
    returnsMeasured: kept.visitorDays > 0 && consented > 0,
  };
  // A pre-sell visitor buys by going on ("Sim, quero!") and then as a landing visitor does: each step's rate and the
  // revenue per visitor are the landing's times the share who went on (a sale is a landing sale; its square too).
  const reach = presellVisitors > 0 ? Math.min(1, presellYes / presellVisitors) : 0;
  const presellMean = mean * reach;
  const presell: PlannerInputs = {
    ...landing,
    visitorsPerDay: presellVisitors / PLANNER_DAYS,
    conversionRate: landing.conversionRate * reach,
    checkoutRate: landing.checkoutRate * reach,
    pixRate: landing.pixRate * reach,
    revenueMeanCents: presellMean,
    revenueVarianceCents: Math.max(0, squares * reach - presellMean * presellMean),
  };
  return { '/': landing, '/presell': presell };
}
