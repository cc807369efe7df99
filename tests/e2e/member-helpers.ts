import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { storeAccessTokenHash } from '../../src/server/access/access-repository.ts';
import { hashAccessToken } from '../../src/server/access/access-token.ts';
import type { OrderItemKey } from '../../src/shared/checkout.ts';
import { insertOrderItems, insertOrderRow } from '../support/db-reads.ts';
import { expect, withServerDb } from './fixtures.ts';
import type { RunningServer } from './server.ts';

/**
 * What the member page's specs share: a paid order in their server's database, and the page after
 * a refund. Each spec
 * starts a server of its own under its own fixture name (a worker fixture is shared by every spec
 * the worker runs, and one spec replaces the main list that the other expects as the demo left it).
 */

/**
 * A paid order, as the payment confirmation leaves it, with its items (none: an order from before
 * the order bump, which opens the main list); returns its id and access token.
 */
export async function seedPaidOrder(
  server: RunningServer,
  buyerName: string,
  items: OrderItemKey[] = [],
): Promise<{ orderId: string; token: string }> {
  const suffix = randomBytes(12).toString('hex');
  const orderId = `ord_e2e_${suffix}`;
  const token = `acc_${randomBytes(24).toString('base64url')}`;
  const now = Date.now();
  await withServerDb(server.dataDir, async (db) => {
    await insertOrderRow(db, {
      id: orderId,
      checkout_key: `key_${suffix}`,
      buyer_name: buyerName,
      buyer_email: `buyer-${suffix}@example.com`,
      postback_secret: `pbs_${suffix}`,
      public_ref: `ref_${suffix}`,
      created_at: now,
    });
    if (items.length > 0) {
      await insertOrderItems(
        db,
        items.map((item) => ({
          order_id: orderId,
          item,
          title: item,
          price_cents: item === 'main' ? 1990 : 990,
          product_hash: `sandbox-${item}`,
          offer_hash: `sandbox-${item}-offer`,
        })),
      );
    }
    // Only the token's hash is stored, as the server itself does.
    await storeAccessTokenHash(db.db, orderId, hashAccessToken(token), now);
  });
  return { orderId, token };
}

/**
 * Reloads the member page until it says "Acesso encerrado", as a buyer coming back after a refund
 * the gateway finishes on its own. Each reload renders the page again (script, then /api/access),
 * which takes a loaded runner more than 1 s.
 */
export async function expectAccessEndedOnReload(page: Page): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Acesso encerrado' })).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 45_000, intervals: [1000] });
}
