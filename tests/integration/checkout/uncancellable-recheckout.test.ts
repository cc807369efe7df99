import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recheckOrder } from '../../../src/server/payment/payment-confirmation.ts';
import { ledgerOf } from '../../../src/server/purchase/purchase-ledger.ts';
import { loadPurchase } from '../../../src/server/purchase/purchase-service.ts';
import { uniqueBuyer } from '../../support/clients.ts';
import { orderRow, rowsOfOrders } from '../../support/db-reads.ts';
import { checkout, providersEnv } from '../../support/provider-rig.ts';
import type { StandInRig } from '../../support/provider-rig.ts';
import { abacatepayRig } from '../../support/providers/abacatepay/abacatepay-rig.ts';
import { tribopayRig } from '../../support/providers/tribopay/tribopay-rig.ts';
import { drainOutbox } from '../../support/purchase.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { databases, type TestDb } from '../test-db.ts';

/**
 * TriboPay and AbacatePay document no cancel for a PIX (AbacatePay: github.com/AbacatePay/documentation
 * pages/transparents; TriboPay: docs.tribopay.com.br, transactions), so a code once shown stays payable there until
 * it expires. A buyer who made a PIX for the main product and comes back with the bump ticked must not get a second
 * whole PIX (R$ 29,80) beside the first (R$ 19,90), both payable: the first stays theirs, and the bump alone is
 * charged in its own PIX (R$ 9,90), an add-on of the first. Paying both gives main + bump for R$ 29,80.
 */

interface Rig extends StandInRig {
  /** Amounts of the charges the provider made, in order. */
  amounts(): number[];
  /** The charge reaches its expiry unpaid at the provider. */
  expire(chargeId: string): void;
}

async function abacatepay(): Promise<Rig> {
  const rig = await abacatepayRig();
  return {
    ...rig,
    amounts: () => [...rig.standIn.charges.values()].map((charge) => charge.amount),
    expire: (id) => void (rig.standIn.charges.get(id)!.status = 'EXPIRED'),
  };
}

async function tribopay(): Promise<Rig> {
  const rig = await tribopayRig();
  return {
    ...rig,
    amounts: () => [...rig.ledger.transactions.values()].map((transaction) => transaction.amount),
    expire: () => {
      throw new Error('not driven for TriboPay here');
    },
  };
}

/** The bump ticked in the checkout: R$ 9,90 (src/content/offers.ts). */
const BUMP_CENTS = 990;

const providers = [
  { id: 'abacatepay' as const, start: abacatepay },
  { id: 'tribopay' as const, start: tribopay },
];

/** The provider's id of the order's charge. */
async function chargeIdOf(db: TestDb, orderId: string): Promise<string> {
  return (await orderRow(db, orderId)).charge_id!;
}

interface CheckoutReply {
  orderId: string;
  amountCents: number;
  items: Array<{ key: string; priceCents: number }>;
  pix: { code: string | null };
  addon?: CheckoutReply;
}

