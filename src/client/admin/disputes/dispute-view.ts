import { disputesConsole as text } from '../../../content/disputes.ts';
import { AdminDisputeCreateSchema, type AdminDispute, type DisputeState } from '../../../shared/disputes.ts';
import { parseReais } from '../../../shared/money.ts';
import { formatCount } from '../../../shared/text.ts';
import { ApiError } from '../../lib/api.ts';

// What the "Contestações" area decides from a dispute and the seller's typing (dispute-view.test.ts).

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Under this, the time left is shown as urgent (the provider's last reminder goes 6 h before). */
const URGENT_MS = 24 * HOUR_MS;

export const isOpenDispute = (state: DisputeState) => state === 'open' || state === 'defending';

/** "Faltam 2 dias e 3 h", "Faltam 5 h e 20 min", "Faltam 40 min", or "Prazo encerrado"; null when no deadline is known. */
export function timeLeft(dueAt: number | null, now: number): { text: string; urgent: boolean } | null {
  if (dueAt === null) return null;
  const left = dueAt - now;
  if (left <= 0) return { text: text.overdue, urgent: true };
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  // Rounded up: a deadline 30 s away still has "1 min", never "0 min".
  const minutes = Math.ceil((left % HOUR_MS) / MINUTE_MS);
  const parts =
    days > 0
      ? [formatCount(days, text.left.day), hours > 0 ? `${hours} ${text.left.hour}` : null]
      : hours > 0
        ? [`${hours} ${text.left.hour}`, minutes > 0 && minutes < 60 ? `${minutes} ${text.left.minute}` : null]
        : [`${minutes} ${text.left.minute}`];
  return { text: text.timeLeft(parts.filter(Boolean).join(` ${text.left.and} `)), urgent: left < URGENT_MS };
}

export interface DisputeFormFields {
  query: string;
  amount: string;
  dueOn: string;
  providerDisputeId: string;
}

export type DisputeFormResult =
  | { ok: true; body: { query: string; amountCents?: number; defenceDueOn?: string; providerDisputeId?: string } }
  | { ok: false; errors: Partial<Record<keyof DisputeFormFields, string>> };

/** "Registrar contestação"'s fields as the body of POST /api/admin/disputes, or what to fix, in Portuguese. */
export function disputeFormBody(fields: DisputeFormFields): DisputeFormResult {
  const errors: Partial<Record<keyof DisputeFormFields, string>> = {};
  // As the seller types it ("R$ 1.234,56", "19,90", "19.90"); nothing, the whole paid amount.
  const amountCents = fields.amount.trim() ? parseReais(fields.amount) : undefined;
  if (amountCents === null || (amountCents !== undefined && amountCents <= 0)) errors.amount = text.badAmount;
  const body = {
    query: fields.query.trim(),
    ...(amountCents ? { amountCents } : {}),
    ...(fields.dueOn ? { defenceDueOn: fields.dueOn } : {}),
    ...(fields.providerDisputeId.trim() ? { providerDisputeId: fields.providerDisputeId.trim() } : {}),
  };
  // The same schema the server validates with; its refusals named by field, in the console's words.
  for (const issue of AdminDisputeCreateSchema.safeParse(body).error?.issues ?? []) {
    const field = issue.path[0];
    if (field === 'query') errors.query ??= text.queryRequired;
    else if (field === 'amountCents') errors.amount ??= text.badAmount;
    else if (field === 'defenceDueOn') errors.dueOn ??= text.badDate;
    else if (field === 'providerDisputeId') errors.providerDisputeId ??= text.badProviderId;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}

/**
 * The amount the MED took back, shown as "Devolvido pelo MED"; `awaited` when lost at a provider whose devolução is yet to be
 * read (nothing counted, the access kept); null while the dispute is not lost.
 */
export const medReturnedCents = (dispute: Pick<AdminDispute, 'state' | 'returnedCents'>): number | 'awaited' | null =>
  dispute.state !== 'lost' ? null : (dispute.returnedCents ?? 'awaited');

/**
 * What the console offers for a dispute: the defence while it is open, unsent and in time (`late` past its deadline, as the
 * server would refuse it), closing it by hand when entered by hand.
 */
export function disputeActions(
  dispute: Pick<AdminDispute, 'state' | 'source' | 'defenceSentAt' | 'defenceChannel' | 'defenceDueAt'>,
  now: number,
) {
  const open = isOpenDispute(dispute.state);
  const late = open && dispute.defenceSentAt === null && dispute.defenceDueAt !== null && now > dispute.defenceDueAt;
  return {
    sendDefence: open && dispute.defenceSentAt === null && !late,
    late,
    /** The PDF and the text to paste, once the defence for the provider's panel is sent. */
    panelFiles: dispute.defenceChannel === 'panel' && dispute.defenceSentAt !== null,
    resolve: open && dispute.source === 'manual',
  };
}

/** The refund endpoints' 409 while a dispute is open: the console asks again and resends with `confirmDispute`. */
export function isDisputeOpenRefusal(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  const body = error.body as { code?: unknown } | null;
  return typeof body === 'object' && body !== null && body.code === 'dispute_open';
}
