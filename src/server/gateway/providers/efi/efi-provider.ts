/** Efí via the standard "API Pix" (github.com/bacen/pix-api) over node:https: mTLS on every call, and a stand-in base URL. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { createSecureContext } from 'node:tls';
import { efiCopy } from '../../../../content/providers.ts';
import { parseJsonSafely } from '../../../lib/safe-parse.ts';
import { gatewayMessages, refundErrorDetail } from '../../errors.ts';
import type {
  ChargeRecord,
  CreatePixInput,
  FoundCharge,
  PixCharge,
  PixProvider,
  ProviderCapabilities,
  ProviderEvent,
  RefundRecord,
  WebhookRequest,
} from '../../pix-provider.ts';
import { WebhookRejectedError } from '../../pix-provider.ts';
import { GatewayError } from '../../types.ts';
import {
  centsToReais,
  DEVOLUCAO_ID,
  parseCob,
  parseDevolucao,
  parseQrcode,
  parseToken,
  parseWebhookConfig,
  parseWebhookPix,
  problemDetail,
  TXID,
} from './pix-api-parse.ts';
import { efiProfile, type PixApiProfile } from './pix-api-profile.ts';
import { clientTlsMaterial, type ClientTlsMaterial } from '../../../lib/client-certificate.ts';

export interface EfiSettings {
  clientId: string;
  clientSecret: string;
  certificatePath: string;
  pixKey: string;
  apiUrl: string;
  /** Efí's alternative to mTLS on webhooks: the `?hmac=` of the registered URL. */
  webhookHmacSecret?: string | null;
  /** Addresses webhooks may come from in that mode; the profile's (Efí's published one) when unset. */
  allowedIps?: readonly string[] | null;
}

/** Plus the webhook set-up a seller does once per PIX key (`npm run efi-webhook`), which no other provider has. */
export interface EfiProvider extends PixProvider {
  registerWebhook(webhookUrl: string, options: { skipMtls: boolean }): Promise<void>;
  getWebhook(): Promise<string | null>;
}

/** What went wrong in a webhook call; `detail` is the bank's own explanation, cleaned. */
export type EfiWebhookFailure =
  'certificate_file' | 'certificate' | 'credentials' | 'token' | 'no_answer' | 'refused' | 'server_error' | 'unreadable';

export class EfiWebhookError extends Error {
  constructor(
    readonly failure: EfiWebhookFailure,
    readonly status: number | null,
    readonly detail: string | null,
  ) {
    super(`Efí webhook call failed: ${failure}${status === null ? '' : ` (HTTP ${status})`}${detail ? `: ${detail}` : ''}`);
    this.name = 'EfiWebhookError';
  }
}

/** With the hmac, `ignorar=` swallows the `/pix` Efí still appends (github.com/efipay/mtls-webhook README). */
export function efiWebhookUrl(baseUrl: string, hmacSecret: string | null): string {
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : null;
  if (!url || url.search !== '' || url.hash !== '') throw new TypeError(`not a webhook base URL: ${JSON.stringify(baseUrl)}`);
  const base = url.href.replace(/\/+$/, '');
  return hmacSecret === null ? base : `${base}/pix?hmac=${encodeURIComponent(hmacSecret)}&ignorar=`;
}

