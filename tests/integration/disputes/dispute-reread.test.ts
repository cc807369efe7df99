import { describe, expect, it } from 'vitest';
import { DISPUTE_READ_SLACK_MS, RECONCILE_BATCH, UNLISTED_DISPUTE_GAP_MS } from '../../../src/server/payment/reconciliation.ts';
import { insertOrderRow, orderRow, setOrderColumns } from '../../support/db-reads.ts';
import { checkout } from '../../support/provider-rig.ts';
import { useEfiAndMercadoPagoShop } from '../../support/providers/efi-and-mercadopago.ts';
import type { MercadoPagoStandIn } from '../../support/providers/mercadopago/mercadopago-stand-in.ts';
import type { TestServerRig } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * Where a provider lists no disputes (Mercado Pago, AbacatePay, TriboPay), a paid order inside the MED's 80 days is read at
 * most 11 h apart, in bounded batches, so a contestação whose notice was lost is known within 12 h (docs/disputes.md#how-fast).
 * Mercado Pago's payment reads `in_mediation` once the payer contests it ("The user started a dispute", Payments API
 * "Get payment", https://www.mercadopago.com.br/developers/en/reference/payments/_payments_id/get; the stand-in cites it).
 * Efí lists its MED infractions, polled on their own, so its paid orders keep the doubling gaps up to 3 days.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The reconciler ticks every 30 s (reconciliation.ts); the walks below tick far less often, which only makes them harder. */
const INTERVAL_MS = 30_000;

async function tickAt(rig: TestServerRig, at: number): Promise<number> {
  rig.clock.now = at;
  const read = await rig.server.reconciler.runOnce();
  await rig.server.background.idle();
  return read;
}

/** Each scheduled read of the paid order, up to `until`: the clock jumps to its next check each time. Returns the gaps. */
async function walkSchedule(rig: TestServerRig, orderId: string, until: number): Promise<number[]> {
  const gaps: number[] = [];
  for (;;) {
    const order = await orderRow(rig.db, orderId);
    const next = Number(order.next_check_at);
    if (next > until) return gaps;
    gaps.push(next - Number(order.checked_at));
    await tickAt(rig, next);
  }
}

const disputesOf = (rig: TestServerRig, orderId: string) =>
  rig.db.db.selectFrom('disputes').select(['state', 'raw_status', 'opened_at']).where('order_id', '=', orderId).execute();

const paymentReads = (mp: MercadoPagoStandIn) =>
  mp.requests.filter((request) => request.method === 'GET' && /^\/v1\/payments\/\d+$/.test(request.path));

for (const database of databases) {
  describe(`paid orders re-read for a dispute whose notice was lost, on ${database.name}`, () => {
    const { running, stands } = useEfiAndMercadoPagoShop(
      database,
      { clientId: 'Client_Id_reread', clientSecret: 'Client_Secret_reread', pixKey: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906' },
      { each: true },
    );
    /** A checkout at the first of PAYMENT_PROVIDERS, paid there and read paid by the reconciler (no webhook is relied on). */
    async function paidAt(providers: string, pay: (chargeId: string) => void) {
      await running.restart({ PAYMENT_PROVIDERS: providers });
      const created = await checkout(running.server.url);
      expect(created.status).toBe(201);
      const order = await orderRow(running.db, created.body.orderId!);
      pay(order.charge_id!);
      for (let tries = 0; tries < 5 && (await orderRow(running.db, order.id)).status !== 'paid'; tries++) {
        await tickAt(running, running.clock.now + 2 * MINUTE);
      }
      expect((await orderRow(running.db, order.id)).status).toBe('paid');
      return order;
    }

    it('a Mercado Pago order paid 30 days ago whose in_mediation notice was lost is an open dispute within 12 h', async () => {
      const order = await paidAt('mercadopago,efi', (id) => stands.mp.pay(id));
      const paidAtMs = Number((await orderRow(running.db, order.id)).paid_at);
      const gaps = await walkSchedule(running, order.id, paidAtMs + 30 * DAY);
      // 1 h after payment, 2 h, 4 h, 8 h, then 11 h apart for the rest of the 80 days.
      expect(gaps.slice(0, 5)).toEqual([1, 2, 4, 8, 11].map((hours) => hours * HOUR));
      expect(Math.max(...gaps)).toBe(UNLISTED_DISPUTE_GAP_MS);

      // The payer contests at their bank; Mercado Pago's notification never arrives.
      running.clock.now = paidAtMs + 30 * DAY;
      stands.mp.mediate(order.charge_id!);
      const contestedAt = running.clock.now;
      let found: Awaited<ReturnType<typeof disputesOf>> = [];
      // Ticks every 10 minutes (20 times rarer than the reconciler's), through 12 h at most.
      while (found.length === 0 && running.clock.now < contestedAt + 12 * HOUR) {
        await tickAt(running, running.clock.now + 10 * MINUTE);
        found = await disputesOf(running, order.id);
      }
      expect(found).toMatchObject([{ state: 'open', raw_status: 'in_mediation' }]);
      expect(running.clock.now - contestedAt).toBeLessThanOrEqual(UNLISTED_DISPUTE_GAP_MS + 10 * MINUTE);
    }, 120_000);

    it('an Efí order, whose infractions are listed, keeps the doubling gaps up to 3 days', async () => {
      const order = await paidAt('efi,mercadopago', (txid) => stands.efi.pay(txid));
      const paidAtMs = Number((await orderRow(running.db, order.id)).paid_at);
      const gaps = await walkSchedule(running, order.id, paidAtMs + 30 * DAY);
      expect(gaps.slice(0, 7)).toEqual([1, 2, 4, 8, 16, 32, 64].map((hours) => hours * HOUR));
      expect(gaps.slice(-3)).toEqual([3 * DAY, 3 * DAY, 3 * DAY]);
      // About 15 reads in 30 days where Mercado Pago's order took 67: its disputes come from the list, not these reads.
      expect(gaps.length).toBeLessThan(20);
    }, 120_000);

    it('a shop with 250 paid orders reads at most one batch per tick and reaches each within 12 h', async () => {
      // Arithmetic (docs/disputes.md#how-fast): one tick reads RECONCILE_BATCH orders per provider, 120 ticks an hour, so
      // 12,000 reads an hour; N watched orders ask N / 11 h reads an hour, served within DISPUTE_READ_SLACK_MS while
      // N <= 12,000 × 11 = 132,000 per provider, and each is then read within 11 h + 1 h = 12 h.
      const readsPerSlack = RECONCILE_BATCH * (DISPUTE_READ_SLACK_MS / INTERVAL_MS);
      expect(readsPerSlack * (UNLISTED_DISPUTE_GAP_MS / DISPUTE_READ_SLACK_MS)).toBe(132_000);
      expect(UNLISTED_DISPUTE_GAP_MS + DISPUTE_READ_SLACK_MS).toBe(12 * HOUR);

      const model = await paidAt('mercadopago,efi', (id) => stands.mp.pay(id));
      const source = stands.mp.payments.get(Number(model.charge_id))!;
      const start = running.clock.now;
      const count = 250;
      const ids: string[] = [];
      for (let index = 0; index < count; index++) {
        const paymentId = 9_000_000 + index;
        stands.mp.payments.set(paymentId, { ...source, id: paymentId, refunds: [] });
        const id = `reread_${index}`;
        ids.push(id);
        await insertOrderRow(running.db, {
          id,
          provider: 'mercadopago',
          charge_id: String(paymentId),
          amount_cents: model.amount_cents,
          created_at: start - (1 + (index % 70)) * DAY,
        });
      }
      // The model order is left out of the count: it is read on its own schedule.
      await setOrderColumns(running.db, model.id, { paid_at: start - 90 * DAY });

      const readsOf = new Map<string, number[]>(ids.map((id) => [`/v1/payments/${9_000_000 + ids.indexOf(id)}`, []]));
      // 36 h of ticks 10 minutes apart: fewer ticks than the reconciler's, so each must carry more.
      const perTick: number[] = [];
      for (let at = start; at <= start + 36 * HOUR; at += 10 * MINUTE) {
        const before = paymentReads(stands.mp).length;
        await tickAt(running, at);
        const reads = paymentReads(stands.mp).slice(before);
        perTick.push(reads.length);
        for (const read of reads) readsOf.get(read.path)?.push(at);
      }
      expect(Math.max(...perTick)).toBeLessThanOrEqual(RECONCILE_BATCH);
      // 250 due at once: 100, 100, 50.
      expect(perTick.slice(0, 3)).toEqual([100, 100, 50]);
      for (const [path, times] of readsOf) {
        const gaps = [times[0]! - start, ...times.slice(1).map((time, index) => time - times[index]!), start + 36 * HOUR - times.at(-1)!];
        expect([path, Math.max(...gaps) <= 12 * HOUR]).toEqual([path, true]);
      }
    }, 300_000);
  });
}
