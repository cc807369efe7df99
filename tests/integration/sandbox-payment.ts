import type { Db } from '../../src/server/db/database.ts';

/**
 * The buyer pays at the gateway (the sandbox marks the charge paid) and the gateway's postback
 * reaches us, carrying the order's secret as the real one would. Returns the postback's status.
 */
export async function payBySandboxPostback(server: { url: string }, db: Pick<Db, 'db'>, orderId: string): Promise<number> {
  const order = await db.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  await db.db.updateTable('sandbox_transactions').set({ payment_status: 'paid' }).where('hash', '=', order.transaction_hash!).execute();
  const response = await fetch(`${server.url}/api/webhooks/gateway?t=${orderId}.${order.postback_secret}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ hash: order.transaction_hash, payment_status: 'paid' }),
  });
  return response.status;
}