export interface EfiProviderOptions {
  now?: () => number;
  timeoutMs?: number;
  ca?: string | Buffer;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Renew the token this long before the bank says it expires, so no call goes out with a dying one. */
const TOKEN_MARGIN_MS = 60_000;
const MAX_REPLY_BYTES = 1_000_000;
/** `solicitacaoPagador` is at most 140 characters (CobBase); `devedor.nome` 200 (PessoaFisica). */
const MAX_PAYER_REQUEST = 140;
const MAX_DEBTOR_NAME = 200;

export const capabilities: ProviderCapabilities = {
  refunds: true,
  partialRefunds: true,
  cart: false,
  expiry: true,
  webhook: 'read_back',
  idempotentCreate: true,
};

/** The txid is ours and `PUT /cob/{txid}` revises an ATIVA charge: from the idempotency key, a retry is the same charge. */
function txidFor(idempotencyKey: string): string {
  return createHash('sha256').update(`cob:${idempotencyKey}`).digest('hex').slice(0, 35);
}

/** Our refund id when it already fits `DevolucaoId`, else a stable 35-character digest of it. */
function devolucaoIdFor(refundId: string): string {
  return DEVOLUCAO_ID.test(refundId) ? refundId : createHash('sha256').update(`devolucao:${refundId}`).digest('hex').slice(0, 35);
}

type FailureReason = 'certificate_file' | 'certificate' | 'credentials' | 'token' | 'timeout' | 'network';

/** A call that got no usable HTTP answer. `sent` is false only when the bank surely never processed it. */
class CallFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    readonly sent: boolean,
    readonly status?: number,
  ) {
    super(`pix api ${reason}`);
  }
}

interface Reply {
  status: number;
  json: unknown;
  invalidJson: boolean;
}

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : '';
}

/** The server refused our certificate in the handshake: nothing was processed. */
const CERTIFICATE_ALERT =
  /ALERT_(CERTIFICATE_REQUIRED|BAD_CERTIFICATE|UNKNOWN_CA|CERTIFICATE_UNKNOWN|HANDSHAKE_FAILURE|ACCESS_DENIED|DECRYPT_ERROR)/;
/** Failures before the request could leave: no connection, or a server certificate we do not trust. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Efí's own error shape, `{ nome, mensagem }` (https://dev.efipay.com.br/docs/api-pix/cobrancas-imediatas). */
function efiErrorName(body: unknown): string | null {
  return typeof body === 'object' && body !== null && typeof (body as { nome?: unknown }).nome === 'string'
    ? (body as { nome: string }).nome
    : null;
}

/**
 * A refusal of the debtor (`devedor`: the buyer's CPF or name) is about the buyer's data; the rest (`chave_invalida`,
 * `documento_bloqueado`, a key not in the account) is the seller's, and fails over.
 */
function refusesDebtor(reply: Reply): boolean {
  if (reply.status !== 400) return false;
  const body = reply.json as { violacoes?: unknown; erros?: unknown; detail?: unknown } | undefined;
  const field = (entry: unknown, name: 'propriedade' | 'caminho') => {
    const value = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)[name] : null;
    return typeof value === 'string' ? value : '';
  };
  // The standard's `violacoes[].propriedade` (`cob.devedor.cpf`); Efí's own `erros[].caminho` (`.body.devedor.cpf`).
  const texts = [
    ...(Array.isArray(body?.violacoes) ? body.violacoes : []).map((entry: unknown) => field(entry, 'propriedade')),
    ...(Array.isArray(body?.erros) ? body.erros : []).map((entry: unknown) => field(entry, 'caminho')),
    typeof body?.detail === 'string' ? body.detail : '',
  ];
  return texts.some((text) => /\bdevedor\b/.test(text));
}

