/**
 * PIX out from the seller's AbacatePay balance (affiliate payouts, docs/affiliates.md#payouts), from AbacatePay's documents
 * (github.com/AbacatePay/documentation, published at docs.abacatepay.com): `POST /v2/pix/send` with `{ amount, externalId,
 * description, pix: { key, type } }` (pages/pix/create.mdx, openapi.yaml `/pix/send`), read back by
 * `GET /v2/pix/get?externalId=` (openapi.yaml `/pix/get`: by `id` or `externalId`, 404 when it holds none), both answering a
 * `PixTransaction` (pages/pix/reference.mdx). Our `externalId` is the payout's sendId.
 *
 * What "done" means: a send is born `COMPLETE`, which only says AbacatePay's provider accepted it; the bank's confirmation
 * comes later as the `transfer.completed` webhook, or the send turns `FAILED` with the money back in the balance and
 * `transfer.failed` (pages/dinheiro/enviar-pix, pages/pix/get.mdx: "prefira confirmar o resultado pelos webhooks"). A read
 * alone cannot tell the two `COMPLETE`s apart, so `COMPLETE` is `processing` until a verified `transfer.completed` names the
 * send and the read still says `COMPLETE` (never `FAILED`): then `done`. Should that webhook be lost, a send still
 * `COMPLETE` a day after its last change is taken as settled: a PIX's bank refusal comes within seconds, and the payout would
 * otherwise hold the affiliate's commissions open for ever.
 *
 * The fee: AbacatePay takes its `platformFee` out of the `amount` sent ("Para entregar um valor exato pela API, some a taxa
 * ao amount", pages/pix/create.mdx), and no route says the fee before a send. The affiliate must receive the commission
 * exactly, so the seller's fee (Perfil → Taxas, ABACATEPAY_PIX_SEND_FEE_CENTS) is added to the amount, and what AbacatePay
 * says it charged is kept with the payout (`feeCents`).
 */
import { PixSendError, type PixSendAnnouncement, type PixSendInput, type PixSendKey, type PixSendRecord } from '../../pix-provider.ts';
import { TransportFailure } from '../../transport.ts';
import type { AbacatepayClient, Reply } from './abacatepay-client.ts';
import { envelopeError } from './parse-abacatepay.ts';

/** "Valor mínimo na API: R$ 1,00 (100)" (pages/dinheiro/enviar-pix). */
const MIN_AMOUNT = 100;
/** A `COMPLETE` no webhook confirmed: taken as settled this long after AbacatePay last changed it. */
export const SETTLED_AFTER_MS = 24 * 60 * 60 * 1000;

const KEY_TYPES: Record<PixSendKey['type'], string> = { cpf: 'CPF', cnpj: 'CNPJ', email: 'EMAIL', phone: 'PHONE', evp: 'RANDOM' };

export interface AbacatepayPixSendSettings {
  /** What AbacatePay takes from each send (Perfil → Taxas), added so the receiver gets the amount asked. */
  feeCents: number;
  now: () => number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const cents = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);

/** "PHONE: DDD + número" (pages/pix/reference.mdx): our key is the DICT's `+55…`. */
function keyValue(key: PixSendKey): string {
  return key.type === 'phone' ? key.value.replace(/^\+55/, '') : key.value;
}

/** `PixTransaction` as our record; null when it is not one, or not ours. */
export function parsePixTransaction(
  body: unknown,
  sendId: string,
  announced: PixSendAnnouncement | undefined,
  now: number,
): PixSendRecord | null {
  const data = isRecord(body) && isRecord(body.data) ? body.data : null;
  if (!data || text(data.id) === null) return null;
  const externalId = text(data.externalId);
  if (externalId !== null && externalId !== sendId) return null;
  const rawStatus = text(data.status)?.toUpperCase() ?? null;
  const amount = cents(data.amount);
  const fee = cents(data.platformFee);
  let state: PixSendRecord['state'];
  switch (rawStatus) {
    case 'PENDING':
      state = 'processing';
      break;
    case 'COMPLETE': {
      const updatedAt = Date.parse(text(data.updatedAt) ?? text(data.createdAt) ?? '');
      state = announced === 'settled' || (Number.isFinite(updatedAt) && now - updatedAt >= SETTLED_AFTER_MS) ? 'done' : 'processing';
      break;
    }
    // FAILED: refused after acceptance, the money back in the balance; REFUNDED, CANCELLED, EXPIRED: it did not reach them.
    case 'FAILED':
    case 'REFUNDED':
    case 'CANCELLED':
    case 'EXPIRED':
      state = 'failed';
      break;
    default:
      return null;
  }
  return {
    sendId,
    state,
    endToEndId: text(data.endToEndIdentifier) ?? text(data.endToEndId),
    // The receiver gets `amount` less `platformFee` (pages/pix/reference.mdx).
    amountCents: amount !== null && fee !== null ? amount - fee : amount,
    rawStatus,
    feeCents: fee,
  };
}

