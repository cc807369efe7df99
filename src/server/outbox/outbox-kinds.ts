import type { EmailTimelineLabels } from '../../shared/admin.ts';
import type { ClaimedMessage } from './outbox-repository.ts';

export interface RetryPolicy {
  baseBackoffMs: number;
  maxBackoffMs: number;
  giveUpAfterMs?: number;
}

/** What a kind's row in subscribers.ts states besides its handler; the console and the erasure read it. */
export interface OutboxKindFacts {
  /** The buyer reads it (an e-mail, a WhatsApp message), not the seller nor a service. */
  toBuyer: boolean;
  /** Its unsent rows go with the buyer's personal data: with no address left, it could only fail. */
  erasedWithBuyer: boolean;
  /** An e-mail's steps on the console's order timeline (content/admin.ts `emailTimeline`). */
  timeline: EmailTimelineLabels | null;
}

/** The worker claims, leases, deadlines, records and retries; a handler only sends one row. */
export interface OutboxHandler {
  channel: string;
  /** `signal` aborts at the hard deadline; throw UndeliverableMessageError when retrying cannot help. */
  deliver(message: ClaimedMessage, signal: AbortSignal): Promise<{ recipient?: string }>;
  retry?: RetryPolicy;
  mode?: string;
  /** Given by subscribers.ts from the kind's row, never by the feature that registers it. */
  facts?: OutboxKindFacts;
}

/** A kind is exact (`access_email`) or a family ending in `:` (`webhook:`). */
export interface OutboxKinds {
  register(kind: string, handler: OutboxHandler): void;
  handlerOf(kind: string): OutboxHandler | undefined;
  /** The kinds (exact and families) whose handler passes `test`, for a query over the table. */
  kindsWhere(test: (handler: OutboxHandler) => boolean): string[];
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
    kindsWhere(test) {
      return [...handlers].filter(([, handler]) => test(handler)).map(([kind]) => kind);
    },
  };
}
