import type { Kysely } from 'kysely';
import { backgroundReadNames } from '../../content/background-reads.ts';
import { pushMessages as words } from '../../content/notifications.ts';
import { providerNames } from '../../content/providers.ts';
import { formatBRL } from '../../shared/money.ts';
import type { PushKind } from '../../shared/push.ts';
import { CONSOLE_DISPUTES_HASH, paths } from '../../shared/routes.ts';
import { businessDay, businessDayStart } from '../../shared/time.ts';
import type { Database } from '../db/schema.ts';
import { loadDisputeAlert } from '../disputes/dispute-alert-email.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { itemsOfOrder } from '../purchase/purchase-items.ts';
import { sumPaid } from '../reads/order-console-lookup.ts';
import { PUSH_EVENT_FAMILY, type PushEvent } from '../outbox/push-queue.ts';

export interface PushNote {
  kind: PushKind;
  title: string;
  body: string;
  /** One notification per tag on the device: a new sale replaces the last one with the day's figures. */
  tag: string;
  url: string;
  /** Rings through quiet hours: a dispute near its deadline. */
  urgent: boolean;
}

const orderUrl = (orderId: string) => `${paths.admin}#pedidos/${encodeURIComponent(orderId)}`;

async function orderOf(db: Kysely<Database>, orderId: string) {
  const order = await findOrderById(db, orderId);
  if (!order) throw new UndeliverableMessageError(`push for ${orderId}: order gone`);
  return order;
}

async function saleNote(db: Kysely<Database>, orderId: string, now: number): Promise<PushNote> {
  const order = await orderOf(db, orderId);
  const today = businessDay(now);
  const [items, day] = await Promise.all([itemsOfOrder(db, orderId), sumPaid(db, businessDayStart(today), businessDayStart(today, 1))]);
  const amount = formatBRL(Number(order.amount_cents));
  const bought = items.map((item) => item.title).join(' + ');
  const grouped = day.paidOrders > 1;
  return {
    kind: 'sale',
    title: grouped ? words.salesToday(day.paidOrders, formatBRL(day.revenueCents)) : words.sale(amount),
    body: grouped ? words.lastSale(amount, bought) : bought,
    tag: `vendas-${today}`,
    url: orderUrl(orderId),
    urgent: false,
  };
}

async function disputeNote(db: Kysely<Database>, row: { orderId: string; kind: string }): Promise<PushNote> {
  const { dispute, step, facts } = await loadDisputeAlert(db, row, `${PUSH_EVENT_FAMILY}dispute:`);
  const title =
    step.kind === 'opened'
      ? words.disputeOpened(facts.amount)
      : step.kind === 'reminder'
        ? words.disputeReminder(step.reminder.left)
        : step.outcome === 'won'
          ? words.disputeWon
          : words.disputeLost;
  return {
    kind: 'dispute',
    title,
    body: words.disputeBody(facts.ref, facts.due),
    tag: `contestacao-${dispute.id}`,
    url: `${paths.admin}${CONSOLE_DISPUTES_HASH}/${encodeURIComponent(dispute.id)}`,
    urgent: step.kind === 'reminder',
  };
}

/** The notification an event's row stands for, from what the records say as it goes out. */
export async function composePushNote(
  db: Kysely<Database>,
  row: { orderId: string; kind: string },
  event: PushEvent,
  now: number,
): Promise<PushNote> {
  switch (event.type) {
    case 'sale':
      return saleNote(db, row.orderId, now);
    case 'dispute':
      return disputeNote(db, row);
    case 'refund_asked':
    case 'refund_failed': {
      const order = await orderOf(db, row.orderId);
      const asked = event.type === 'refund_asked';
      return {
        kind: 'refund',
        title: asked ? words.refundAsked(formatBRL(event.amountCents)) : words.refundFailed,
        body: asked ? words.refundAskedBody(order.public_ref) : words.refundFailedBody(order.public_ref),
        tag: `reembolso-${order.id}`,
        url: orderUrl(order.id),
        urgent: false,
      };
    }
    case 'experiment': {
      // The row's key: experiment:{test id}:{verdict} (experiments/experiment-service.ts).
      const testId = row.kind.slice(PUSH_EVENT_FAMILY.length).split(':')[1] ?? '';
      return {
        kind: 'experiment',
        title: event.verdict === 'held' ? words.experimentHeld : words.experimentVerdict,
        body: words.experimentBody(event.name, event.verdict),
        tag: `teste-ab-${row.kind}`,
        url: `${paths.admin}#testes-ab${testId ? `/${encodeURIComponent(testId)}` : ''}`,
        urgent: false,
      };
    }
    case 'provider': {
      const name = (providerNames as Readonly<Record<string, string>>)[event.provider] ?? event.provider;
      const what = (backgroundReadNames as Readonly<Record<string, { what: string }>>)[event.read]?.what ?? event.read;
      return {
        kind: 'provider',
        title: event.back ? words.providerBack(name) : words.providerDown(name),
        body: event.back ? words.providerBackBody(what) : words.providerDownBody(what),
        tag: `provedor-${event.provider}`,
        url: `${paths.admin}#saude`,
        urgent: false,
      };
    }
  }
}
