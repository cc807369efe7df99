import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { hashAccessToken } from '../../src/server/access/access-token.ts';
import type { OrderItemKey } from '../../src/shared/checkout.ts';
import type { RunningServer } from './server.ts';

/**
 * What the member page's specs share: their server's database, and a paid order in it. Each spec
 * starts a server of its own under its own fixture name (a worker fixture is shared by every spec
 * the worker runs, and one spec replaces the main list that the other expects as the demo left it).
 */

export function openDatabase(server: RunningServer) {
  // The server created and migrated this file at start; busy_timeout waits out its writes.
  const db = new Database(path.join(server.dataDir, 'vitrine.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * A paid order, as the payment confirmation leaves it, with its items (none: an order from before
 * the order bump, which opens the main list); returns its id and access token.
 */
export function seedPaidOrder(server: RunningServer, buyerName: string, items: OrderItemKey[] = []): { orderId: string; token: string } {
  const suffix = randomBytes(12).toString('hex');
  const orderId = `ord_e2e_${suffix}`;
  const token = `acc_${randomBytes(24).toString('base64url')}`;
  const now = Date.now();
  const db = openDatabase(server);
  try {
    db.prepare(
      `insert into orders (id, checkout_key, status, buyer_name, buyer_email, buyer_phone, amount_cents, product_hash,
         offer_hash, postback_secret, public_ref, created_at, updated_at, expires_at, paid_at)
       values (?, ?, 'paid', ?, ?, '11987654321', 1990, 'sandbox-product', 'sandbox-offer', ?, ?, ?, ?, ?, ?)`,
    ).run(
      orderId,
      `key_${suffix}`,
      buyerName,
      `buyer-${suffix}@example.com`,
      `pbs_${suffix}`,
      `ref_${suffix}`,
      now,
      now,
      now + 30 * 60_000,
      now,
    );
    const insertItem = db.prepare(
      'insert into order_items (order_id, item, title, price_cents, product_hash, offer_hash) values (?, ?, ?, ?, ?, ?)',
    );
    for (const item of items) insertItem.run(orderId, item, item, item === 'main' ? 1990 : 990, `sandbox-${item}`, `sandbox-${item}-offer`);
    // Only the token's hash is stored, as the server itself does.
    db.prepare('insert into access_tokens (token_hash, order_id, created_at) values (?, ?, ?)').run(hashAccessToken(token), orderId, now);
  } finally {
    db.close();
  }
  return { orderId, token };
}
