/** Efí's Open Finance API (docs/payments.md#open-finance): the API Pix's mTLS client and token, on another base URL. */
import { createHash, randomUUID } from 'node:crypto';
import { isValidCpfOrCnpj } from '../../../../shared/documents.ts';
import { refundErrorDetail } from '../../errors.ts';
import { DEFAULT_TIMEOUT_MS } from '../../transport.ts';
import { OPEN_FINANCE_RETURN_PATH, openFinanceCallbackPath, OpenFinanceError } from '../../open-finance.ts';
import { CallFailure, createPixApiClient, type PixApiClient, type Reply } from './pix-api-client.ts';
import type { PixApiProfile } from './pix-api-profile.ts';
import {
  OPEN_FINANCE_ID,
  parseLinks,
  parseOpenFinanceConfig,
  parseOpenFinanceError,
  parseParticipants,
  parsePaymentPage,
  parseRefundAnswer,
  parseStartedLink,
  parseStartedPayment,
  type OpenFinanceConfig,
  type OpenFinanceLink,
  type OpenFinanceParticipant,
  type OpenFinancePayment,
  type OpenFinanceRefund,
} from './open-finance-parse.ts';
import { centsToReais } from './pix-api-parse.ts';

/** Efí's account as the receiving side: its PIX key, or the account itself (`contaBanco`). */
export type Favorecido =
  | { chave: string }
  | {
      contaBanco: { codigoBanco: string; agencia: string; conta: string; tipoConta: 'TRAN'; documento: string; nome: string };
    };

export interface OpenFinanceSettings {
  clientId: string;
  clientSecret: string;
  certificatePath: string;
  apiUrl: string;
  favorecido: Favorecido;
  /** Registered as `webhookSecurity: { type: 'hmac', hash }`; null: Efí calls the webhook with mTLS. */
  webhookHmacSecret: string | null;
}

export interface OpenFinanceApi {
  client: PixApiClient;
  favorecido: Favorecido;
  webhookHmacSecret: string | null;
  now: () => number;
}

export { OpenFinanceError };

const LABEL = 'Efí Open Finance';

/** Sources: sdk-node-apis-efi src/lib/constants.js `OPENFINANCE` (base URLs with /v1, `POST /oauth/token`). */
const openFinanceProfile: PixApiProfile = {
  id: 'efi',
  name: LABEL,
  productionUrl: 'https://openfinance.api.efipay.com.br/v1',
  sandboxUrl: 'https://openfinance-h.api.efipay.com.br/v1',
  tokenPath: '/oauth/token',
  tokenBody: 'json',
  scopes: null,
  qrcodePath: null,
  webhookIps: [],
  skipMtlsHeader: null,
};

export function createOpenFinanceApi(
  settings: OpenFinanceSettings,
  options: { now?: () => number; timeoutMs?: number; ca?: string | Buffer } = {},
): OpenFinanceApi {
  const now = options.now ?? Date.now;
  const client = createPixApiClient(openFinanceProfile, settings, {
    now,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(options.ca ? { ca: options.ca } : {}),
  });
  return { client, favorecido: settings.favorecido, webhookHmacSecret: settings.webhookHmacSecret, now };
}

function thrown(error: unknown, write: boolean): OpenFinanceError {
  if (!(error instanceof CallFailure)) throw error;
  const failure = error.reason === 'timeout' || error.reason === 'network' ? 'no_answer' : error.reason;
  return new OpenFinanceError(LABEL, failure, error.status ?? null, null, null, write && error.sent);
}

function refusal(reply: Reply, write: boolean): OpenFinanceError {
  const body = parseOpenFinanceError(reply.json);
  const detail = refundErrorDetail({ message: body?.mensagem ?? null });
  const server = reply.status >= 500;
  const error = new OpenFinanceError(LABEL, server ? 'server_error' : 'refused', reply.status, body?.nome ?? null, detail, write && server);
  if (reply.retryAfterMs !== undefined) error.retryAfterMs = reply.retryAfterMs;
  // The vínculo named is gone at Efí: revoked at the bank, or never made.
  error.linkGone = body?.nome === 'vinculo_invalido';
  return error;
}

