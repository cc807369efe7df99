import type { Kysely } from 'kysely';
import { DAY_MS } from '../../shared/refunds.ts';
import type { Database } from '../db/schema.ts';
import type { Config } from '../config/config.ts';
import { requiredVariables } from '../config/provider-env.ts';
import { PENDING_GRACE_MS } from './reconciliation.ts';
import { countUnsettledOrdersByProvider } from '../orders/order-lookup.ts';

/** Without credentials open PIX would be paid and lost and refunds fail: start stops (docs/payments.md#reconciliation). */
export async function unreadableProviderProblems(
  db: Kysely<Database>,
  config: Pick<Config, 'payments' | 'retiredPayments' | 'guaranteeDays'>,
  now: number,
  /** The demo's charges, left behind when a real provider replaces the sandbox: no money is at stake. */
  leaveOutCharges?: Parameters<typeof countUnsettledOrdersByProvider>[1]['leaveOutCharges'],
): Promise<string[]> {
  const readable = new Set([...config.payments, ...config.retiredPayments].map((settings) => settings.id));
  const unsettled = await countUnsettledOrdersByProvider(db, {
    now,
    pendingGraceMs: PENDING_GRACE_MS,
    refundWindowMs: config.guaranteeDays * DAY_MS,
    ...(leaveOutCharges ? { leaveOutCharges } : {}),
  });
  return [...unsettled]
    .filter(([id, count]) => count > 0 && !readable.has(id))
    .map(
      ([id, count]) =>
        `${id} still has ${count} ${count === 1 ? 'order' : 'orders'} with an open PIX or inside the refund window, but its credentials are not set: set ${requiredVariables(id).join(', ')} again (it may stay out of PAYMENT_PROVIDERS: it then takes no new charges and its charges are still read and refunded)`,
    );
}
