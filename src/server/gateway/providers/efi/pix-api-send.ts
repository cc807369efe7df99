/**
 * PIX out on Efí's own extension of the API Pix (https://dev.efipay.com.br/docs/api-pix/envio-pagamento-pix, "Requisitar
 * envio de Pix"): `PUT /v3/gn/pix/:idEnvio` with `{ valor, pagador: { chave, infoPagador }, favorecido: { chave } }`, scope
 * `pix.send` (the seller enables it in Efí's panel, with a webhook on the paying key); read back by
 * `GET /v2/gn/pix/enviados/id-envio/:idEnvio` (scope `gn.pix.send.read`; the route github.com/efipay/sdk-node-apis-efi
 * registers as `pixSendDetailId`). `status`: EM_PROCESSAMENTO, REALIZADO or NAO_REALIZADO.
 */
import { PixSendError, type PixSendInput, type PixSendRecord, type PixSendState } from '../../pix-provider.ts';
import { CallFailure, type PixApiClient, type Reply } from './pix-api-client.ts';
import { isNotFound } from './pix-api-failures.ts';
import { centsToReais, problemDetail, reaisToCents } from './pix-api-parse.ts';

/** Efí's `idEnvio`: 1 to 35 letters and digits. */
export const ID_ENVIO = /^[a-zA-Z0-9]{1,35}$/;

const STATES: Record<string, PixSendState> = { EM_PROCESSAMENTO: 'processing', REALIZADO: 'done', NAO_REALIZADO: 'failed' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The send's answer (`e2eId`) and its read (`endToEndId`) as our record; null when it is not one. */
export function parseEnvio(body: unknown, sendId: string): PixSendRecord | null {
  if (!isRecord(body) || body.idEnvio !== sendId) return null;
  const rawStatus = text(body.status);
  const state = rawStatus ? STATES[rawStatus] : undefined;
  if (!state) return null;
  return {
    sendId,
    state,
    endToEndId: text(body.e2eId) ?? text(body.endToEndId),
    amountCents: reaisToCents(body.valor),
    rawStatus,
  };
}

/** Efí's `{ nome, mensagem }`, else the standard's problem `detail`. */
function efiWords(reply: Reply): { name: string; message: string | null } {
  const body = isRecord(reply.json) ? reply.json : {};
  return { name: text(body.nome) ?? '', message: text(body.mensagem) ?? problemDetail(reply.json) };
}

function refusal(reply: Reply): PixSendError {
  const { name, message } = efiWords(reply);
  const words = `${name} ${message ?? ''}`;
  if (reply.status === 409 || /duplicad|j[aá].{0,3}(utilizad|existe)/i.test(words)) return new PixSendError('duplicate', 'other', message);
  if (reply.status >= 500 || reply.status === 0) return new PixSendError('uncertain', 'other', message);
  if (/saldo/i.test(words)) return new PixSendError('refused', 'insufficient_balance', message);
  if (/chave/i.test(words)) return new PixSendError('refused', 'invalid_key', message);
  return new PixSendError('refused', 'other', message ?? `HTTP ${reply.status}`);
}

function callFailure(error: unknown, isWrite: boolean): PixSendError {
  if (!(error instanceof CallFailure)) throw error;
  // A write that surely never left (no connection, a refused certificate, no token) did nothing.
  return new PixSendError(isWrite && !error.sent ? 'refused' : 'uncertain', 'other', `Efí: ${error.reason}`);
}

export async function sendPix(client: PixApiClient, payerKey: string, input: PixSendInput): Promise<PixSendRecord> {
  if (!ID_ENVIO.test(input.sendId)) throw new TypeError(`idEnvio must match ${ID_ENVIO}, got ${JSON.stringify(input.sendId)}`);
  const body = {
    valor: centsToReais(input.amountCents),
    pagador: { chave: payerKey, infoPagador: input.description.slice(0, 140) },
    favorecido: { chave: input.key.value },
  };
  let reply: Reply;
  try {
    reply = await client.call('PUT', `/v3/gn/pix/${input.sendId}`, body);
  } catch (error) {
    throw callFailure(error, true);
  }
  if (reply.status < 200 || reply.status >= 300) throw refusal(reply);
  // Accepted but unreadable: it may have gone, so it is read back.
  return parseEnvio(reply.json, input.sendId) ?? Promise.reject(new PixSendError('uncertain', 'other', 'Efí: unreadable answer'));
}

export async function readPixSend(client: PixApiClient, sendId: string): Promise<PixSendRecord> {
  if (!ID_ENVIO.test(sendId)) throw new TypeError(`idEnvio must match ${ID_ENVIO}`);
  let reply: Reply;
  try {
    reply = await client.call('GET', `/v2/gn/pix/enviados/id-envio/${sendId}`);
  } catch (error) {
    throw callFailure(error, false);
  }
  if (isNotFound(reply)) return { sendId, state: 'not_sent', endToEndId: null, amountCents: null, rawStatus: null };
  const record = reply.status === 200 ? parseEnvio(reply.json, sendId) : null;
  if (!record) throw new PixSendError('uncertain', 'other', efiWords(reply).message ?? `HTTP ${reply.status}`);
  return record;
}
