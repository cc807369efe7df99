/** Charges on the standard "API Pix" (github.com/bacen/pix-api): `PUT|GET|PATCH /v2/cob/{txid}`, our txid from our key. */
import { createHash } from 'node:crypto';
import { efiCopy } from '../../../../content/providers.ts';
import type { ChargeRecord, CreatePixInput, FoundCharge, PixCharge } from '../../pix-provider.ts';
import { GatewayError } from '../../types.ts';
import type { PixApiClient, Reply } from './pix-api-client.ts';
import { failed, gatewayError, isNotFound, replyError } from './pix-api-failures.ts';
import { centsToReais, parseCob, parseQrcode, TXID, type ParsedCob } from './pix-api-parse.ts';
import type { PixApiProfile } from './pix-api-profile.ts';

/** What every charge call of one provider shares. */
export interface PixApiContext {
  profile: PixApiProfile;
  client: PixApiClient;
  /** The seller's PIX key, which receives the charges. */
  pixKey: string;
  now: () => number;
}

/** `solicitacaoPagador` is at most 140 characters (CobBase); `devedor.nome` 200 (PessoaFisica). */
const MAX_PAYER_REQUEST = 140;
const MAX_DEBTOR_NAME = 200;

/** The txid is ours and `PUT /cob/{txid}` revises an ATIVA charge: from the idempotency key, a retry is the same charge. */
function txidFor(idempotencyKey: string): string {
  return createHash('sha256').update(`cob:${idempotencyKey}`).digest('hex').slice(0, 35);
}

function checkedTxid(chargeId: string): string {
  const txid = chargeId.trim();
  if (!TXID.test(txid)) throw new TypeError(`not a txid: ${JSON.stringify(chargeId)}`);
  return txid;
}

/** CobSolicitada for the buyer's checkout. */
function cobRequest(input: CreatePixInput, pixKey: string) {
  const document = (input.customer.document ?? '').replace(/\D/g, '');
  const name = input.customer.name.trim().slice(0, MAX_DEBTOR_NAME);
  // `devedor` needs a CPF or CNPJ with the name (CobSolicitada); without a document it is left out.
  const devedor =
    name && document.length === 11 ? { cpf: document, nome: name } : name && document.length === 14 ? { cnpj: document, nome: name } : null;
  const payerRequest = input.items
    .map((item) => item.title.trim())
    .filter(Boolean)
    .join(' + ')
    .slice(0, MAX_PAYER_REQUEST);
  return {
    calendario: { expiracao: Math.max(1, Math.round(input.expiresInSeconds)) },
    ...(devedor ? { devedor } : {}),
    valor: { original: centsToReais(input.amountCents) },
    chave: pixKey,
    ...(payerRequest ? { solicitacaoPagador: payerRequest } : {}),
  };
}

async function readCob(api: PixApiContext, txid: string, kind: 'charge' | 'transaction'): Promise<Reply> {
  try {
    return await api.client.call('GET', `/v2/cob/${encodeURIComponent(txid)}`);
  } catch (error) {
    throw failed(kind, error, false);
  }
}

/** The PUT, or the cob already ours when the bank refuses to revise it. */
async function putCob(api: PixApiContext, txid: string, body: unknown, amountCents: number): Promise<Reply> {
  let reply: Reply;
  try {
    reply = await api.client.call('PUT', `/v2/cob/${txid}`, body);
  } catch (error) {
    throw failed('charge', error, true);
  }
  if (reply.status === 400 || reply.status === 409) {
    // "A cobrança já existe, não está no status ATIVA": a retry after the charge moved on. It is ours: read it.
    const existing = await readCob(api, txid, 'charge').catch(() => null);
    const cob = existing && existing.status === 200 ? parseCob(existing.json, api.now()) : null;
    if (cob && cob.txid === txid && cob.amountCents === amountCents) return existing as Reply;
    throw replyError('charge', reply, true);
  }
  if (reply.status < 200 || reply.status >= 300) throw replyError('charge', reply, true);
  return reply;
}

/** The code of the cob's location (the bank's extension for a cob reply without `pixCopiaECola`). */
async function locationPix(api: PixApiContext, path: string): Promise<PixCharge['pix']> {
  let qr: Reply;
  try {
    qr = await api.client.call('GET', path);
  } catch (error) {
    // The charge exists; a retry of this create (same txid) revises it and asks for the code again.
    const mapped = failed('charge', error, true);
    throw new GatewayError(mapped.message, 'charge', mapped.httpStatus, true);
  }
  const parsed = qr.status === 200 ? parseQrcode(qr.json) : null;
  if (!parsed) throw gatewayError('charge', efiCopy.unreadable, qr.status, true);
  return { code: parsed.code, imageDataUrl: parsed.imageDataUrl, imageUrl: null, paymentUrl: parsed.paymentUrl };
}

