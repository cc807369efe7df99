import type { ClaimedMessage } from './outbox-repository.ts';

export interface RetryPolicy {
  baseBackoffMs: number;
  maxBackoffMs: number;
  giveUpAfterMs?: number;
}

/** The worker claims, leases, deadlines, records and retries; a handler only sends one row. */
export interface OutboxHandler {
  channel: string;
  /** `signal` aborts at the hard deadline; throw UndeliverableMessageError when retrying cannot help. */
  deliver(message: ClaimedMessage, signal: AbortSignal): Promise<{ recipient?: string }>;
  retry?: RetryPolicy;
  mode?: string;
}

/** A kind is exact (`access_email`) or a family ending in `:` (`webhook:`). */
export interface OutboxKinds {
  register(kind: string, handler: OutboxHandler): void;
  handlerOf(kind: string): OutboxHandler | undefined;
}

export function createOutboxKinds(): OutboxKinds {
  // A Map, not an object: a row's kind comes from the database and must never be a property lookup.
  const handlers = new Map<string, OutboxHandler>();
  return {
    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`outbox kind "${kind}" is registered twice`);
      handlers.set(kind, handler);
    },
    handlerOf(kind) {
      const exact = handlers.get(kind);
      if (exact) return exact;
      // The longest family first: `conversion:meta_refund:` before `conversion:`.
      for (let colon = kind.lastIndexOf(':'); colon > 0; colon = kind.lastIndexOf(':', colon - 1)) {
        const family = handlers.get(kind.slice(0, colon + 1));
        if (family) return family;
      }
      return undefined;
    },
  };
}
