import { describe, expect, it } from 'vitest';
import { createOutboxKinds, type OutboxHandler } from './outbox-kinds.ts';

const handler = (channel: string): OutboxHandler => ({ channel, deliver: async () => ({}) });

describe('outbox kinds', () => {
  it('finds a row by its exact kind first, else by its family', () => {
    const kinds = createOutboxKinds();
    kinds.register('webhook:', handler('webhook'));
    kinds.register('conversion:meta', handler('meta'));
    kinds.register('access_email', handler('e-mail'));
    expect(kinds.handlerOf('webhook:order.paid')?.channel).toBe('webhook');
    expect(kinds.handlerOf('conversion:meta')?.channel).toBe('meta');
    expect(kinds.handlerOf('access_email')?.channel).toBe('e-mail');
    // A platform this version does not send, and names no registration reaches.
    for (const kind of ['conversion:tiktok', 'access_email:1', 'webhook', '__proto__', 'constructor', 'toString:', ':x', '']) {
      expect(kinds.handlerOf(kind), kind).toBeUndefined();
    }
  });

  it('refuses a kind registered twice, so two consumers never claim the same rows', () => {
    const kinds = createOutboxKinds();
    kinds.register('pix_reminder:', handler('e-mail'));
    expect(() => kinds.register('pix_reminder:', handler('other'))).toThrow('outbox kind "pix_reminder:" is registered twice');
  });
});
