/**
 * Woovi's disputes, from github.com/Open-Pix/openpix-developers (76584f0): `src/swaggers/woovi.yml` (`GET /api/v1/dispute/{id}` by
 * endToEndId; `POST /api/v1/dispute/:id/evidence`, `documents[{ url, correlationID, description }]`) and
 * `disputa/how-add-new-evidence-in-evidence.md` (the id comes in DISPUTE_CREATED; Woovi downloads the PDF). No deadline is named.
 * The list: `GET /api/v1/dispute` ("Get a list of disputes", scope DISPUTE_GET_LIST; `start`/`end` RFC 3339; `{ disputes, pageInfo }`,
 * the Dispute schema with `endToEndId`, `value`, `status` IN_REVIEW / ACCEPTED / REJECTED / CANCELED, `createdAt`, `updatedAt`),
 * paged by `skip` as Woovi's `transaction/transaction-how-to-paginate-api` page (Open-Pix/openpix-developers) shows; a missing scope is 403 `{ error: "Application
 * does not have required scope: …" }` (its `account-limits/api-getting-started` page).
 */
import { wooviCopy } from '../../../../content/providers.ts';
import { refundErrorDetail } from '../../errors.ts';
import type { DefenceOutcome, DisputeListRange, DisputeListRead, ProviderDispute } from '../../pix-provider.ts';
import { TransportFailure } from '../../transport.ts';
import { GatewayError, type GatewayErrorKind } from '../../types.ts';
import { pathId, type WooviApi, type WooviReply } from './woovi-api.ts';
import { refusalCause } from './woovi-errors.ts';
import { disputeState, errorText, isNotFound, parseDisputeList, parseDisputeReply, type WooviDispute } from './woovi-parse.ts';

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

/**
 * Requests per poll: 10 pages of 100 disputes each. A longer list is read on at the next polls from where this one stopped
 * (`resumeAt`, Woovi's `skip`), so no poll sends more than this however many disputes there are.
 */
export const MAX_LIST_PAGES = 10;
/** Woovi's largest page ("O endpoint limita a 100 … por request", `transaction/transaction-how-to-paginate-api`). */
export const LIST_PAGE_SIZE = 100;
/**
 * The list is filtered by when each dispute was created, so each poll reads back over the MED's 80 days (a buyer may
 * contest that long after paying) and every dispute still open or changing in them is seen again.
 */
export const LIST_FOLLOW_MS = 80 * 24 * 60 * 60_000;
/** The scope Woovi's 403 names when the application lacks it. */
const LIST_SCOPE = 'DISPUTE_GET_LIST';

/** RFC 3339 in UTC to the second, as the OpenAPI document's `start`/`end` examples write it. */
function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** 401 is the AppID; 403 naming a scope is the application's scopes in Woovi's panel: each says the fix. */
function listFailure(reply?: WooviReply): GatewayError {
  if (!reply) return new GatewayError(wooviCopy.disputeListNoAnswer, 'dispute');
  const detail = errorText(reply.json);
  const scope = reply.status === 403 ? /required scope:?\s*([A-Z_.]+)/i.exec(detail ?? '') : null;
  const message =
    reply.status === 401
      ? wooviCopy.appIdRefused
      : scope
        ? wooviCopy.missingScope(scope[1] ?? LIST_SCOPE)
        : wooviCopy.disputeListFailedHttp(reply.status, refundErrorDetail({ error: detail }));
  const error = new GatewayError(message, 'dispute', reply.status);
  error.cause = refusalCause(reply);
  return error;
}

/**
 * The disputes Woovi lists in [from, to), page by page, newest first, from `resumeAt` (a `skip`) on; at most MAX_LIST_PAGES
 * requests, then `resumeAt` says where the next read of the same range goes on. The range's end stays fixed while it is
 * resumed, so disputes opened meanwhile do not shift the pages. Each is keyed by its payment's end-to-end id, as the
 * webhook's is (`providerDispute`), so the poll and the webhook record one dispute; one without that id cannot be tied to a
 * payment.
 */
export async function listDisputes(api: WooviApi, range: DisputeListRange): Promise<DisputeListRead> {
  const query = { start: rfc3339(Math.floor(range.from / 1000) * 1000), end: rfc3339(Math.ceil(range.to / 1000) * 1000) };
  const disputes: ProviderDispute[] = [];
  let skip: number | null = range.resumeAt ?? 0;
  for (let fetched = 0; skip !== null && fetched < MAX_LIST_PAGES; fetched++) {
    const params = new URLSearchParams({ ...query, limit: String(LIST_PAGE_SIZE) });
    if (skip > 0) params.set('skip', String(skip));
    let reply: WooviReply;
    try {
      reply = await api.call('GET', `/api/v1/dispute?${params.toString()}`);
    } catch {
      throw listFailure();
    }
    if (!reply.ok) throw listFailure(reply);
    const page = parseDisputeList(reply.json, skip);
    if (!page) throw new GatewayError(wooviCopy.disputeListUnreadable, 'dispute', reply.status);
    for (const dispute of page.disputes) {
      if (dispute.endToEndId) disputes.push(providerDispute(dispute, dispute.endToEndId, null));
    }
    skip = page.nextSkip;
  }
  return { disputes, resumeAt: skip };
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
