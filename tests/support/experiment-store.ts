import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/database.ts';
import { businessDay } from '../../src/shared/time.ts';
import { insertOrderRow } from './db-reads.ts';

/**
 * An A/B test's store in the shape the server writes it: a verdict needs 100 sales per version, too many to buy through
 * the checkout in a test, so the visitors its pages counted, the orders with the variant they recorded and the refund
 * requests are written here, and the server's own figures and statistics turn them into the verdict.
 */

/** What one version's visitors did: the store's rows, not the statistics. */
export interface ArmSeed {
  visitors: number;
  /** Of those, the visitor-days the consented cookie kept in this version (the rest the day's hash drew). */
  kept?: number;
  paid: number;
  refundRequests?: number;
}

/** The visitors the test's pages counted (one daily id each), its paid orders and their refund requests. */
export async function seedExperimentStore(db: Pick<Db, 'db'>, experimentId: string, arms: readonly ArmSeed[], now = Date.now()) {
  for (const [variant, arm] of arms.entries()) {
    const visitors = Array.from({ length: arm.visitors }, (_, visitor) => ({
      experiment_id: experimentId,
      day: businessDay(now),
      visitor: randomBytes(16).toString('base64url').slice(0, 22),
      variant,
      kept: visitor < (arm.kept ?? 0) ? 1 : 0,
    }));
    for (let start = 0; start < visitors.length; start += 200)
      await db.db
        .insertInto('experiment_visitors')
        .values(visitors.slice(start, start + 200))
        .execute();
    for (let sale = 0; sale < arm.paid; sale++) {
      const id = `ord_${experimentId.slice(-6)}${variant}${String(sale).padStart(4, '0')}`;
      await insertOrderRow(db, {
        id,
        charge_id: `chg_${id}`,
        created_at: now - 60_000,
      });
      await db.db.insertInto('order_experiments').values({ order_id: id, experiment_id: experimentId, variant }).execute();
      if (sale >= (arm.refundRequests ?? 0)) continue;
      await db.db
        .insertInto('refunds')
        .values({
          order_id: id,
          item: 'main',
          amount_cents: 1990,
          status: 'requested',
          origin: 'buyer',
          reason: 'not_for_me',
          note: null,
          requested_at: now,
          decided_at: null,
          decided_by: null,
          decline_reason: null,
          refunded_at: null,
          gateway_called_at: null,
          updated_at: now,
        })
        .execute();
    }
  }
}
