import { describe, expect, it } from 'vitest';
import { createLogger } from './lib/logger.ts';
import { createOrderEvents, type ConsumerDeps, type EventWiring } from './orders/order-events.ts';
import { createOutboxKinds } from './outbox/outbox-kinds.ts';
import { wireSubscribers } from './subscribers.ts';

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
    wireSubscribers(kinds, deps, [[['paid'], registerNotes, 'note', 'e-mail', retry]]);
    expect(kinds.handlerOf('note')?.retry).toEqual(retry);
  });

  it('refuses an event, a kind, a handler or a retry policy the table does not list', () => {
    const cases: Array<[string, (wiring: EventWiring) => void]> = [
      ['order event "refunded"', ({ events }) => events.subscribe('refunded', async () => {})],
      ['order event "created"', ({ events }) => events.afterCommit('created', () => {})],
      ['outbox kind "other" sent by "e-mail"', ({ kinds }) => kinds.register('other', { channel: 'e-mail', deliver })],
      ['outbox kind "note" sent by "webhook"', ({ kinds }) => kinds.register('note', { channel: 'webhook', deliver })],
      ['with its own retry', ({ kinds }) => kinds.register('note', { channel: 'e-mail', deliver, retry })],
    ];
    for (const [message, subscriber] of cases) {
      expect(() => wireSubscribers(createOutboxKinds(), deps, [[['paid'], subscriber, 'note', 'e-mail', undefined]])).toThrow(message);
    }
  });
});