async function call(
  api: OpenFinanceApi,
  method: 'GET' | 'PUT' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<Reply> {
  const write = method !== 'GET';
  // Every call carries one, as Efí's SDKs send it: a write's from the caller's key, a read's fresh.
  const headers = { 'x-idempotency-key': idempotencyHeader(idempotencyKey ?? randomUUID()) };
  let reply: Reply;
  try {
    reply = await api.client.call(method, path, body, headers);
  } catch (error) {
    throw thrown(error, write);
  }
  if (reply.status < 200 || reply.status >= 300) throw refusal(reply, write);
  return reply;
}

function unreadable(reply: Reply, write: boolean): OpenFinanceError {
  return new OpenFinanceError(LABEL, 'unreadable', reply.status, null, null, write);
}

function must<T>(value: T | null, reply: Reply, write: boolean): T {
  if (value === null) throw unreadable(reply, write);
  return value;
}

/**
 * From the caller's key, so a retry repeats it. 40 hex characters: Efí's "Solicitar iniciação" takes 36 to 72, and the
 * key reaches the buyer's bank, whose Open Finance Brasil Payment Initiation API allows at most 40
 * (github.com/OpenBanking-Brasil/draft-openapi swagger-apis/payments/4.0.0.yml, `XIdempotencyKey` maxLength 40).
 */
function idempotencyHeader(key: string): string {
  return createHash('sha256').update(`open-finance:${key}`).digest('hex').slice(0, 40);
}

/** Efí's ids (`urn:efi:…`) in a path: the SDK puts them raw, colons and all. */
function idSegment(id: string): string {
  if (!OPEN_FINANCE_ID.test(id)) throw new TypeError(`not an Open Finance id: ${JSON.stringify(id)}`);
  return encodeURIComponent(id).replaceAll('%3A', ':');
}

function cpfDigits(cpf: string): string {
  const digits = cpf.replace(/\D/g, '');
  if (digits.length !== 11 || !isValidCpfOrCnpj(digits)) throw new TypeError('cpf must be a valid CPF');
  return digits;
}

function reais(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new TypeError(`amountCents must be positive integer centavos, got ${amountCents}`);
  return centsToReais(amountCents);
}

/** `YYYY-MM-DD` in Brasília (UTC−3, no daylight saving since 2019), the calendar Efí's lists are kept in. */
function brasiliaDay(epochMs: number): string {
  return new Date(epochMs - 3 * 3_600_000).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/** Where this server takes the buyer back from the bank and Efí's callbacks: the routes the checkout serves. */
export function openFinanceUrls(publicUrl: string): { redirectUrl: string; webhookUrl: string } {
  let base = publicUrl;
  while (base.endsWith('/')) base = base.slice(0, -1);
  return { redirectUrl: `${base}${OPEN_FINANCE_RETURN_PATH}`, webhookUrl: `${base}${openFinanceCallbackPath('efi')}` };
}

/** `PUT /config`: where Efí sends the buyer back and posts its callbacks; hmac when the seller set one, else mTLS. */
export async function configureOpenFinance(
  api: OpenFinanceApi,
  urls: { redirectUrl: string; webhookUrl: string },
): Promise<OpenFinanceConfig> {
  const webhookSecurity = api.webhookHmacSecret === null ? { type: 'mtls' } : { type: 'hmac', hash: api.webhookHmacSecret };
  const reply = await call(api, 'PUT', '/config', { redirectURL: urls.redirectUrl, webhookURL: urls.webhookUrl, webhookSecurity });
  return parseOpenFinanceConfig(reply.json) ?? { ...urls, webhookSecurity: webhookSecurity.type as 'mtls' | 'hmac' };
}

/** `GET /config`; null when none was made (`configuracao_nao_encontrada`). */
export async function readOpenFinanceConfig(api: OpenFinanceApi): Promise<OpenFinanceConfig | null> {
  try {
    const reply = await call(api, 'GET', '/config');
    return must(parseOpenFinanceConfig(reply.json), reply, false);
  } catch (error) {
    if (error instanceof OpenFinanceError && error.code === 'configuracao_nao_encontrada') return null;
    throw error;
  }
}

/** `GET /participantes[?nome=][&modalidade=]`; an unknown name (`participante_nao_encontrado`) is an empty list. */
export async function listOpenFinanceParticipants(
  api: OpenFinanceApi,
  filter: { name?: string; modality?: 'biometria' } = {},
): Promise<OpenFinanceParticipant[]> {
  const params = new URLSearchParams({
    ...(filter.name ? { nome: filter.name } : {}),
    ...(filter.modality ? { modalidade: filter.modality } : {}),
  });
  const query = params.size > 0 ? `?${params.toString()}` : '';
  try {
    const reply = await call(api, 'GET', `/participantes${query}`);
    return must(parseParticipants(reply.json), reply, false);
  } catch (error) {
    if (error instanceof OpenFinanceError && error.code === 'participante_nao_encontrado') return [];
    throw error;
  }
}

export interface StartOpenFinancePaymentInput {
  orderId: string;
  amountCents: number;
  cpf: string;
  participantId: string;
  /** The same key for the same attempt: Efí answers a repeat with the payment it made. */
  idempotencyKey: string;
  /** `infoPagador`, shown by the buyer's bank. */
  description?: string;
}

/** `POST /pagamentos/pix`: the buyer's bank (`idParticipante`) and CPF; `detalhes.idProprio` carries our order id. */
export async function startOpenFinancePayment(
  api: OpenFinanceApi,
  input: StartOpenFinancePaymentInput,
): Promise<{ paymentId: string; redirectUri: string }> {
  if (!OPEN_FINANCE_ID.test(input.participantId)) throw new TypeError('participantId is not a participant id');
  const body = {
    pagador: { idParticipante: input.participantId, cpf: cpfDigits(input.cpf) },
    favorecido: api.favorecido,
    detalhes: {
      valor: reais(input.amountCents),
      idProprio: input.orderId,
      ...(input.description ? { infoPagador: input.description.slice(0, 140) } : {}),
    },
  };
  const reply = await call(api, 'POST', '/pagamentos/pix', body, input.idempotencyKey);
  return must(parseStartedPayment(reply.json), reply, true);
}

interface PageQuery {
  from: number;
  to: number;
  paymentId?: string;
  status?: string;
}

const BULK_PAGE = 100;
/** Pages one list reads at most: 5,000 payments. */
const MAX_PAGES = 50;

/** A list's payments and the requests it took (`pages`). */
interface PaymentList {
  payments: OpenFinancePayment[];
  pages: number;
}

async function listPages(api: OpenFinanceApi, path: string, query: PageQuery, maxPages = MAX_PAGES): Promise<PaymentList> {
  const payments: OpenFinancePayment[] = [];
  let page = 1;
  for (; page <= maxPages; page++) {
    const params = new URLSearchParams({ inicio: brasiliaDay(query.from), fim: brasiliaDay(query.to), pagina: String(page) });
    if (query.paymentId) params.set('identificador', query.paymentId);
    if (query.status) params.set('status', query.status);
    if (!query.paymentId) params.set('quantidade', String(BULK_PAGE));
    let reply: Reply;
    try {
      reply = await call(api, 'GET', `${path}?${params.toString()}`);
    } catch (error) {
      if (error instanceof OpenFinanceError && error.code === 'pagamento_nao_encontrado') return { payments, pages: page };
      throw error;
    }
    const read = parsePaymentPage(reply.json);
    if (!read) throw unreadable(reply, false);
    payments.push(...read.payments);
    if (!read.hasNext || read.payments.length === 0) return { payments, pages: page };
  }
  return { payments, pages: page - 1 };
}

/** `GET /pagamentos/pix?inicio=&fim=` (YYYY-MM-DD), every page. */
export async function listOpenFinancePayments(api: OpenFinanceApi, range: { from: number; to: number }): Promise<OpenFinancePayment[]> {
  return (await listPages(api, '/pagamentos/pix', range)).payments;
}

/**
 * The payments Efí accepted among those started since `oldest`, in at most `maxPages` list reads, newest days first:
 * those started since yesterday (Brasília's days, which `inicio` and `fim` take; tomorrow too, for a clock ahead), then
 * the older days with the pages left. Efí's pages document no order, so the recent ones are never behind the old ones.
 */
export async function listAcceptedOpenFinancePayments(
  api: OpenFinanceApi,
  oldest: number,
  jsr: boolean,
  maxPages: number,
): Promise<PaymentList> {
  const path = jsr ? '/pagamentos-biometria/pix' : '/pagamentos/pix';
  const now = api.now();
  const recent = await listPages(api, path, { from: now - DAY_MS, to: now + DAY_MS, status: 'aceito' }, maxPages);
  // The day before our record of the oldest: Efí's `dataCriacao` comes first, maybe on the day before.
  const older = { from: oldest - DAY_MS, to: now - 2 * DAY_MS, status: 'aceito' };
  if (recent.pages >= maxPages || brasiliaDay(older.from) > brasiliaDay(older.to)) return recent;
  const rest = await listPages(api, path, older, maxPages - recent.pages);
  return { payments: [...recent.payments, ...rest.payments], pages: recent.pages + rest.pages };
}

/** One payment (`jsr`: under a vínculo), from the day before it was started to the day after now; null when none. */
export async function readOpenFinancePayment(
  api: OpenFinanceApi,
  paymentId: string,
  startedAt: number,
  jsr = false,
): Promise<OpenFinancePayment | null> {
  const path = jsr ? '/pagamentos-biometria/pix' : '/pagamentos/pix';
  const found = await listPages(api, path, { from: startedAt - DAY_MS, to: api.now() + DAY_MS, paymentId });
  return found.payments.find((payment) => payment.paymentId === paymentId) ?? null;
}

/**
 * `POST /pagamentos/pix/:id/devolver` with `{ valor }`; Efí answers 202 with the refund pending. `idempotencyKey`: the
 * refund's own, so a retry after a lost answer is the same devolução, never a second one.
 */
export async function refundOpenFinancePayment(
  api: OpenFinanceApi,
  paymentId: string,
  amountCents: number,
  idempotencyKey: string,
): Promise<OpenFinanceRefund> {
  const path = `/pagamentos/pix/${idSegment(paymentId)}/devolver`;
  const reply = await call(api, 'POST', path, { valor: reais(amountCents) }, `refund:${idempotencyKey}`);
  const read = parseRefundAnswer(reply.json);
  if (!read || read.paymentId !== paymentId) throw unreadable(reply, true);
  return read.refund;
}

/** JSR: `POST /pagamentos-biometria/vinculos`; the buyer approves the vínculo at `redirectUri`, once. */
export async function createOpenFinanceLink(
  api: OpenFinanceApi,
  input: { cpf: string; participantId: string; idempotencyKey: string },
): Promise<{ linkId: string; redirectUri: string }> {
  if (!OPEN_FINANCE_ID.test(input.participantId)) throw new TypeError('participantId is not a participant id');
  const body = { pagador: { idParticipante: input.participantId, cpf: cpfDigits(input.cpf) } };
  const reply = await call(api, 'POST', '/pagamentos-biometria/vinculos', body, input.idempotencyKey);
  return must(parseStartedLink(reply.json), reply, true);
}

/** `GET /pagamentos-biometria/vinculos?cpf=`: the buyer's vínculos with this shop. */
export async function listOpenFinanceLinks(api: OpenFinanceApi, cpf: string): Promise<OpenFinanceLink[]> {
  try {
    const reply = await call(api, 'GET', `/pagamentos-biometria/vinculos?${new URLSearchParams({ cpf: cpfDigits(cpf) }).toString()}`);
    return must(parseLinks(reply.json), reply, false);
  } catch (error) {
    if (error instanceof OpenFinanceError && error.status === 404) return [];
    throw error;
  }
}

/** `PATCH /pagamentos-biometria/vinculos` with `{ identificadorVinculo, motivo }` (the SDKs' examples). */
export async function revokeOpenFinanceLink(api: OpenFinanceApi, linkId: string, reason: string): Promise<void> {
  if (!OPEN_FINANCE_ID.test(linkId)) throw new TypeError('linkId is not a vínculo id');
  await call(
    api,
    'PATCH',
    '/pagamentos-biometria/vinculos',
    { identificadorVinculo: linkId, motivo: reason.slice(0, 140) },
    `revoke:${linkId}`,
  );
}

/** JSR: `POST /pagamentos-biometria/pix` under a vínculo; `qrCode`: the copy-and-paste code of a charge it pays. */
export async function startOpenFinanceLinkedPayment(
  api: OpenFinanceApi,
  input: { linkId: string; orderId: string; amountCents: number; idempotencyKey: string; qrCode?: string },
): Promise<{ paymentId: string; redirectUri: string }> {
  if (!OPEN_FINANCE_ID.test(input.linkId)) throw new TypeError('linkId is not a vínculo id');
  const body = {
    identificadorVinculo: input.linkId,
    favorecido: api.favorecido,
    pagamento: { valor: reais(input.amountCents), idProprio: input.orderId, ...(input.qrCode ? { qrCode: input.qrCode } : {}) },
  };
  const reply = await call(api, 'POST', '/pagamentos-biometria/pix', body, input.idempotencyKey);
  return must(parseStartedPayment(reply.json), reply, true);
}

/** `GET /pagamentos-biometria/pix?inicio=&fim=[&identificador=]`, every page. */
export async function listOpenFinanceLinkedPayments(api: OpenFinanceApi, query: PageQuery): Promise<OpenFinancePayment[]> {
  return (await listPages(api, '/pagamentos-biometria/pix', query)).payments;
}
