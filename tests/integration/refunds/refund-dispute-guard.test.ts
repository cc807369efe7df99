import { describe, expect, it } from 'vitest';
import { disputeRefundGuard } from '../../../src/content/disputes.ts';
import { applyProviderDispute } from '../../../src/server/disputes/dispute-service.ts';
import type { ProviderDispute } from '../../../src/server/gateway/pix-provider.ts';
import type { OrdersDeps } from '../../../src/server/orders/orders-deps.ts';
import { unrefundedItems } from '../../../src/server/purchase/purchase-ledger.ts';
import { loadPurchase } from '../../../src/server/purchase/purchase-service.ts';
import { RefundHeldForDispute, recordApproval, type Approver } from '../../../src/server/refunds/refund-approval.ts';
import { approveRefund } from '../../../src/server/refunds/refunds-repository.ts';
import { orderRow, outboxRows, rowsOfOrders } from '../../support/db-reads.ts';
import { buyAndPay, drainOutbox } from '../../support/purchase.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * Every approval of a refund asks the one dispute guard (docs/architecture.md "Adding a refund step",
 * docs/disputes.md#never-twice). A new approval step, written as the recipe says (its rows, then `recordApproval` in the
 * same transaction) and nowhere else guarded, is held while the purchase has a dispute open: the seller's is refused
 * until confirmed, the shop's own stays listed and never reaches the provider.
 */

/** The scratch step: approves every item of the order not given back yet, as a new console button would. */
async function scratchApproval(deps: OrdersDeps, orderId: string, approver: Approver, now: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const purchase = await loadPurchase(trx, orderId);
    const items = purchase ? unrefundedItems(purchase, orderId) : [];
    const by = approver.by === 'auto' ? 'auto' : 'seller';
    await approveRefund(trx, { orderId, items, origin: 'seller', by, gateway: true, now });
    await recordApproval(trx, deps, orderId, { approver, attempt: 0, now });
  });
}

const disputeOf = (order: { charge_id: string | null; amount_cents: number }): ProviderDispute => ({
  disputeId: `inf-${order.charge_id}`,
  chargeId: order.charge_id,
  endToEndId: null,
  amountCents: order.amount_cents,
  state: 'open',
  rawStatus: 'ABERTA',
  defenceDueAt: null,
  payer: null,
});

for (const database of databases) {
  describe(`a new refund approval step while a dispute is open, on ${database.name}`, () => {
    const running = useTestServer(database, { GATEWAY_REFUNDS: '1' });
    const gatewayCalls = async (orderId: string) =>
      (await outboxRows(running.db, orderId)).filter((row) => String(row.kind).startsWith('gateway_refund:'));
    const paidAndDisputed = async () => {
      const { order } = await buyAndPay(running);
      await applyProviderDispute(running.server.orders, order.provider, disputeOf(order));
      return order;
    };

    it("refuses the seller's approval not confirmed a second time: nothing is written, nothing asked of the provider", async () => {
      const order = await paidAndDisputed();
      const approval = scratchApproval(running.server.orders, order.id, { by: 'seller', disputeConfirmed: false }, Date.now());
      await expect(approval).rejects.toBeInstanceOf(RefundHeldForDispute);
      expect(await rowsOfOrders(running.db, 'refunds', [order.id])).toHaveLength(0);
      expect(await gatewayCalls(order.id)).toHaveLength(0);
      await drainOutbox(running.server);
      expect((await orderRow(running.db, order.id)).status).toBe('paid');
    });

    it("keeps the shop's own approval listed with the reason, its gateway call held", async () => {
      const order = await paidAndDisputed();
      await scratchApproval(running.server.orders, order.id, { by: 'auto' }, Date.now());
      await drainOutbox(running.server);
      const [refund] = await rowsOfOrders(running.db, 'refunds', [order.id]);
      expect(refund).toMatchObject({ status: 'approved', decided_by: 'auto', gateway_state: 'failed' });
      expect(refund!.gateway_error).toBe(disputeRefundGuard.automaticSkipped);
      expect(refund!.gateway_called_at).toBeNull();
      expect(await gatewayCalls(order.id)).toHaveLength(0);
      expect((await orderRow(running.db, order.id)).status).toBe('paid');
    });

    it('lets the seller confirmed a second time through, and the money goes back at the provider', async () => {
      const order = await paidAndDisputed();
      await scratchApproval(running.server.orders, order.id, { by: 'seller', disputeConfirmed: true }, Date.now());
      expect(await gatewayCalls(order.id)).toHaveLength(1);
      await drainOutbox(running.server);
      expect((await orderRow(running.db, order.id)).status).toBe('reversed');
    });

    it('asks nothing of a purchase without a dispute: the same step goes to the provider', async () => {
      const { order } = await buyAndPay(running);
      await scratchApproval(running.server.orders, order.id, { by: 'auto' }, Date.now());
      await drainOutbox(running.server);
      expect((await orderRow(running.db, order.id)).status).toBe('reversed');
    });
  });
}
