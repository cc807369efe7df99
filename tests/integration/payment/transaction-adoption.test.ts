import { beforeAll, describe, expect, it } from 'vitest';
import { newCheckoutKey, postOrder, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, ordersBy } from '../../support/db-reads.ts';
import { gatewayReplies, type ChargeLedger } from '../../support/providers/tribopay/tribopay-stand-in.ts';
import { buy, postbackFor } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

/**
 * A postback's secret names one order; the transaction ids in its body are whatever its sender
 * wrote. An order whose create reply was lost has to take one of those ids, so a stolen secret
 * must not let anyone settle it with somebody else's payment: the gateway's customer must be the
 * order's buyer, and a transaction settles one order only (unique `charge_id`).
 */
for (const database of databases) {
  describe(`adopting a transaction on ${database.name}`, () => {
    const running = useTestServer(database, {}, { gateway: true });
    let ledger: ChargeLedger;
    /** The customer each charge was created for, which the gateway repeats when the transaction is read. */
    const customers = new Map<string, unknown>();
    /** The next charge is created at the gateway but its reply never reaches us (a 500). */
    let loseNextReply = false;
    /** The next charge reply names this hash instead of a new one. */
    let replyWithHash: string | null = null;

    beforeAll(() => {
      const { gateway } = running;
      ledger = gateway.rememberCharges();
      const createAndRemember = gateway.onCreate;
      gateway.onCreate = async (c, request) => {
        if (replyWithHash) {
          const hash = replyWithHash;
          replyWithHash = null;
          return gatewayReplies.waitingCharge(c, hash, '00020126580014br.gov.bcb.pix');
        }
        const reply = await createAndRemember(c, request);
        const { hash } = (await reply.clone().json()) as { hash: string };
        customers.set(hash, (request.body as { customer?: unknown }).customer);
        if (!loseNextReply) return reply;
        loseNextReply = false;
        return new Response(null, { status: 500 });
      };
      gateway.onRead = (c, hash) => {
        const transaction = ledger.transactions.get(hash);
        return transaction
          ? c.json({ ...ledger.toJson(transaction), customer: customers.get(hash) })
          : gatewayReplies.unknownTransaction(c);
      };
    });

    const stored = (id: string) => orderRow(running.db, id);
    const storedFor = (email: string) => ordersBy(running.db, 'buyer_email', email);

    /** A checkout that gets its PIX. */
    async function charged(buyer = uniqueBuyer()) {
      const { orderId } = await buy(running.server, { buyer });
      return stored(orderId);
    }

    /** A checkout whose charge the gateway created while its reply was lost: the order has no transaction. */
    async function replyLost(buyer = uniqueBuyer()) {
      loseNextReply = true;
      const reply = await postOrder<{ error?: string; message?: string }>(running.server.url, { ...buyer, checkoutKey: newCheckoutKey() });
      expect(reply.status).toBe(502);
      const [order] = await storedFor(buyer.email.toLowerCase()).then((rows) => rows.slice(-1));
      expect(order).toMatchObject({ status: 'failed', charge_id: null });
      // The gateway did create it, and knows whom for.
      expect(ledger.byOrder.get(order!.id)).toBeDefined();
      return order!;
    }

    /** The gateway's postback for `order`, as anyone holding its secret can send it, naming `hash`. */
    async function postback(order: { id: string; postback_secret: string }, hash: string) {
      expect(await postbackFor(running.server, order, hash)).toBe(200);
      await running.server.background.idle();
    }

    const logged = (text: string) => running.server.logLines.filter(({ line }) => line.includes(text));
    const readsOf = (hash: string) =>
      running.gateway.requests.filter((request) => request.method === 'GET' && request.path.endsWith(`/transactions/${hash}`));

    it("a stolen postback secret cannot settle an order with another order's paid transaction", async () => {
      const alice = uniqueBuyer('Alice Prado');
      const a = await charged(alice);
      ledger.pay(a.charge_id!);
      await postback(a, a.charge_id!);
      expect(await stored(a.id)).toMatchObject({ status: 'paid', charge_id: a.charge_id });

      // B has its own charge: the transaction a postback names is not even read for it.
      const b = await charged();
      const readsBefore = readsOf(a.charge_id!).length;
      await postback(b, a.charge_id!);
      expect(await stored(b.id)).toMatchObject({ status: 'pending', charge_id: b.charge_id });
      expect(readsOf(a.charge_id!)).toHaveLength(readsBefore);

      // C lost its create reply: the gateway says A's transaction was made for another customer.
      const c = await replyLost();
      await postback(c, a.charge_id!);
      expect(await stored(c.id)).toMatchObject({ status: 'failed', charge_id: null, paid_at: null });
      expect(logged('Postback named a transaction of another customer; not adopted')).toHaveLength(1);

      // D is Alice again (her first order is paid, so she may buy again), her reply lost too: the
      // customer matches, but A's transaction already settled A.
      const d = await replyLost(alice);
      await postback(d, a.charge_id!);
      expect(await stored(d.id)).toMatchObject({ status: 'failed', charge_id: null, paid_at: null });
      expect(logged('Paid transaction already belongs to another order; not adopted')).toHaveLength(1);

      expect(await stored(a.id)).toMatchObject({ status: 'paid', charge_id: a.charge_id, duplicate_of: null });
      const holders = await ordersBy(running.db, 'charge_id', a.charge_id!);
      expect(holders.map((row) => row.id)).toEqual([a.id]);
      // The customer's data never reaches the log.
      expect(running.server.logLines.some(({ line }) => line.includes(alice.email.toLowerCase()))).toBe(false);
      expect(running.server.logLines.filter(({ level }) => level === 'error')).toEqual([]);
    });

    it('an order whose create reply was lost adopts the transaction made for its buyer, and no one else’s', async () => {
      const own = await replyLost(uniqueBuyer('Bruna Lima'));
      const ownCharge = ledger.byOrder.get(own.id)!;
      const other = await replyLost(uniqueBuyer('Caio Reis'));
      const otherCharge = ledger.byOrder.get(other.id)!;
      ledger.pay(ownCharge.hash);
      ledger.pay(otherCharge.hash);

      // Caio's postback secret names Bruna's paid transaction: the gateway says it is Bruna's.
      await postback(other, ownCharge.hash);
      expect(await stored(other.id)).toMatchObject({ status: 'failed', charge_id: null, paid_at: null });

      // Bruna's own postback: the customer matches, the order is paid with its transaction.
      await postback(own, ownCharge.hash);
      const paid = await stored(own.id);
      expect(paid).toMatchObject({ status: 'paid', charge_id: ownCharge.hash });
      expect(running.server.logLines.filter(({ level }) => level === 'error')).toEqual([]);
    });

    it('a charge reply naming a transaction another order holds fails that checkout with the usual message, not a 500', async () => {
      const first = await charged();
      replyWithHash = first.charge_id;
      const buyer = uniqueBuyer('Davi Melo');
      const reply = await postOrder<{ error?: string; message?: string }>(running.server.url, { ...buyer, checkoutKey: newCheckoutKey() });
      expect(reply.status).toBe(502);
      expect(reply.body.error ?? reply.body.message).toBe('Erro ao processar pagamento');
      const [order] = await storedFor(buyer.email.toLowerCase());
      expect(order).toMatchObject({ status: 'failed', charge_id: null });
      expect(await stored(first.id)).toMatchObject({ status: 'pending', charge_id: first.charge_id });
      expect(logged('Charge names a transaction of another order; order failed')).toHaveLength(1);
      expect(running.server.logLines.filter(({ level }) => level === 'error')).toEqual([]);
    });
  });
}
