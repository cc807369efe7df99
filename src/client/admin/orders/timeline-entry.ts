import { admin as copy } from '../../../content/admin.ts';
import { refundReasonLabels } from '../../../content/refunds.ts';
import type { TimelineEntry } from '../../../shared/admin.ts';

/** An order's timeline step in words: its title, then the notes under its time (an error, a reason, a quote). */
export function describeTimelineEntry(entry: TimelineEntry): { title: string; notes: string[] } {
  const text = copy.detail;
  if (entry.kind === 'refund' && entry.refund) {
    const { event, reason, text: said } = entry.refund;
    const notes: string[] = [];
    if (reason) notes.push(text.refundReason(refundReasonLabels[reason]));
    // The buyer's and the seller's words are quoted; the gateway's error is not theirs to quote.
    if (said) notes.push(event === 'gateway_failed' ? said : text.quoted(said));
    return { title: text.refundEvents[event], notes };
  }
  // An e-mail's step comes named by the server, from its outbox kind's row (content/admin.ts `emailTimeline`).
  const title = entry.label ?? text.timelineKinds[entry.kind] ?? entry.kind;
  if (entry.kind === 'admin' && entry.detail) return { title: `${title}: ${text.auditActions[entry.detail] ?? entry.detail}`, notes: [] };
  return { title, notes: entry.kind === 'email_failed' && entry.detail ? [entry.detail] : [] };
}
