/**
 * The console's funnel per way of paying (server/funnel/pay-ways.ts): the PIX code and "Pagar no app do banco" side by
 * side, PIX generated → paid, each one's part of the sales and the median tap to paid, on each database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOverview } from '../../../src/server/admin/admin-overview.ts';
import { insertOrderRow } from '../../support/db-reads.ts';
import { databases, type TestDb } from '../test-db.ts';

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const HOUR = 3_600_000;
const S = 1000;

/** An order whose PIX was generated `hoursAgo`, paid `paidAfter` ms later (or not), of the checkout unless `kind`. */
async function order(db: TestDb, id: string, hoursAgo: number, paidAfter: number | null, kind: 'main' | 'addon' = 'main') {
  const created = NOW - hoursAgo * HOUR;
  await insertOrderRow(db, {
    id,
    kind,
    charge_id: `txid_${id}`,
    created_at: created,
    status: paidAfter === null ? 'pending' : 'paid',
    paid_at: paidAfter === null ? null : created + paidAfter,
  });
  return created;
}

/** An Open Finance payment the buyer started `tappedAfter` ms after the order, paid `paidAfter` ms after that (or not). */
async function bankPayment(
  db: TestDb,
  orderId: string,
  created: number,
  attempt: number,
  tappedAfter: number,
  paidAfter: number | null,
  extra: { returned?: boolean; jsr?: boolean } = {},
) {
  const tapped = created + tappedAfter;
  await db.db
    .insertInto('open_finance_payments')
    .values({
      payment_id: `urn:efi:${orderId}:${attempt}`,
      order_id: orderId,
      participant_id: 'banco-teste',
      idempotency_key: `${orderId}:banco-teste:${attempt}`,
      redirect_uri: 'https://banco.example/autorizar',
      state: paidAfter === null ? 'failed' : 'paid',
      amount_cents: 1990,
      created_at: tapped,
      paid_at: paidAfter === null ? null : tapped + paidAfter,
      returned_at: extra.returned ? tapped + paidAfter! + S : null,
      jsr: extra.jsr ? 1 : 0,
    })
    .execute();
}

for (const database of databases) {
  describe(`the funnel per way of paying, on ${database.name}`, () => {
    let db: TestDb;
    beforeAll(async () => {
      db = await database.create();
      await order(db, 'pix_a', 5, 60 * S);
      await order(db, 'pix_b', 30, 180 * S);
      await order(db, 'pix_unpaid', 2, null);
      // Paid in the bank's app 20 s after picking the bank.
      const bankA = await order(db, 'bank_a', 3, 50 * S);
      await bankPayment(db, 'bank_a', bankA, 1, 30 * S, 20 * S);
      // Refused at the bank, then paid with the PIX code: a PIX sale.
      const refused = await order(db, 'bank_refused', 4, 300 * S);
      await bankPayment(db, 'bank_refused', refused, 1, 10 * S, null);
      // Refused once, then paid at the second try 40 s after that tap.
      const twice = await order(db, 'bank_twice', 6, 200 * S);
      await bankPayment(db, 'bank_twice', twice, 1, 20 * S, null);
      await bankPayment(db, 'bank_twice', twice, 2, 160 * S, 40 * S);
      // Paid both ways: the bank's payment went back, the PIX (100 s) is the sale.
      const both = await order(db, 'bank_both', 7, 100 * S);
      await bankPayment(db, 'bank_both', both, 1, 90 * S, 30 * S, { returned: true });
      // Not the checkout's last 30 days: an order of 40 days ago, and an add-on paid by JSR.
      await order(db, 'pix_old', 40 * 24, 10 * S);
      const addon = await order(db, 'addon_jsr', 1, 15 * S, 'addon');
      await bankPayment(db, 'addon_jsr', addon, 1, 0, 15 * S, { jsr: true });
    });
    afterAll(async () => {
      await db?.close();
    });

    it('counts each way, its part of the sales and the median tap to paid', async () => {
      const overview = await readOverview(
        db.db,
        { monthlyCapacity: 0, offerEndsAt: undefined, orderBump: false, countSimulatedWhatsapp: false, whatsappPriceCents: 0 },
        NOW,
      );
      expect(overview.payWays).toEqual({
        // pix_a 60 s, bank_both 100 s, pix_b 180 s, bank_refused 300 s: the median is (100 + 180) / 2.
        // Seven PIX generated, two of whose orders were paid in the bank's app: those are the bank's row, not unpaid PIX.
        pix: { generated: 5, paid: 4, rate: 4 / 5, share: 4 / 6, medianMsToPaid: 140 * S },
        // bank_a 20 s, bank_twice 40 s.
        bank: { generated: 4, paid: 2, rate: 2 / 4, share: 2 / 6, medianMsToPaid: 30 * S },
      });
    });
  });
}
