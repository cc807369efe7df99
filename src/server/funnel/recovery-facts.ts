// The facts the recovery figures (recovery-figures.ts) are computed from, read for the console and `npm run report`.
import type { Kysely } from 'kysely';
import type { WhatsappMessageStatus } from '../../shared/whatsapp.ts';
import type { Database } from '../db/schema.ts';
import { chargedOrderIdsSince, chargedOrdersSince } from '../reads/order-figures.ts';
import { sentTimesOfFamily } from '../outbox/outbox-queue.ts';
import { listAutomaticSentTimes, listRecoveryTouches } from '../whatsapp/whatsapp-service.ts';
import type { RecoveryOrderFacts } from './recovery-figures.ts';

/** The statuses of a WhatsApp message that reached Meta (docs/whatsapp.md#recovery-figures). */
const REACHED: WhatsappMessageStatus[] = ['accepted', 'sent', 'delivered', 'read'];

/** The recovery figures' rows since `since`; `countSimulated` counts the demo's `not_sent` messages as sent. */
export async function readRecoveryFacts(
  db: Kysely<Database>,
  since: number,
  options: { countSimulated: boolean },
): Promise<{ orders: RecoveryOrderFacts[]; whatsappSentAt: number[] }> {
  const reached: WhatsappMessageStatus[] = options.countSimulated ? [...REACHED, 'not_sent'] : REACHED;
  const inWindow = chargedOrderIdsSince(db, since);
  const [orders, messages, emails, whatsappSentAt] = await Promise.all([
    chargedOrdersSince(db, since),
    listRecoveryTouches(db, inWindow, reached),
    sentTimesOfFamily(db, inWindow, 'pix_reminder:'),
    listAutomaticSentTimes(db, since, reached),
  ]);
  const touches = new Map<string, RecoveryOrderFacts['touches'][number][]>();
  const touch = (orderId: string, at: number, channel: 'email' | 'whatsapp' | 'console') => {
    const list = touches.get(orderId) ?? [];
    list.push({ at, channel });
    touches.set(orderId, list);
  };
  for (const row of messages) touch(row.order_id, Number(row.sent_at), row.kind === 'console' ? 'console' : 'whatsapp');
  for (const row of emails) touch(row.order_id, Number(row.sent_at), 'email');
  return {
    orders: orders.map((row) => ({
      chargedAt: Number(row.created_at),
      // A refunded or reversed order is no sale, as the revenue cards count.
      paidAt: row.status === 'paid' && row.paid_at !== null ? Number(row.paid_at) : null,
      amountCents: Number(row.net_cents),
      touches: touches.get(row.id) ?? [],
    })),
    whatsappSentAt,
  };
}