function normalizeAddress(address: string): string {
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

export function createEfiProvider(settings: EfiSettings, options: EfiProviderOptions = {}): EfiProvider {
  return createPixApiProvider(efiProfile, settings, options);
}

function createPixApiProvider(profile: PixApiProfile, settings: EfiSettings, options: EfiProviderOptions): EfiProvider {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseUrl = settings.apiUrl.replace(/\/+$/, '');

  let agent: https.Agent | null = null;
  function getAgent(): https.Agent {
    if (agent) return agent;
    let certificate: Buffer;
    try {
      certificate = readFileSync(settings.certificatePath);
    } catch {
      throw new CallFailure('certificate_file', false);
    }
    let material: ClientTlsMaterial;
    try {
      // Parsed here once, so a wrong file or a wrong passphrase is told apart from a refused certificate.
      material = clientTlsMaterial(certificate);
      createSecureContext(material);
    } catch {
      throw new CallFailure('certificate_file', false);
    }
    agent = new https.Agent({ keepAlive: true, minVersion: 'TLSv1.2', ...material, ...(options.ca ? { ca: options.ca } : {}) });
    return agent;
  }

  /** `firstOnConnection`: a reset after a TLS 1.3 handshake on the token call reads as a refused certificate. */
  function send(
    method: 'GET' | 'PUT' | 'POST' | 'PATCH',
    path: string,
    headers: Record<string, string>,
    body?: string,
    firstOnConnection = false,
  ): Promise<Reply> {
    const httpsAgent = getAgent();
    return new Promise((resolve, reject) => {
      let connected = false;
      let fresh = false;
      let timedOut = false;
      const request = https.request(`${baseUrl}${path}`, {
        method,
        agent: httpsAgent,
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }),
          ...headers,
        },
      });
      const timer = setTimeout(() => {
        timedOut = true;
        request.destroy(new Error('timeout'));
      }, timeoutMs);
      request.on('socket', (socket) => {
        if (!socket.connecting) {
          connected = true;
          return;
        }
        fresh = true;
        socket.once('secureConnect', () => {
          connected = true;
        });
      });
      request.on('error', (error) => {
        clearTimeout(timer);
        const code = errorCode(error);
        if (timedOut) reject(new CallFailure('timeout', connected));
        else if (CERTIFICATE_ALERT.test(code) || (firstOnConnection && fresh && connected && code === 'ECONNRESET')) {
          reject(new CallFailure('certificate', false));
        } else if (code.startsWith('ERR_OSSL') || code === 'ERR_SSL_WRONG_VERSION_NUMBER')
          reject(new CallFailure('certificate_file', false));
        else reject(new CallFailure('network', connected && !NOT_SENT.has(code)));
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_REPLY_BYTES) request.destroy(new Error('reply too large'));
          else chunks.push(chunk);
        });
        response.on('end', () => {
          clearTimeout(timer);
          const raw = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          let invalidJson = false;
          if (raw.trim() !== '') {
            try {
              json = parseJsonSafely(raw);
            } catch {
              invalidJson = true;
            }
          }
          resolve({ status: response.statusCode ?? 0, json, invalidJson });
        });
        response.on('aborted', () => request.destroy(new Error('reply aborted')));
      });
      request.end(body);
    });
  }

  let cachedToken: { token: string; until: number } | null = null;
  let loadingToken: Promise<string> | null = null;

  async function requestToken(): Promise<string> {
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const grant: Record<string, string> = { grant_type: 'client_credentials' };
    if (profile.scopes) grant.scope = profile.scopes.join(' ');
    const form = profile.tokenBody === 'form';
    const body = form ? new URLSearchParams(grant).toString() : JSON.stringify(grant);
    const headers: Record<string, string> = { Authorization: `Basic ${basic}` };
    if (form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      headers['Content-Length'] = String(Buffer.byteLength(body));
    }
    // Nothing is created by a token call, so any failure of it means the real call was not sent.
    let reply: Reply;
    try {
      reply = await send('POST', profile.tokenPath, headers, body, true);
    } catch (error) {
      if (error instanceof CallFailure && (error.reason === 'certificate' || error.reason === 'certificate_file')) throw error;
      throw new CallFailure('token', false);
    }
    if (reply.status === 401 || reply.status === 400 || reply.status === 403) throw new CallFailure('credentials', false, reply.status);
    const parsed = reply.status >= 200 && reply.status < 300 ? parseToken(reply.json) : null;
    if (!parsed) throw new CallFailure('token', false, reply.status);
    cachedToken = { token: parsed.token, until: now() + parsed.expiresInSeconds * 1000 - TOKEN_MARGIN_MS };
    return parsed.token;
  }

  function getToken(): Promise<string> {
    if (cachedToken && now() < cachedToken.until) return Promise.resolve(cachedToken.token);
    // Concurrent calls share one token request; a failure is not kept, the next call asks again.
    loadingToken ??= requestToken().finally(() => {
      loadingToken = null;
    });
    return loadingToken;
  }

  async function call(
    method: 'GET' | 'PUT' | 'PATCH',
    path: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    for (let attempt = 0; ; attempt++) {
      const token = await getToken();
      const reply = await send(method, path, { ...headers, Authorization: `Bearer ${token}` }, body);
      if (reply.status !== 401) return reply;
      cachedToken = null;
      // A 401 is answered before anything is done, so trying again cannot do anything twice.
      if (attempt >= 1) throw new CallFailure('credentials', false, 401);
    }
  }

  function reasonOf(failure: CallFailure | Reply): string {
    if (failure instanceof CallFailure) {
      if (failure.reason === 'certificate') return efiCopy.certificateRefused;
      if (failure.reason === 'certificate_file') return efiCopy.certificateUnreadable;
      if (failure.reason === 'credentials') return efiCopy.credentialsRefused;
      if (failure.reason === 'token') return efiCopy.tokenUnavailable;
      return efiCopy.noAnswer;
    }
    if (failure.status >= 500) return efiCopy.serverError(failure.status);
    return efiCopy.refused(failure.status, refundErrorDetail({ message: problemDetail(failure.json) }));
  }

  /** A refund error is for the seller's console, so the bank's reason is the message; else it rides in `cause`. */
  function gatewayError(
    kind: 'charge' | 'transaction' | 'refund',
    reason: string,
    status: number | undefined,
    uncertain: boolean,
    buyerData = false,
  ) {
    const shown =
      kind === 'refund'
        ? uncertain
          ? `${reason} ${efiCopy.refundMayHaveHappened}`
          : reason
        : status
          ? gatewayMessages.paymentHttp(status)
          : gatewayMessages.payment;
    const error = new GatewayError(shown, kind, status, uncertain, buyerData);
    error.cause = new Error(reason);
    return error;
  }

  function failed(kind: 'charge' | 'transaction' | 'refund', failure: unknown, isWrite: boolean): GatewayError {
    if (failure instanceof GatewayError) return failure;
    if (!(failure instanceof CallFailure)) throw failure;
    return gatewayError(kind, reasonOf(failure), failure.status, isWrite && failure.sent);
  }

  function replyError(kind: 'charge' | 'transaction' | 'refund', reply: Reply, isWrite: boolean): GatewayError {
    return gatewayError(kind, reasonOf(reply), reply.status, isWrite && reply.status >= 500, kind === 'charge' && refusesDebtor(reply));
  }

  /**
   * Efí answers an unknown txid with 400 `{ "nome": "cobranca_nao_encontrada" }` in its own shape
   * (https://dev.efipay.com.br/docs/api-pix/cobrancas-imediatas), where the standard says 404: both are "none".
   */
  function isNotFound(reply: Reply): boolean {
    return reply.status === 404 || (reply.status === 400 && /_nao_encontrad[ao]$/.test(efiErrorName(reply.json) ?? ''));
  }

  async function readCob(txid: string, kind: 'charge' | 'transaction'): Promise<Reply> {
    try {
      return await call('GET', `/v2/cob/${encodeURIComponent(txid)}`);
    } catch (error) {
      throw failed(kind, error, false);
    }
  }

  async function createCharge(input: CreatePixInput): Promise<PixCharge> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new TypeError(`amountCents must be positive integer centavos, got ${input.amountCents}`);
    }
    const txid = txidFor(input.idempotencyKey);
    const document = (input.customer.document ?? '').replace(/\D/g, '');
    const name = input.customer.name.trim().slice(0, MAX_DEBTOR_NAME);
    // `devedor` needs a CPF or CNPJ with the name (CobSolicitada); without a document it is left out.
    const devedor =
      name && document.length === 11
        ? { cpf: document, nome: name }
        : name && document.length === 14
          ? { cnpj: document, nome: name }
          : null;
    const payerRequest = input.items
      .map((item) => item.title.trim())
      .filter(Boolean)
      .join(' + ')
      .slice(0, MAX_PAYER_REQUEST);
    const body = {
      calendario: { expiracao: Math.max(1, Math.round(input.expiresInSeconds)) },
      ...(devedor ? { devedor } : {}),
      valor: { original: centsToReais(input.amountCents) },
      chave: settings.pixKey,
      ...(payerRequest ? { solicitacaoPagador: payerRequest } : {}),
    };

    let reply: Reply;
    try {
      reply = await call('PUT', `/v2/cob/${txid}`, body);
    } catch (error) {
      throw failed('charge', error, true);
    }
    if (reply.status === 400 || reply.status === 409) {
      // "A cobrança já existe, não está no status ATIVA": a retry after the charge moved on. It is ours: read it.
      const existing = await readCob(txid, 'charge').catch(() => null);
      const cob = existing && existing.status === 200 ? parseCob(existing.json, now()) : null;
      if (cob && cob.txid === txid && cob.amountCents === input.amountCents) reply = existing as Reply;
      else throw replyError('charge', reply, true);
    } else if (reply.status < 200 || reply.status >= 300) {
      throw replyError('charge', reply, true);
    }
    const cob = parseCob(reply.json, now());
    if (!cob || cob.txid !== txid || cob.amountCents !== input.amountCents) {
      throw gatewayError('charge', efiCopy.unreadable, reply.status, true);
    }

    let pix: PixCharge['pix'] = { code: cob.copiaECola, imageDataUrl: null, imageUrl: null, paymentUrl: null };
    if (!pix.code && profile.qrcodePath && cob.locationId) {
      let qr: Reply;
      try {
        qr = await call('GET', profile.qrcodePath(cob.locationId));
      } catch (error) {
        // The charge exists; a retry of this create (same txid) revises it and asks for the code again.
        const mapped = failed('charge', error, true);
        throw new GatewayError(mapped.message, 'charge', mapped.httpStatus, true);
      }
      const parsed = qr.status === 200 ? parseQrcode(qr.json) : null;
      if (!parsed) throw gatewayError('charge', efiCopy.unreadable, qr.status, true);
      pix = { code: parsed.code, imageDataUrl: parsed.imageDataUrl, imageUrl: null, paymentUrl: parsed.paymentUrl };
    }
    if (!pix.code) throw gatewayError('charge', efiCopy.unreadable, reply.status, true);

    return {
      chargeId: txid,
      alternateIds: [],
      amountCents: input.amountCents,
      state: cob.state,
      rawStatus: cob.rawStatus,
      pix,
      expiresAt: cob.expiresAt ?? now() + input.expiresInSeconds * 1000,
    };
  }

  async function getCharge(chargeId: string): Promise<ChargeRecord> {
    const txid = chargeId.trim();
    if (!TXID.test(txid)) throw new TypeError(`not a txid: ${JSON.stringify(chargeId)}`);
    const reply = await readCob(txid, 'transaction');
    if (reply.status !== 200) throw replyError('transaction', reply, false);
    return chargeRecordOf(reply, txid);
  }

  function chargeRecordOf(reply: Reply, txid: string): ChargeRecord {
    const cob = parseCob(reply.json, now());
    // The read-back is what confirms a payment: it must be the charge we asked for.
    if (!cob || cob.txid !== txid) throw gatewayError('transaction', efiCopy.unreadable, reply.status, false);
    return { chargeId: txid, amountCents: cob.amountCents, state: cob.state, rawStatus: cob.rawStatus, endToEndId: cob.endToEndId };
  }

  /** The txid derives from the key, so `GET /v2/cob/{txid}` answers it, with its `pixCopiaECola`; not found: none made. */
  async function findCharge(idempotencyKey: string): Promise<FoundCharge> {
    const txid = txidFor(idempotencyKey);
    const reply = await readCob(txid, 'transaction');
    if (isNotFound(reply)) return { kind: 'none' };
    if (reply.status !== 200) throw replyError('transaction', reply, false);
    const cob = parseCob(reply.json, now());
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

  /**
   * `PATCH /v2/cob/{txid}` with `{ "status": "REMOVIDA_PELO_USUARIO_RECEBEDOR" }` (the standard's CobRevisada; Efí
   * "Revisar cobrança"): only an ATIVA cob can be removed, so on a refusal the cob is read to say what it is.
   */
  async function cancelCharge(chargeId: string): Promise<ChargeRecord> {
    const txid = chargeId.trim();
    if (!TXID.test(txid)) throw new TypeError(`not a txid: ${JSON.stringify(chargeId)}`);
    let reply: Reply;
    try {
      reply = await call('PATCH', `/v2/cob/${encodeURIComponent(txid)}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    } catch (error) {
      throw failed('transaction', error, false);
    }
    if (reply.status === 200) return chargeRecordOf(reply, txid);
    if (reply.status >= 500 || reply.status === 429) throw replyError('transaction', reply, false);
    return getCharge(txid);
  }

  function refundPath(charge: ChargeRecord, refundId: string): string {
    if (!charge.endToEndId) throw gatewayError('refund', efiCopy.noPaymentToRefund, undefined, false);
    return `/v2/pix/${encodeURIComponent(charge.endToEndId)}/devolucao/${devolucaoIdFor(refundId)}`;
  }

  function refundRecord(reply: Reply, refundId: string): RefundRecord {
    const parsed = parseDevolucao(reply.json);
    if (!parsed || parsed.id !== devolucaoIdFor(refundId)) throw gatewayError('refund', efiCopy.unreadable, reply.status, true);
    return { refundId, amountCents: parsed.amountCents, state: parsed.state, rawStatus: parsed.rawStatus };
  }

  async function refund(charge: ChargeRecord, input: { refundId: string; amountCents: number }): Promise<RefundRecord> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new TypeError(`amountCents must be positive integer centavos, got ${input.amountCents}`);
    }
    const path = refundPath(charge, input.refundId);
    let reply: Reply;
    try {
      // One attempt: after an uncertain outcome the caller reads the devolução (same id) before asking again.
      reply = await call('PUT', path, { valor: centsToReais(input.amountCents) });
    } catch (error) {
      throw failed('refund', error, true);
    }
    if (reply.status < 200 || reply.status >= 300) throw replyError('refund', reply, true);
    return refundRecord(reply, input.refundId);
  }

  async function getRefund(charge: ChargeRecord, refundId: string): Promise<RefundRecord> {
    const path = refundPath(charge, refundId);
    let reply: Reply;
    try {
      reply = await call('GET', path);
    } catch (error) {
      throw failed('refund', error, false);
    }
    if (isNotFound(reply)) throw gatewayError('refund', efiCopy.refundNotFound, 404, false);
    if (reply.status !== 200) throw replyError('refund', reply, false);
    const record = refundRecord(reply, refundId);
    return record;
  }

  function verifyWebhook(request: WebhookRequest): void {
    // The TLS terminator checked the bank's client certificate (the standard's mTLS): that is enough.
    if (request.clientCertificateVerified) return;
    const secret = settings.webhookHmacSecret ?? '';
    if (secret === '') throw new WebhookRejectedError('no verified client certificate');
    const given = request.url.searchParams.get('hmac');
    if (given === null || !sameSecret(given, secret)) throw new WebhookRejectedError('hmac does not match');
    const allowed = (settings.allowedIps ?? profile.webhookIps).map(normalizeAddress);
    if (!allowed.includes(normalizeAddress(request.clientAddress))) throw new WebhookRejectedError('address not allowed');
  }

  async function parseWebhook(request: WebhookRequest): Promise<ProviderEvent[]> {
    verifyWebhook(request);
    let body: unknown;
    try {
      body = parseJsonSafely(request.rawBody);
    } catch {
      return [{ kind: 'ignored', reason: 'body is not JSON' }];
    }
    const entries = parseWebhookPix(body);
    if (!entries) return [{ kind: 'ignored', reason: 'not a pix notification' }];
    const events: ProviderEvent[] = [];
    const seen = new Set<string>();
    const add = (event: ProviderEvent, key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      events.push(event);
    };
    for (const entry of entries) {
      // A Pix without a txid was paid to the key directly, not to one of our charges.
      if (!entry.txid || !TXID.test(entry.txid)) {
        add({ kind: 'ignored', reason: 'pix without a charge txid' }, 'ignored');
        continue;
      }
      add({ kind: 'charge', chargeId: entry.txid }, `charge:${entry.txid}`);
      for (const refundId of entry.refundIds) add({ kind: 'refund', chargeId: entry.txid, refundId }, `refund:${entry.txid}:${refundId}`);
    }
    return events.length > 0 ? events : [{ kind: 'ignored', reason: 'empty pix list' }];
  }

  /** The PIX key in the path: percent-encoded, so a phone key's `+` arrives as `%2B`, not as a space. */
  const webhookPath = () => `/v2/webhook/${encodeURIComponent(settings.pixKey)}`;

  function webhookFailure(failure: unknown): EfiWebhookError {
    if (!(failure instanceof CallFailure)) throw failure;
    const reason = failure.reason === 'timeout' || failure.reason === 'network' ? 'no_answer' : failure.reason;
    return new EfiWebhookError(reason, failure.status ?? null, null);
  }

  function webhookRefusal(reply: Reply): EfiWebhookError {
    const detail = refundErrorDetail({ message: problemDetail(reply.json) });
    return new EfiWebhookError(reply.status >= 500 ? 'server_error' : 'refused', reply.status, detail);
  }

  async function registerWebhook(webhookUrl: string, registration: { skipMtls: boolean }): Promise<void> {
    const headers: Record<string, string> = {};
    // Without mTLS the hmac in the URL is all that tells Efí's calls from anyone's: never one without the other.
    const secret = registration.skipMtls ? (settings.webhookHmacSecret ?? '') : null;
    if (secret === '') throw new TypeError('skipMtls needs the webhook hmac secret (EFI_WEBHOOK_HMAC)');
    if (profile.skipMtlsHeader) headers[profile.skipMtlsHeader] = String(registration.skipMtls);
    else if (registration.skipMtls) throw new TypeError(`${profile.name} registers webhooks only with mTLS`);
    let reply: Reply;
    try {
      // WebhookSolicitado: `webhookUrl` alone. The standard answers 200 with no body; a 2xx is all we read.
      reply = await call('PUT', webhookPath(), { webhookUrl: efiWebhookUrl(webhookUrl, secret) }, headers);
    } catch (error) {
      throw webhookFailure(error);
    }
    if (reply.status < 200 || reply.status >= 300) throw webhookRefusal(reply);
  }

  async function getWebhook(): Promise<string | null> {
    let reply: Reply;
    try {
      reply = await call('GET', webhookPath());
    } catch (error) {
      throw webhookFailure(error);
    }
    // The standard's `WebhookNaoEncontrado` (404), or Efí's own 400 `webhook_nao_encontrado`: no webhook for this key.
    if (isNotFound(reply)) return null;
    if (reply.status !== 200) throw webhookRefusal(reply);
    const url = parseWebhookConfig(reply.json);
    if (url === null) throw new EfiWebhookError('unreadable', reply.status, null);
    return url;
  }

  return {
    id: profile.id,
    capabilities,
    createCharge,
    getCharge,
    findCharge,
    cancelCharge,
    parseWebhook,
    refund,
    getRefund,
    registerWebhook,
    getWebhook,
  };
}