for (const database of databases) {
  for (const provider of providers) {
    describe(`${provider.id} cannot cancel: a re-checkout charges only what the open PIX lacks, on ${database.name}`, () => {
      let db: TestDb;
      let rig: Rig;
      let server: TestServer;

      beforeAll(async () => {
        db = await database.create();
        rig = await provider.start();
        server = await startTestServer(
          db,
          { ...providersEnv([provider.id], rig.env), REFUND_MODE: 'auto', GATEWAY_REFUNDS: '1' },
          {
            ownPublicUrl: true,
          },
        );
      });
      afterEach(async () => {
        await server.background.idle();
      });
      afterAll(async () => {
        await server?.stop();
        await rig?.stop();
        await db?.close();
      });

      async function mainThenBump(name: string) {
        const buyer = uniqueBuyer(name);
        const first = await checkout(server.url, { buyer });
        expect([first.status, first.body.amountCents]).toEqual([201, 1990]);
        const before = rig.charges();
        const second = await checkout(server.url, { buyer, bump: true });
        expect(second.status).toBe(201);
        const reply = second.body as CheckoutReply;
        return { buyer, mainId: first.body.orderId!, mainCode: first.body.pix!.code!, reply, before };
      }

      it('keeps the open PIX, charges the bump alone once, and paying both delivers main + bump for R$ 29,80', async () => {
        const { buyer, mainId, mainCode, reply, before } = await mainThenBump('Fabiana Lobo');
        // One new charge at the provider, of R$ 9,90: the bump alone.
        expect(rig.charges()).toBe(before + 1);
        expect(rig.amounts().at(-1)).toBe(BUMP_CENTS);
        // The buyer is shown both codes: the open one (the main product) and the bump's.
        expect(reply).toMatchObject({ orderId: mainId, amountCents: 1990, pix: { code: mainCode } });
        expect(reply.addon).toMatchObject({
          amountCents: BUMP_CENTS,
          items: [{ key: 'bump', priceCents: BUMP_CENTS }],
        });
        const addonId = reply.addon!.orderId;
        expect(reply.addon!.pix.code).toBe(rig.codeOf(await chargeIdOf(db, addonId)));
        expect(await orderRow(db, mainId)).toMatchObject({ status: 'pending', replaced_by: null, provider_closed_at: null });
        expect(await orderRow(db, addonId)).toMatchObject({ kind: 'addon', parent_order_id: mainId, status: 'pending', amount_cents: 990 });

        // Pressed again (another key): no third charge, the same two codes.
        const again = await checkout(server.url, { buyer, bump: true });
        expect((again.body as CheckoutReply).addon?.orderId).toBe(addonId);
        expect(rig.charges()).toBe(before + 1);

        // PIX e-mails offer only the open code, which buys the main product: none offers the bump's items again.
        const outbox = await rowsOfOrders(db, 'outbox', [mainId, addonId]);
        const pixMails = (outbox as Array<{ order_id: string; kind: string }>).filter((row) => row.kind.startsWith('pix_'));
        expect(pixMails.length).toBeGreaterThan(0);
        expect(new Set(pixMails.map((row) => row.order_id))).toEqual(new Set([mainId]));

        await rig.payAndNotify(server, await chargeIdOf(db, mainId));
        await rig.payAndNotify(server, await chargeIdOf(db, addonId));
        await drainOutbox(server);
        expect((await orderRow(db, mainId)).status).toBe('paid');
        expect((await orderRow(db, addonId)).status).toBe('paid');

        const ledger = ledgerOf((await loadPurchase(db.db, mainId))!, { guaranteeDays: 7 });
        expect(ledger.paidCents).toBe(2980);
        expect(ledger.items.map((item) => [item.key, item.state])).toEqual([
          ['main', 'open'],
          ['bump', 'open'],
        ]);
        expect(ledger.paidCents - ledger.refundedCents).toBe(
          ledger.openCents + ledger.owedCents + ledger.revokedCents + ledger.awaitingCents,
        );
        expect(ledger.unlistedOwedCents).toBe(0);
      });

      it('the bump unticked after a main + bump PIX: the open PIX is handed back, no second charge', async () => {
        const buyer = uniqueBuyer('Gustavo Reis');
        const first = await checkout(server.url, { buyer, bump: true });
        expect([first.status, first.body.amountCents]).toEqual([201, 2980]);
        const before = rig.charges();
        const second = await checkout(server.url, { buyer });
        expect(second.status).toBe(201);
        expect(second.body).toMatchObject({ orderId: first.body.orderId, amountCents: 2980 });
        expect((second.body as CheckoutReply).addon).toBeUndefined();
        expect(rig.charges()).toBe(before);
        expect(await orderRow(db, first.body.orderId!)).toMatchObject({ status: 'pending', replaced_by: null });
      });

      it('the bump paid first is held, and delivered with the main product once that is paid', async () => {
        const { mainId, reply } = await mainThenBump('Helena Duarte');
        const addonId = reply.addon!.orderId;
        await rig.payAndNotify(server, await chargeIdOf(db, addonId));
        await drainOutbox(server);
        expect((await orderRow(db, addonId)).status).toBe('paid');
        // Nothing to deliver yet: no access e-mail before the main product is paid.
        const early = (await rowsOfOrders(db, 'outbox', [mainId, addonId])) as Array<{ kind: string }>;
        expect(early.filter((row) => row.kind.startsWith('access'))).toEqual([]);
        // Held, not owed: the console lists nothing to give back while the main's PIX can still be paid.
        const held = ledgerOf((await loadPurchase(db.db, mainId))!, { guaranteeDays: 7 });
        expect(held.items.map((item) => [item.key, item.state])).toEqual([
          ['main', 'unpaid'],
          ['bump', 'awaiting'],
        ]);
        expect([held.awaitingCents, held.owedCents, held.unlistedOwedCents]).toEqual([BUMP_CENTS, 0, 0]);

        await rig.payAndNotify(server, await chargeIdOf(db, mainId));
        await drainOutbox(server);
        const access = ((await rowsOfOrders(db, 'outbox', [mainId])) as Array<{ kind: string; sent_at: number | null }>).filter((row) =>
          row.kind.startsWith('access'),
        );
        expect(access).toHaveLength(1);
        expect(access[0]!.sent_at).not.toBeNull();
        const ledger = ledgerOf((await loadPurchase(db.db, mainId))!, { guaranteeDays: 7 });
        expect(ledger.items.map((item) => [item.key, item.state])).toEqual([
          ['main', 'open'],
          ['bump', 'open'],
        ]);
        expect(await rowsOfOrders(db, 'refunds', [mainId, addonId])).toEqual([]);
      });

      if (provider.id === 'abacatepay') {
        it('the bump paid first, and the main PIX expires unpaid: the bump is refunded whole', async () => {
          const { mainId, reply } = await mainThenBump('Igor Campos');
          const addonId = reply.addon!.orderId;
          const addonCharge = await chargeIdOf(db, addonId);
          await rig.payAndNotify(server, addonCharge);
          await drainOutbox(server);
          expect((await orderRow(db, addonId)).status).toBe('paid');
          rig.expire(await chargeIdOf(db, mainId));
          // The reconciler's read of the main charge, past its expiry.
          await recheckOrder(server.orders, await orderRow(db, mainId));
          await drainOutbox(server);
          expect(await orderRow(db, mainId)).toMatchObject({ status: 'failed', paid_at: null });
          expect((await orderRow(db, mainId)).provider_closed_at).not.toBeNull();
          const refunds = (await rowsOfOrders(db, 'refunds', [addonId])) as Array<{
            item: string;
            amount_cents: number;
            decided_by: string | null;
          }>;
          expect(refunds.map((row) => [row.item, row.amount_cents, row.decided_by])).toEqual([['bump', 990, 'auto']]);
          // Through the provider: the bump's charge went back there, and its order with it.
          expect(rig.refundsOf(addonCharge)).toEqual([990]);
          await server.background.idle();
          expect((await orderRow(db, addonId)).status).toBe('reversed');
          const ledger = ledgerOf((await loadPurchase(db.db, mainId))!, { guaranteeDays: 7 });
          expect([ledger.paidCents, ledger.refundedCents, ledger.unlistedOwedCents]).toEqual([990, 990, 0]);
        });
      }
    });
  }
}
