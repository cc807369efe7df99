import type { PaymentState } from '../../types.ts';

/** Readers for the "API Pix" JSON (github.com/bacen/pix-api openapi.yaml); none throws. */

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** `valor.original`, `Pix.valor`, `Devolucao.valor`: the standard's `\d{1,10}\.\d{2}`. */
const REAIS = /^(\d{1,10})\.(\d{2})$/;

/** Integer centavos as the standard's reais string: 1990 → "19.90". Never through a float. */
export function centsToReais(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new TypeError(`amount must be integer centavos, got ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A reais string back to integer centavos; null for anything but the standard's pattern (no "19.9", no 19.9). */
export function reaisToCents(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = REAIS.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number(match[2]);
}

export const TXID = /^[a-zA-Z0-9]{26,35}$/;
export const DEVOLUCAO_ID = /^[a-zA-Z0-9]{1,35}$/;

export interface ParsedRefund {
  id: string;
  amountCents: number | null;
  state: 'pending' | 'done' | 'failed';
  rawStatus: string | null;
  /** `Devolucao.natureza` MED_FRAUDE or MED_OPERACIONAL: the MED took it back (ORIGINAL, RETIRADA: the receiver's; docs/disputes.md). */
  byMed: boolean;
}

const MED_NATUREZAS: ReadonlySet<string> = new Set(['MED_FRAUDE', 'MED_OPERACIONAL']);

const REFUND_STATES: Record<string, ParsedRefund['state']> = {
  EM_PROCESSAMENTO: 'pending',
  DEVOLVIDO: 'done',
  NAO_REALIZADO: 'failed',
};

export function parseDevolucao(body: unknown): ParsedRefund | null {
  if (!isRecord(body)) return null;
  const id = text(body.id);
  if (!id) return null;
  const rawStatus = text(body.status);
  const natureza = text(body.natureza);
  return {
    id,
    amountCents: reaisToCents(body.valor),
    state: (rawStatus && Object.hasOwn(REFUND_STATES, rawStatus) ? REFUND_STATES[rawStatus] : undefined) ?? 'pending',
    rawStatus,
    byMed: natureza !== null && MED_NATUREZAS.has(natureza),
  };
}

/** `devolucoes` is an array in the schema, a single object in the standard's own `pixWebhook1` example. */
function devolucoesOf(pix: JsonRecord): ParsedRefund[] {
  const list = Array.isArray(pix.devolucoes) ? pix.devolucoes : isRecord(pix.devolucoes) ? [pix.devolucoes] : [];
  return list.map(parseDevolucao).filter((refund): refund is ParsedRefund => refund !== null);
}

export interface ParsedCob {
  txid: string;
  amountCents: number | null;
  rawStatus: string | null;
  state: PaymentState;
  endToEndId: string | null;
  copiaECola: string | null;
  locationId: string | null;
  expiresAt: number | null;
  /** What MED devoluções returned of this charge so far (done ones), null when none did. */
  disputeReturnedCents: number | null;
  /** Every devolução of its Pix that ended DEVOLVIDO, whole or part, the API's, the panel's and the MED's. */
  refundedCents: number;
}

/** The record's status is not the charge's: an expired charge stays ATIVA, so `now` past the expiry reads as failed. */
export function parseCob(body: unknown, now: number): ParsedCob | null {
  if (!isRecord(body)) return null;
  const txid = text(body.txid);
  if (!txid) return null;
  const valor = isRecord(body.valor) ? body.valor : null;
  const calendario = isRecord(body.calendario) ? body.calendario : null;
  const loc = isRecord(body.loc) ? body.loc : null;
  const created = calendario && typeof calendario.criacao === 'string' ? Date.parse(calendario.criacao) : Number.NaN;
  const seconds = calendario && typeof calendario.expiracao === 'number' ? calendario.expiracao : Number.NaN;
  const expiresAt = Number.isFinite(created) && Number.isSafeInteger(seconds) && seconds > 0 ? created + seconds * 1000 : null;
  const pixList = (Array.isArray(body.pix) ? body.pix : []).filter(isRecord);
  const rawStatus = text(body.status);

  const refundedCents = pixList
    .flatMap(devolucoesOf)
    .filter((refund) => refund.state === 'done')
    .reduce((sum, refund) => sum + (refund.amountCents ?? 0), 0);
  const medReturned = pixList
    .flatMap(devolucoesOf)
    .filter((refund) => refund.byMed && refund.state === 'done')
    .reduce((sum, refund) => sum + (refund.amountCents ?? 0), 0);

  let state: PaymentState = 'unknown';
  if (rawStatus === 'ATIVA') state = expiresAt !== null && now > expiresAt ? 'failed' : 'pending';
  else if (rawStatus === 'REMOVIDA_PELO_USUARIO_RECEBEDOR' || rawStatus === 'REMOVIDA_PELO_PSP') state = 'failed';
  else if (rawStatus === 'CONCLUIDA') {
    state = 'paid';
    const received = pixList.reduce((sum, pix) => sum + (reaisToCents(pix.valor) ?? 0), 0);
    const refunds = pixList.flatMap(devolucoesOf);
    const returned = refunds.filter((refund) => refund.state === 'done').reduce((sum, refund) => sum + (refund.amountCents ?? 0), 0);
    const inFlight = refunds.filter((refund) => refund.state === 'pending').reduce((sum, refund) => sum + (refund.amountCents ?? 0), 0);
    if (received > 0 && returned >= received) state = 'reversed';
    else if (received > 0 && inFlight > 0 && returned + inFlight >= received) state = 'refunding';
  }

  const locationId = loc && (typeof loc.id === 'number' || typeof loc.id === 'string') ? String(loc.id) : null;
  return {
    txid,
    amountCents: valor ? reaisToCents(valor.original) : null,
    rawStatus,
    state,
    endToEndId: text(pixList[0]?.endToEndId),
    copiaECola: text(body.pixCopiaECola),
    locationId,
    expiresAt,
    disputeReturnedCents: medReturned > 0 ? medReturned : null,
    refundedCents,
  };
}

/** Efí's `GET /v2/loc/:id/qrcode`: `{ qrcode, imagemQrcode, linkVisualizacao }`. */
export function parseQrcode(body: unknown): { code: string; imageDataUrl: string | null; paymentUrl: string | null } | null {
  if (!isRecord(body)) return null;
  const code = text(body.qrcode);
  if (!code) return null;
  const image = text(body.imagemQrcode);
  const link = text(body.linkVisualizacao);
  return {
    code,
    imageDataUrl: image && image.startsWith('data:image/') ? image : null,
    paymentUrl: link && /^https?:\/\//.test(link) ? link : null,
  };
}

/** `{ access_token, token_type, expires_in }` (RFC 6749 §5.1). */
export function parseToken(body: unknown): { token: string; expiresInSeconds: number } | null {
  if (!isRecord(body)) return null;
  const token = text(body.access_token);
  if (!token) return null;
  const expires = typeof body.expires_in === 'number' && Number.isFinite(body.expires_in) ? body.expires_in : 3600;
  return { token, expiresInSeconds: Math.max(0, expires) };
}

/** The standard's `Problema` (RFC 7807), else Efí's `{ nome, mensagem }`, else an OAuth `error_description`. */
export function problemDetail(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const reasons = (Array.isArray(body.violacoes) ? body.violacoes : [])
    .filter(isRecord)
    .map((violation) => text(violation.razao))
    .filter((reason): reason is string => reason !== null);
  return (
    text(body.detail) ??
    (reasons.length > 0 ? reasons.join('; ') : null) ??
    text(body.mensagem) ??
    text(body.title) ??
    text(body.error_description)
  );
}

export function parseWebhookConfig(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const url = text(body.webhookUrl);
  return url !== null && URL.canParse(url) ? url : null;
}

export interface WebhookEntry {
  txid: string | null;
  refundIds: string[];
  /**
   * A Pix the seller sent (`tipo: SOLICITACAO`, dev.efipay.com.br/docs/api-pix/webhooks "Recebendo callbacks", tab "Pix
   * enviado"): its `gnExtras.idEnvio` and `status` (REALIZADO, NAO_REALIZADO); null for a Pix received.
   */
  sent: { idEnvio: string; status: string | null } | null;
}

/** `WebhookPixBody`: `{ pix: [Pix] }`; null when the body is not one (Efí's registration probe, a stray POST). */
export function parseWebhookPix(body: unknown): WebhookEntry[] | null {
  if (!isRecord(body) || !Array.isArray(body.pix)) return null;
  return body.pix.filter(isRecord).map((pix) => {
    const idEnvio = isRecord(pix.gnExtras) ? text(pix.gnExtras.idEnvio) : null;
    return {
      txid: text(pix.txid),
      refundIds: devolucoesOf(pix).map((refund) => refund.id),
      sent: idEnvio === null ? null : { idEnvio, status: text(pix.status) },
    };
  });
}
