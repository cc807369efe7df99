/**
 * PIX out on Woovi (developers.woovi.com docs/payment/payment-flow, payment-how-to-use-api-to-approve,
 * payment-out-reconciliation): `POST /api/v1/payment` makes a payment under our `correlationID` (value in centavos,
 * `destinationAlias` and its `destinationAliasType`), `POST /api/v1/payment/approve` with that `correlationID` sends it, and
 * `GET /api/v1/payment/{id}` reads it back with its `transaction.endToEndId`. A payment made but not approved is sent by
 * approving it, never by making another: the correlationID is the payment.
 */
import { PixSendError, type PixSendInput, type PixSendKey, type PixSendRecord, type PixSendState } from '../../pix-provider.ts';
import { TransportFailure } from '../../transport.ts';
import { pathId, type WooviApi, type WooviReply } from './woovi-api.ts';
import { errorText } from './woovi-parse.ts';

const ALIAS_TYPES: Record<PixSendKey['type'], string> = { cpf: 'CPF', cnpj: 'CNPJ', email: 'EMAIL', phone: 'PHONE', evp: 'RANDOM' };

/** CREATED: made, not approved; APPROVED: sent, not settled; CONFIRMED: settled; FAILED, DENIED: it will not go. */
const STATES: Record<string, PixSendState> = {
  CREATED: 'not_sent',
  APPROVED: 'processing',
  CONFIRMED: 'done',
  FAILED: 'failed',
  DENIED: 'failed',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export function parsePaymentReply(body: unknown, sendId: string): PixSendRecord | null {
  if (!isRecord(body) || !isRecord(body.payment) || body.payment.correlationID !== sendId) return null;
  const rawStatus = text(body.payment.status);
  const state = rawStatus ? STATES[rawStatus] : undefined;
  if (!state) return null;
  const value = body.payment.value;
  return {
    sendId,
    state,
    endToEndId: isRecord(body.transaction) ? text(body.transaction.endToEndId) : null,
    amountCents: typeof value === 'number' && Number.isSafeInteger(value) ? value : null,
    rawStatus,
  };
}

function refusal(reply: WooviReply): PixSendError {
  const words = errorText(reply.json);
  if (reply.status >= 500) return new PixSendError('uncertain', 'other', words);
  if (/correlation\s?id|j[aá] existe|already/i.test(words ?? '')) return new PixSendError('duplicate', 'other', words);
  if (/saldo|balance/i.test(words ?? '')) return new PixSendError('refused', 'insufficient_balance', words);
  if (/chave|alias|pix key/i.test(words ?? '')) return new PixSendError('refused', 'invalid_key', words);
  return new PixSendError('refused', 'other', words ?? `HTTP ${reply.status}`);
}

async function call(api: WooviApi, method: 'GET' | 'POST', path: string, body: unknown, isWrite: boolean): Promise<WooviReply> {
  try {
    return await api.call(method, path, body);
  } catch (error) {
    if (!(error instanceof TransportFailure)) throw error;
    throw new PixSendError(isWrite && !error.sent ? 'refused' : 'uncertain', 'other', 'Woovi: no answer');
  }
}

export async function readPayment(api: WooviApi, sendId: string): Promise<PixSendRecord> {
  const reply = await call(api, 'GET', `/api/v1/payment/${pathId(sendId)}`, undefined, false);
  // An id Woovi does not know is answered 400 `{ error }` (as for charges) or 404.
  if (!reply.ok && (reply.status === 404 || (reply.status === 400 && /not found|n[aã]o encontrad/i.test(errorText(reply.json) ?? '')))) {
    return { sendId, state: 'not_sent', endToEndId: null, amountCents: null, rawStatus: null };
  }
  const record = reply.ok ? parsePaymentReply(reply.json, sendId) : null;
  if (!record) throw new PixSendError('uncertain', 'other', errorText(reply.json) ?? `Woovi HTTP ${reply.status}`);
  return record;
}

/** Makes the payment (or finds the one made under the id before), then approves it while it is only made. */
export async function sendPayment(api: WooviApi, input: PixSendInput): Promise<PixSendRecord> {
  const body = {
    value: input.amountCents,
    destinationAlias: input.key.value,
    destinationAliasType: ALIAS_TYPES[input.key.type],
    correlationID: input.sendId,
    comment: input.description.slice(0, 140),
  };
  const created = await call(api, 'POST', '/api/v1/payment', body, true);
  let record: PixSendRecord;
  if (created.ok) {
    record = parsePaymentReply(created.json, input.sendId) ?? (await readPayment(api, input.sendId));
  } else {
    const error = refusal(created);
    if (error.outcome !== 'duplicate') throw error;
    record = await readPayment(api, input.sendId);
  }
  if (record.state !== 'not_sent') return record;
  const approved = await call(api, 'POST', '/api/v1/payment/approve', { correlationID: input.sendId }, true);
  if (!approved.ok) throw refusal(approved);
  const answer = parsePaymentReply(approved.json, input.sendId);
  if (!answer) throw new PixSendError('uncertain', 'other', 'Woovi: unreadable answer');
  return answer;
}
