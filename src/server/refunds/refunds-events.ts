import { emailHandler } from '../mail/email-handler.ts';
import type { EventWiring } from '../orders/order-events.ts';
import type { Transaction } from 'kysely';
import { recordEvidence } from '../access/evidence-repository.ts';
import type { Database } from '../db/schema.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-repository.ts';
import { GATEWAY_REFUND_FAMILY, gatewayRefundHandler, gatewayRefundKind } from './gateway-refund.ts';
import { approveRefund } from './refunds-repository.ts';
import {
  endRefund,
  refundAddonOfRefundedPurchase,
  refundAddonsOfReversedMain,
  refundOwnedItems,
  REFUND_EMAIL_KINDS,
  renderRefundOutboxEmail,
  type RefundsConfig,
} from './refund-service.ts';

export function registerRefundsEvents({ events, kinds, deps }: EventWiring): void {
  const { config } = deps;
  events.subscribe('refunded', (trx, { order, at }) => endRefund(trx, order, at, true));
  events.subscribe('reversed', (trx, { order, at }) => endRefund(trx, order, at, false));
  // Nothing owed is left unlisted: a main order gone takes its paid add-ons with it.
  events.subscribe('refunded', (trx, { order, at }) => refundAddonsOfReversedMain(trx, config, order, at));
  events.subscribe('reversed', (trx, { order, at }) => refundAddonsOfReversedMain(trx, config, order, at));
  events.subscribe('paid', (trx, { order, at }) => refundAddonOfRefundedPurchase(trx, config, order, at));
  events.subscribe('duplicate', (trx, event) => refundOwnedItems(trx, config, event));
  events.subscribe('undeliverable', (trx, { order, at }) => refundUndeliverable(trx, config, order.id, at));

  const email = emailHandler(deps.mailer, (row) => renderRefundOutboxEmail(deps, row));
  for (const kind of REFUND_EMAIL_KINDS) {
    kinds.register(kind, email);
    kinds.register(`${kind}:`, email);
  }
  kinds.register(GATEWAY_REFUND_FAMILY, gatewayRefundHandler(deps));
}

/** A payment nobody can be given (its buyer was erased) goes back whole: at the gateway where allowed, else listed. */
async function refundUndeliverable(trx: Transaction<Database>, config: RefundsConfig, orderId: string, now: number): Promise<void> {
  const row = await approveRefund(trx, { orderId, origin: 'seller', by: 'auto', gateway: config.gatewayRefunds, now });
  if (!row) return;
  await recordEvidence(trx, { orderId, at: now, kind: 'refund_approved', detail: 'auto' });
  if (config.gatewayRefunds) await enqueueOutboxMessage(trx, { orderId, kind: gatewayRefundKind(Number(row.attempt)), payload: {}, now });
}
