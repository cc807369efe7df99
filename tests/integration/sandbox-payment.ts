import type { Db } from '../../src/server/db/database.ts';
import type { TestServer } from './test-server.ts';

/**
 * The sandbox marks the order's charge `status`, and the gateway's postback reaches the server,
 * carrying the order's secret as the real one would. Returns the postback's HTTP status.
 */
async function postSandboxStatus(
  server: { url: string },
  db: Pick<Db, 'db'>,
  orderId: string,
  status: 'paid' | 'refunded',
): Promise<number> {
  const order = await db.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  await db.db.updateTable('sandbox_transactions').set({ payment_status: status }).where('hash', '=', order.transaction_hash!).execute();
  return postbackFor(server, order, order.transaction_hash!, status);
}

/**
 * The gateway's postback for `order`, as anyone holding its secret can send it, naming the
 * transaction `hash` (not always the order's own); returns its HTTP status.
 */
export async function postbackFor(
  server: { url: string },
  order: { id: string; postback_secret: string },
  hash: string,
  status: 'paid' | 'refunded' = 'paid',
): Promise<number> {
  const response = await fetch(`${server.url}/api/webhooks/gateway?t=${order.id}.${order.postback_secret}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ hash, payment_status: status }),
  });
  return response.status;
}

/**
 * The sandbox gateway says the order's charge is now `status`, and its postback reaches the
 * server, which re-reads the charge (as with a real gateway); resolves once that work is done.
 */
export async function sandboxSays(
  server: Pick<TestServer, 'url' | 'background'>,
  db: Db,
  orderId: string,
  status: 'paid' | 'refunded' = 'paid',
): Promise<void> {
  const answered = await postSandboxStatus(server, db, orderId, status);
  if (answered !== 200) throw new Error(`postback answered ${answered}`);
  await server.background.idle();
}

/** The buyer pays at the gateway; returns the postback's status (the caller awaits the outcome). */
export function payBySandboxPostback(server: { url: string }, db: Pick<Db, 'db'>, orderId: string): Promise<number> {
  return postSandboxStatus(server, db, orderId, 'paid');
}