/** The code the buyer pays: the cob's own, else its location's where the bank has that extension. */
async function pixOf(api: PixApiContext, cob: ParsedCob, status: number): Promise<PixCharge['pix']> {
  const { qrcodePath } = api.profile;
  const pix =
    cob.copiaECola || !qrcodePath || !cob.locationId
      ? { code: cob.copiaECola, imageDataUrl: null, imageUrl: null, paymentUrl: null }
      : await locationPix(api, qrcodePath(cob.locationId));
  if (!pix.code) throw gatewayError('charge', efiCopy.unreadable, status, true);
  return pix;
}

export async function createCob(api: PixApiContext, input: CreatePixInput): Promise<PixCharge> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new TypeError(`amountCents must be positive integer centavos, got ${input.amountCents}`);
  }
  const txid = txidFor(input.idempotencyKey);
  const reply = await putCob(api, txid, cobRequest(input, api.pixKey), input.amountCents);
  const cob = parseCob(reply.json, api.now());
  if (!cob || cob.txid !== txid || cob.amountCents !== input.amountCents) {
    throw gatewayError('charge', efiCopy.unreadable, reply.status, true);
  }
  return {
    chargeId: txid,
    alternateIds: [],
    amountCents: input.amountCents,
    state: cob.state,
    rawStatus: cob.rawStatus,
    pix: await pixOf(api, cob, reply.status),
    expiresAt: cob.expiresAt ?? api.now() + input.expiresInSeconds * 1000,
  };
}

function chargeRecordOf(api: PixApiContext, reply: Reply, txid: string): ChargeRecord {
  const cob = parseCob(reply.json, api.now());
  // The read-back is what confirms a payment: it must be the charge we asked for.
  if (!cob || cob.txid !== txid) throw gatewayError('transaction', efiCopy.unreadable, reply.status, false);
  return {
    chargeId: txid,
    amountCents: cob.amountCents,
    state: cob.state,
    rawStatus: cob.rawStatus,
    endToEndId: cob.endToEndId,
    refundedCents: cob.refundedCents,
    ...(cob.disputeReturnedCents === null ? {} : { disputeReturnedCents: cob.disputeReturnedCents }),
  };
}

export async function readCharge(api: PixApiContext, chargeId: string): Promise<ChargeRecord> {
  const txid = checkedTxid(chargeId);
  const reply = await readCob(api, txid, 'transaction');
  if (reply.status !== 200) throw replyError('transaction', reply, false);
  return chargeRecordOf(api, reply, txid);
}

/** The txid derives from the key, so `GET /v2/cob/{txid}` answers it, with its `pixCopiaECola`; not found: none made. */
export async function findCob(api: PixApiContext, idempotencyKey: string): Promise<FoundCharge> {
  const txid = txidFor(idempotencyKey);
  const reply = await readCob(api, txid, 'transaction');
  if (isNotFound(reply)) return { kind: 'none' };
  if (reply.status !== 200) throw replyError('transaction', reply, false);
  const cob = parseCob(reply.json, api.now());
  if (!cob || cob.txid !== txid) throw gatewayError('transaction', efiCopy.unreadable, reply.status, false);
  if (!cob.copiaECola || cob.amountCents === null) return { kind: 'exists' };
  return {
    kind: 'charge',
    charge: {
      chargeId: txid,
      alternateIds: [],
      amountCents: cob.amountCents,
      state: cob.state,
      rawStatus: cob.rawStatus,
      pix: { code: cob.copiaECola, imageDataUrl: null, imageUrl: null, paymentUrl: null },
      expiresAt: cob.expiresAt,
    },
  };
}

/** `PATCH /v2/cob/{txid}` to REMOVIDA_PELO_USUARIO_RECEBEDOR (Efí "Revisar cobrança"); on a refusal the cob is read. */
export async function removeCob(api: PixApiContext, chargeId: string): Promise<ChargeRecord> {
  const txid = checkedTxid(chargeId);
  let reply: Reply;
  try {
    reply = await api.client.call('PATCH', `/v2/cob/${encodeURIComponent(txid)}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
  } catch (error) {
    throw failed('transaction', error, false);
  }
  if (reply.status === 200) return chargeRecordOf(api, reply, txid);
  if (reply.status >= 500 || reply.status === 429) throw replyError('transaction', reply, false);
  return readCharge(api, txid);
}
