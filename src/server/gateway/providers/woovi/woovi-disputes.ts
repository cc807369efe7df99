/**
 * Woovi's disputes, from github.com/Open-Pix/openpix-developers (76584f0): `src/swaggers/woovi.yml` (`GET /api/v1/dispute/{id}` by
 * endToEndId; `POST /api/v1/dispute/:id/evidence`, `documents[{ url, correlationID, description }]`) and
 * `disputa/how-add-new-evidence-in-evidence.md` (the id comes in DISPUTE_CREATED; Woovi downloads the PDF). No deadline is named.
 */
import { wooviCopy } from '../../../../content/providers.ts';
import { refundErrorDetail } from '../../errors.ts';
import type { DefenceOutcome, ProviderDispute } from '../../pix-provider.ts';
import { TransportFailure } from '../../transport.ts';
import { GatewayError, type GatewayErrorKind } from '../../types.ts';
import { pathId, type WooviApi, type WooviReply } from './woovi-api.ts';
import { refusalCause } from './woovi-errors.ts';
import { disputeState, errorText, isNotFound, parseDisputeReply, type WooviDispute } from './woovi-parse.ts';

/** Woovi states no limit for a document's `description`: the text is kept to this, the PDF carrying the rest. */
export const MAX_EVIDENCE_DESCRIPTION = 1000;

/** The dispute as the provider contract has it; its id is the payment's end-to-end id, the key Woovi reads it by. */
export function providerDispute(dispute: WooviDispute, endToEndId: string, chargeId: string | null): ProviderDispute {
  return {
    disputeId: endToEndId,
    chargeId,
    endToEndId,
    amountCents: dispute.amountCents,
    state: disputeState(dispute.rawStatus),
    rawStatus: dispute.rawStatus ?? 'UNKNOWN',
    defenceDueAt: null,
    payer: dispute.payerName ? { name: dispute.payerName, document: null } : null,
  };
}

function readFailure(kind: GatewayErrorKind, reply?: WooviReply): GatewayError {
  if (!reply) return new GatewayError(wooviCopy.disputeReadFailed, kind);
  const error = new GatewayError(
    reply.status === 401 ? wooviCopy.appIdRefused : wooviCopy.disputeReadFailedHttp(reply.status),
    kind,
    reply.status,
  );
  error.cause = refusalCause(reply);
  return error;
}

export async function readDispute(api: WooviApi, endToEndId: string, kind: GatewayErrorKind): Promise<WooviDispute | null> {
  let reply: WooviReply;
  try {
    reply = await api.call('GET', `/api/v1/dispute/${pathId(endToEndId)}`);
  } catch {
    throw readFailure(kind);
  }
  if (!reply.ok && isNotFound(reply.status, reply.json)) return null;
  const dispute = reply.ok ? parseDisputeReply(reply.json) : null;
  if (!dispute) throw readFailure(kind, reply);
  return dispute;
}

/** One document, the PDF at `pdfUrl`; a 400 for an accepted dispute means too late. The route's `id` is read, else the end-to-end id. */
export async function submitEvidence(
  api: WooviApi,
  dispute: ProviderDispute,
  defence: { text: string; pdfUrl?: string | null },
): Promise<DefenceOutcome> {
  if (!defence.pdfUrl) throw new GatewayError(wooviCopy.evidenceNeedsUrl, 'dispute');
  const endToEndId = dispute.endToEndId ?? dispute.disputeId;
  const read = await readDispute(api, endToEndId, 'dispute');
  const body = {
    documents: [
      {
        url: defence.pdfUrl,
        correlationID: `defesa-${endToEndId}`,
        description: defence.text.trim().slice(0, MAX_EVIDENCE_DESCRIPTION),
      },
    ],
  };
  let reply: WooviReply;
  try {
    reply = await api.call('POST', `/api/v1/dispute/${pathId(read?.id ?? endToEndId)}/evidence`, body);
  } catch (error) {
    throw new GatewayError(wooviCopy.evidenceNoAnswer, 'dispute', undefined, error instanceof TransportFailure && error.sent);
  }
  if (reply.ok) return { kind: 'sent' };
  if (reply.status === 400 && /accepted/i.test(errorText(reply.json) ?? '')) return { kind: 'too_late' };
  const error = new GatewayError(
    wooviCopy.evidenceRefused(reply.status, refundErrorDetail({ error: errorText(reply.json) })),
    'dispute',
    reply.status,
    reply.status >= 500,
  );
  error.cause = refusalCause(reply);
  throw error;
}
