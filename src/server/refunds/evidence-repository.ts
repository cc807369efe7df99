import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The delivery record for disputes (docs/refunds.md#evidence). */
export type EvidenceKind =
  'access_email_accepted' | 'refund_requested' | 'refund_approved' | 'refund_declined' | 'refund_gateway' | 'refunded' | 'access_revoked';

type Executor = Kysely<Database> | Transaction<Database>;

export async function listMemberPageOpenings(db: Executor, orderId: string) {
  const rows = await db.selectFrom('member_page_opens').select(['at', 'client']).where('order_id', '=', orderId).orderBy('at').execute();
  return rows.map((row) => ({ at: Number(row.at), client: row.client }));
}
