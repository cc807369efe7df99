// "Enviar defesa" and its evidence: sent once, by the provider's channel or the seller's panel (docs/disputes.md#defending).
import { disputesApi } from '../../content/disputes.ts';
import type { AdminDispute, AdminDisputeDefence, DefenceChannel } from '../../shared/disputes.ts';
import { renderEvidencePdf } from '../evidence/evidence-document.ts';
import type { ProviderDispute } from '../gateway/pix-provider.ts';
import { GatewayError } from '../gateway/types.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { loadOrderEvidence } from '../refunds/order-evidence.ts';
import { toAdminDispute } from './dispute-console.ts';
import { buildDefenceText } from './dispute-defence.ts';
import { claimDefence, findDispute, isOpenDispute, releaseDefence, type DisputeRow } from './dispute-repository.ts';
import { nowOf, type DisputesDeps } from './dispute-service.ts';

export type DefenceResult = { kind: 'sent'; dispute: AdminDispute } | { kind: 'refused'; status: 404 | 409 | 422 | 502; message: string };

/** "Enviar defesa", at most once: through the provider's channel where it has one, else the seller's panel (docs/disputes.md#defending). */
export async function sendDefence(deps: DisputesDeps, id: string): Promise<DefenceResult> {
  const now = nowOf(deps);
  const row = await findDispute(deps.db, id);
  if (!row) return { kind: 'refused', status: 404, message: disputesApi.notFound };
  if (row.defence_sent_at !== null) return { kind: 'refused', status: 409, message: disputesApi.alreadySent };
  if (!isOpenDispute(row)) return { kind: 'refused', status: 409, message: disputesApi.closed };
  if (row.defence_due_at !== null && now > Number(row.defence_due_at))
    return { kind: 'refused', status: 422, message: disputesApi.tooLate };
  const provider = deps.payments.get(row.provider);
  const defend = row.source === 'provider' ? provider?.disputes?.defend : undefined;
  const channel: DefenceChannel = defend ? 'provider' : 'panel';
  const text = await buildDefenceText(deps, row);
  const claimed = await claimDefence(deps.db, id, channel, now);
  if (!claimed) return { kind: 'refused', status: 409, message: disputesApi.alreadySent };
  if (defend) {
    const max = provider?.disputes?.maxDefenceChars;
    const cut = max !== undefined && text.length > max ? `${text.slice(0, max - 1)}…` : text;
    // Woovi downloads the PDF itself: from here, while the defence is being sent (routes/dispute-evidence.ts).
    const pdfUrl = `${deps.publicUrl()}/api/disputes/${encodeURIComponent(id)}/evidence.pdf`;
    let outcome;
    try {
      outcome = await defend.call(provider!.disputes, toProviderDispute(row), { text: cut, pdf: await defencePdfOf(deps, row), pdfUrl });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Refused before it was taken: the seller may press again. An unknown outcome stays sent (never twice).
      if (!(error instanceof GatewayError) || !error.uncertain) await releaseDefence(deps.db, id, row, nowOf(deps));
      deps.logger.warn('Defence not taken by the provider', { dispute: id, provider: row.provider, error: message });
      return { kind: 'refused', status: 502, message: disputesApi.providerFailed(message) };
    }
    if (outcome.kind === 'already_sent') return { kind: 'refused', status: 409, message: disputesApi.alreadySent };
    if (outcome.kind === 'too_late') {
      await releaseDefence(deps.db, id, row, nowOf(deps));
      return { kind: 'refused', status: 422, message: disputesApi.tooLate };
    }
  }
  return { kind: 'sent', dispute: await toAdminDispute(deps, (await findDispute(deps.db, id)) ?? claimed) };
}

function toProviderDispute(row: DisputeRow): ProviderDispute {
  return {
    disputeId: row.provider_dispute_id,
    chargeId: null,
    endToEndId: row.end_to_end_id,
    amountCents: Number(row.amount_cents),
    state: row.state,
    rawStatus: row.raw_status ?? '',
    defenceDueAt: row.defence_due_at === null ? null : Number(row.defence_due_at),
    payer: null,
  };
}

async function defencePdfOf(deps: DisputesDeps, row: DisputeRow): Promise<Uint8Array | null> {
  const evidence = await loadOrderEvidence(deps.db, row.order_id, { config: deps.config, publicUrl: deps.publicUrl(), now: nowOf(deps) });
  return evidence ? renderEvidencePdf(evidence) : null;
}

/** The text "Enviar defesa" sends, as it stands: built for one dispute at a time, never for the whole list. */
export async function loadDefenceText(deps: DisputesDeps, id: string): Promise<AdminDisputeDefence | undefined> {
  const row = await findDispute(deps.db, id);
  return row ? { text: await buildDefenceText(deps, row) } : undefined;
}

/** The PDF the seller attaches in the provider's panel: the order's evidence document as it stands. */
export async function loadDefencePdf(
  deps: DisputesDeps,
  id: string,
): Promise<{ pdf: Uint8Array; ref: string; orderId: string } | undefined> {
  const row = await findDispute(deps.db, id);
  const order = row ? await findOrderById(deps.db, row.order_id) : undefined;
  if (!row || !order) return undefined;
  const pdf = await defencePdfOf(deps, row);
  return pdf ? { pdf, ref: order.public_ref, orderId: order.id } : undefined;
}

/** How long after "Enviar defesa" a provider may download the evidence PDF by its URL. */
export const EVIDENCE_URL_MS = 7 * 24 * 60 * 60_000;

/** The PDF for the provider's own download: a defence sent through it, lately, of a dispute from it. */
export async function loadProviderEvidencePdf(deps: DisputesDeps, id: string): Promise<{ pdf: Uint8Array } | undefined> {
  const row = await findDispute(deps.db, id);
  if (!row || row.source !== 'provider' || row.defence_channel !== 'provider' || row.defence_sent_at === null) return undefined;
  if (nowOf(deps) - Number(row.defence_sent_at) > EVIDENCE_URL_MS) return undefined;
  const pdf = await defencePdfOf(deps, row);
  return pdf ? { pdf } : undefined;
}
