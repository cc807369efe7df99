import type { ClaimedMessage } from './outbox-repository.ts';

/**
 * How a row is retried after a failed attempt: `baseBackoffMs` doubling up to `maxBackoffMs`, and,
 * with `giveUpAfterMs`, parked as undeliverable once the row is that old (an event a receiver no
 * longer accepts, a webhook after 3 days).
 */
export interface RetryPolicy {
  baseBackoffMs: number;
  maxBackoffMs: number;
  giveUpAfterMs?: number;
}

/**
 * Sends the rows of one kind: an e-mail, the seller's webhook, an ad platform's conversion. The
 * worker claims, leases, deadlines, records and retries; a handler only sends one row.
 */
export interface OutboxHandler {
  /** How the log names it: `e-mail`, `webhook`, … (lines read "`channel` sent"). */
  channel: string;
  /**
   * Sends one row. `signal` aborts at the hard deadline (cut the connection then). Resolves with
   * a masked recipient for the log; throws UndeliverableMessageError when retrying cannot help.
   */
  deliver(message: ClaimedMessage, signal: AbortSignal): Promise<{ recipient?: string }>;
  retry?: RetryPolicy;
  /** Shown in the "sent" log line (the mailer's smtp or file). */
  mode?: string;
}

/**
 * Which handler sends which rows. Each consumer registers its own kinds when the server is
 * assembled (subscribers.ts), so the outbox knows none of them. A kind is exact (`access_email`) or a
 * family ending in `:` (`webhook:` sends `webhook:order.paid`, `webhook:order.erased`…).
 */
export interface OutboxKinds {
  register(kind: string, handler: OutboxHandler): void;
  /** The handler of a row's kind: its exact registration, else its family's. */
  handlerOf(kind: string): OutboxHandler | undefined;
}

export function createOutboxKinds(): OutboxKinds {
  // A Map, not an object: a row's kind is read from the database and is never a property lookup.
  const handlers = new Map<string, OutboxHandler>();
  return {
    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`outbox kind "${kind}" is registered twice`);
      handlers.set(kind, handler);
    },
    handlerOf(kind) {
      const colon = kind.indexOf(':');
      return handlers.get(kind) ?? (colon > 0 ? handlers.get(kind.slice(0, colon + 1)) : undefined);
    },
  };
}
