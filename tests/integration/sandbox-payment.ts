import type { Db } from '../../src/server/db/database.ts';
import type { TestServer } from './test-server.ts';

/**
 * The sandbox gateway says the order's charge is now `status`, and its postback reaches the
 * server, which re-reads the charge (as with a real gateway); resolves once that work is done.
 */
export async function sandboxSays(server: Pick<TestServer, 'url' | 'background'>, db: Db, orderId: string, status: 'paid' | 'refunded' = 'paid'): Promise<void> {
  const order = await db.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  await db.db.updateTable('sandbox_transactions').set({ payment_status: status }).where('hash', '=', order.transaction_hash!).execute();
  const response = await fetch(`${server.url}/api/webhooks/gateway?t=${order.id}.${order.postback_secret}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ hash: order.transaction_hash }),
  });
  if (response.status !== 200) throw new Error(`postback answered ${response.status}`);
  await server.background.idle();
}