/**
 * A send's failure by the documented answers: a 5xx, or no answer, may have sent; a 429 ("excesso pode retornar HTTP 429",
 * pages/pix/reference.mdx) sent nothing but should go again later, so it is `uncertain` too: read back, then resent under
 * the same externalId by the next pass. "Função não habilitada" (the feature off on the account) and the rest of the 4xx
 * did nothing.
 */
function refusal(reply: Reply): PixSendError {
  const words = envelopeError(reply.json) ?? (isRecord(reply.json) ? text(reply.json.message) : null);
  const detail = words ?? `AbacatePay HTTP ${reply.status}`;
  if (reply.status >= 500 || reply.status === 429) return new PixSendError('uncertain', 'other', detail);
  if (reply.status === 409 || /externalId.{0,40}(exist|j[aá]|duplic|already|use)/i.test(words ?? '')) {
    return new PixSendError('duplicate', 'other', detail);
  }
  if (/saldo|insufficient|balance/i.test(words ?? '')) return new PixSendError('refused', 'insufficient_balance', detail);
  if (/n[aã]o habilitad|not enabled/i.test(words ?? '')) return new PixSendError('refused', 'other', detail);
  if (/chave|pix\s?key|\bkey\b|dict/i.test(words ?? '')) return new PixSendError('refused', 'invalid_key', detail);
  return new PixSendError('refused', 'other', detail);
}

async function call(client: AbacatepayClient, method: 'GET' | 'POST', path: string, query: Record<string, string>, body?: unknown) {
  try {
    return await client.call(method, path, query, body);
  } catch (error) {
    if (!(error instanceof TransportFailure)) throw error;
    throw new PixSendError(method === 'POST' && !error.sent ? 'refused' : 'uncertain', 'other', 'AbacatePay: no answer');
  }
}

export async function sendAbacatepayPix(
  client: AbacatepayClient,
  settings: AbacatepayPixSendSettings,
  input: PixSendInput,
): Promise<PixSendRecord> {
  const amount = input.amountCents + settings.feeCents;
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || amount < MIN_AMOUNT) {
    throw new PixSendError('refused', 'other', 'AbacatePay: the smallest PIX it sends is R$ 1,00');
  }
  const body = {
    amount,
    externalId: input.sendId,
    description: input.description.slice(0, 140),
    pix: { key: keyValue(input.key), type: KEY_TYPES[input.key.type] },
  };
  const reply = await call(client, 'POST', 'pix/send', {}, body);
  if (reply.status < 200 || reply.status >= 300 || envelopeError(reply.json) !== null) throw refusal(reply);
  // Accepted but unreadable: it may have gone, so it is read back.
  const record = parsePixTransaction(reply.json, input.sendId, undefined, settings.now());
  if (!record) throw new PixSendError('uncertain', 'other', 'AbacatePay: unreadable answer');
  return record;
}

export async function readAbacatepayPix(
  client: AbacatepayClient,
  settings: Pick<AbacatepayPixSendSettings, 'now'>,
  sendId: string,
  announced?: PixSendAnnouncement,
): Promise<PixSendRecord> {
  const reply = await call(client, 'GET', 'pix/get', { externalId: sendId });
  // "PIX não encontrado com o ID ou externalId fornecido" (openapi.yaml `/pix/get` 404): nothing sent under it.
  if (reply.status === 404) return { sendId, state: 'not_sent', endToEndId: null, amountCents: null, rawStatus: null };
  const ok = reply.status >= 200 && reply.status < 300 && envelopeError(reply.json) === null;
  const record = ok ? parsePixTransaction(reply.json, sendId, announced, settings.now()) : null;
  if (!record) throw new PixSendError('uncertain', 'other', envelopeError(reply.json) ?? `AbacatePay HTTP ${reply.status}`);
  return record;
}
