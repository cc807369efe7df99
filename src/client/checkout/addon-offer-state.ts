import type { OpenOrder } from './open-order-store.ts';

/**
 * The one-time offer after payment (docs/offers.md), step by step: the offer; the buyer's answer on its
 * way; the add-on's own PIX in place of the offer; the offer again at the price the seller published
 * since it was shown (`repriced`, nothing charged); or the line that says "no" was heard. Its
 * payment is the add-on order's own status (use-order-status.ts), not a step here.
 */
export type AddonPhase =
  | { kind: 'offer' }
  | { kind: 'accepting' }
  | { kind: 'failed' }
  | { kind: 'repriced' }
  | { kind: 'declined' }
  | { kind: 'pix'; order: OpenOrder };

export type AddonEvent =
  { type: 'accept' } | { type: 'created'; order: OpenOrder } | { type: 'accept-failed' } | { type: 'repriced' } | { type: 'decline' };

/**
 * The next step. An answer counts only while the offer is on screen (or after a failed accept),
 * so a second click while the first is on its way changes nothing; an expired add-on PIX may ask
 * again (the server answers a repeated accept with its add-on order).
 */
export function nextAddonPhase(phase: AddonPhase, event: AddonEvent): AddonPhase {
  switch (event.type) {
    case 'accept':
      return canAnswer(phase) || phase.kind === 'pix' ? { kind: 'accepting' } : phase;
    case 'decline':
      return canAnswer(phase) ? { kind: 'declined' } : phase;
    case 'created':
      return phase.kind === 'accepting' ? { kind: 'pix', order: event.order } : phase;
    case 'accept-failed':
      return phase.kind === 'accepting' ? { kind: 'failed' } : phase;
    case 'repriced':
      return phase.kind === 'accepting' ? { kind: 'repriced' } : phase;
  }
}

/** Whether the offer's buttons take a click: not while an answer is on its way. */
export function canAnswer(phase: AddonPhase): boolean {
  return phase.kind === 'offer' || phase.kind === 'failed' || phase.kind === 'repriced';
}
