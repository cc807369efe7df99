import { describe, expect, it } from 'vitest';
import { createLogger } from './lib/logger.ts';
import { createOrderEvents, type ConsumerDeps, type EventWiring } from './orders/order-events.ts';
import { createOutboxKinds } from './outbox/outbox-kinds.ts';
import { SUBSCRIBERS, wireSubscribers } from './subscribers.ts';

const deps = { events: createOrderEvents({ logger: createLogger({ level: 'error' }) }) } as ConsumerDeps;
const retry = { baseBackoffMs: 1_000, maxBackoffMs: 2_000 };
const deliver = async () => ({});

describe('wireSubscribers', () => {
  it('gives each kind the retry policy of its row', () => {
    const kinds = createOutboxKinds();
    const registerNotes = ({ events, kinds }: EventWiring) => {
      events.subscribe('paid', async () => {});
      kinds.register('note', { channel: 'e-mail', deliver });
    };
    const timeline = { sent: 'Nota enviada' };
    wireSubscribers(kinds, deps, [[['paid'], registerNotes, 'note', 'e-mail', retry, true, true, timeline]]);
    expect(kinds.handlerOf('note')?.retry).toEqual(retry);
    expect(kinds.handlerOf('note')?.facts).toEqual({ toBuyer: true, erasedWithBuyer: true, timeline });
  });

  it('refuses an event, a kind, a handler or a retry policy the table does not list', () => {
    const cases: Array<[string, (wiring: EventWiring) => void]> = [
      ['order event "refunded"', ({ events }) => events.subscribe('refunded', async () => {})],
      ['order event "created"', ({ events }) => events.afterCommit('created', () => {})],
      ['outbox kind "other" sent by "e-mail"', ({ kinds }) => kinds.register('other', { channel: 'e-mail', deliver })],
      ['outbox kind "note" sent by "webhook"', ({ kinds }) => kinds.register('note', { channel: 'webhook', deliver })],
      ['with its own retry', ({ kinds }) => kinds.register('note', { channel: 'e-mail', deliver, retry })],
      [
        'with its own facts',
        ({ kinds }) =>
          kinds.register('note', { channel: 'e-mail', deliver, facts: { toBuyer: false, erasedWithBuyer: false, timeline: null } }),
      ],
    ];
    for (const [message, subscriber] of cases) {
      expect(() =>
        wireSubscribers(createOutboxKinds(), deps, [[['paid'], subscriber, 'note', 'e-mail', undefined, false, false, null]]),
      ).toThrow(message);
    }
  });

  it('drops with the buyer every kind the buyer reads, and names every e-mail on the timeline', () => {
    const rows = SUBSCRIBERS.filter(([, , kind]) => kind !== null);
    const kindsOf = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test).map(([, , kind]) => kind);
    expect(kindsOf(([, , , , , toBuyer, erased]) => toBuyer && !erased)).toEqual([]);
    expect(kindsOf(([, , , handler, , , , timeline]) => handler === 'e-mail' && timeline === null)).toEqual([]);
    const erased = kindsOf(([, , , , , , erasedWithBuyer]) => erasedWithBuyer);
    // The refund e-mails were once left out of the erasure's list.
    expect(erased).toEqual(expect.arrayContaining(['access_email', 'pix_reminder:', 'review_request', 'refund_received', 'refund_done:']));
    // What the seller's CRM must still hear of, the seller's alert and the refund owed are never dropped.
    for (const kept of ['webhook:', 'duplicate_alert', 'gateway_refund:']) expect(erased).not.toContain(kept);
  });
});
