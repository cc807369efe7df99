import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ProviderDispute } from '../gateway/pix-provider.ts';
import type { OrderItemKey } from '../../shared/checkout.ts';
import type { Logger } from '../lib/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OutboxKinds } from '../outbox/outbox-kinds.ts';
import type { OrdersDeps } from './orders-deps.ts';
import type { OrderRow } from './orders-repository.ts';

/** Order transitions, published in the transaction that makes them; subscribers (subscribers.ts) write their outbox rows in it. */
export type OrderEvent =
  | { type: 'created'; order: OrderRow; at: number }
  | { type: 'charged'; order: OrderRow; at: number }
  | { type: 'failed'; orderId: string; at: number }
  /** The gateway confirmed the payment (docs/payments.md#postbacks). */
  | { type: 'paid'; order: OrderRow; at: number }
  /** The paid order repeats a payment of the same buyer within 48 h (docs/payments.md#duplicate-payments). */
  | { type: 'duplicate'; order: OrderRow; original: OrderRow; at: number }
  | { type: 'reversed'; order: OrderRow; at: number; refund: RefundMovement }
  | { type: 'refunded'; order: OrderRow; at: number; refund: RefundMovement }
  /**
   * Some of a paid order went back (a duplicate's repeated item, a part refund); the order stays paid. `atProvider`: the
   * seller made it at the provider and a read found it (payment/provider-refunds.ts): its item, if any, is not refunded yet.
   */
  | { type: 'part_refunded'; order: OrderRow; at: number; refund: RefundMovement; atProvider?: true }
  /** Paid, but nobody can be given it (its buyer was erased): refunded whole (docs/payments.md#reconciliation). */
  | { type: 'undeliverable'; order: OrderRow; at: number }
  /**
   * A read or a verified webhook shows a contestation of the paid charge (docs/disputes.md): the dispute as the provider
   * states it, and what a MED devolução or a chargeback took back. Told after the read, outside any transition.
   */
  | {
      type: 'dispute_seen';
      orderId: string;
      dispute: ProviderDispute | null;
      returned: MedReturn | null;
      at: number;
      cleared?: 'won' | 'cancelled';
    }
  /** Buyer data erased (docs/operations.md#personal-data); `email` normalized, for hashed keys: never stored nor logged. */
  | { type: 'erased'; orderId: string; at: number; email: string };

/** Money a MED devolução or a chargeback took back of a charge, all of it or a part (ChargeRecord `disputeReturnedCents`). */
export interface MedReturn {
  cents: number;
  chargeId: string;
  endToEndId: string | null;
  rawStatus: string | null;
}

/** What one money movement gave back: its amount and the items it covered (docs/money.md#refunds). */
export interface RefundMovement {
  amountCents: number;
  items: OrderItemKey[];
  /** A part tied to no item (`items` empty): the provider's total after it, which names the movement. */
  providerTotalCents?: number;
}

export type OrderEventType = OrderEvent['type'];
export type OrderEventOf<T extends OrderEventType> = Extract<OrderEvent, { type: T }>;

/** Writes a subscriber's rows in the transition's transaction; throwing rolls the transition back. */
type Subscriber<T extends OrderEventType> = (trx: Transaction<Database>, event: OrderEventOf<T>) => Promise<void>;
/** Runs once the transition committed, for work that must never undo it (a funnel count, a nudge to the outbox). */
type Listener<T extends OrderEventType> = (event: OrderEventOf<T>) => void | Promise<void>;

export interface OrderEvents {
  subscribe<T extends OrderEventType>(type: T, subscriber: Subscriber<T>): void;
  afterCommit<T extends OrderEventType>(type: T, listener: Listener<T>): void;
  publish(trx: Transaction<Database>, event: OrderEvent): Promise<void>;
  /** Called by orders/ after that transaction committed; a listener's failure is logged and goes no further. */
  committed(event: OrderEvent): Promise<void>;
}

/** What each `<feature>/<feature>-events.ts` registers: `events` and outbox `kinds` (see subscribers.ts). */
export interface EventWiring {
  events: OrderEvents;
  kinds: OutboxKinds;
  deps: ConsumerDeps;
}

export type ConsumerDeps = OrdersDeps & { now: () => number; mailer: Mailer };

export function createOrderEvents(options: { logger: Logger }): OrderEvents {
  // Stored by type; each was registered for the events of its own type only, which `publish` keeps.
  const subscribers = new Map<OrderEventType, Array<Subscriber<OrderEventType>>>();
  const listeners = new Map<OrderEventType, Array<Listener<OrderEventType>>>();
  const add = <F>(map: Map<OrderEventType, F[]>, type: OrderEventType, fn: F) => map.set(type, [...(map.get(type) ?? []), fn]);
  return {
    subscribe(type, subscriber) {
      add(subscribers, type, subscriber as unknown as Subscriber<OrderEventType>);
    },
    afterCommit(type, listener) {
      add(listeners, type, listener as unknown as Listener<OrderEventType>);
    },
    async publish(trx, event) {
      for (const subscriber of subscribers.get(event.type) ?? []) await subscriber(trx, event);
    },
    async committed(event) {
      for (const listener of listeners.get(event.type) ?? []) {
        try {
          await listener(event);
        } catch (error) {
          options.logger.warn('After an order event: a listener failed', {
            event: event.type,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    },
  };
}

export function orderIdOf(event: OrderEvent): string {
  return 'order' in event ? event.order.id : event.orderId;
}
