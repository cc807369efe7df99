/** Efí via the standard "API Pix" (github.com/bacen/pix-api) over node:https: mTLS on every call, and a stand-in base URL. */
import { refundErrorDetail } from '../../errors.ts';
import type { PixProvider, ProviderCapabilities } from '../../pix-provider.ts';
import { createCob, findCob, readCharge, removeCob, type PixApiContext } from './pix-api-charges.ts';
import { CallFailure, createPixApiClient, type Reply } from './pix-api-client.ts';
import { parsePixNotification } from './pix-api-notifications.ts';
import { isNotFound } from './pix-api-failures.ts';
import { parseWebhookConfig, problemDetail } from './pix-api-parse.ts';
import { efiProfile, type PixApiProfile } from './pix-api-profile.ts';
import { defendInfraction, listInfractions, MAX_DEFENCE_CHARS } from './pix-api-infractions.ts';
import { readDevolucao, requestDevolucao } from './pix-api-refunds.ts';
import { readPixSend, sendPix } from './pix-api-send.ts';
import { createOpenFinanceApi, type OpenFinanceSettings } from './open-finance-client.ts';
import { efiOpenFinance } from './open-finance-capability.ts';

export interface EfiSettings {
  clientId: string;
  clientSecret: string;
  certificatePath: string;
  pixKey: string;
  apiUrl: string;
  /** Efí's alternative to mTLS on webhooks: the `?hmac=` of the registered URL. */
  webhookHmacSecret?: string | null;
  openFinance?: OpenFinanceSettings | null;
  /** Addresses webhooks may come from in that mode; the profile's (Efí's published one) when unset. */
  allowedIps?: readonly string[] | null;
  /** EFI_PIX_SEND: the seller enabled the `pix.send` scope (affiliate payouts go by API). */
  pixSend?: boolean;
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

export const capabilities: ProviderCapabilities = {
  refunds: true,
  partialRefunds: true,
  cart: false,
  expiry: true,
  webhook: 'read_back',
  idempotentCreate: true,
  // An infraction ACEITA moves no money by itself: the MED's devolução on the Pix (natureza MED_FRAUDE/MED_OPERACIONAL) does, and it
  // may be a part of the Pix (pix-api-parse.ts reads it).
  medReturnOnRead: true,
};

/** The PIX key in the path: percent-encoded, so a phone key's `+` arrives as `%2B`, not as a space. */
const webhookPath = (pixKey: string) => `/v2/webhook/${encodeURIComponent(pixKey)}`;

function webhookFailure(failure: unknown): EfiWebhookError {
  if (!(failure instanceof CallFailure)) throw failure;
  const reason = failure.reason === 'timeout' || failure.reason === 'network' ? 'no_answer' : failure.reason;
  return new EfiWebhookError(reason, failure.status ?? null, null);
}

function webhookRefusal(reply: Reply): EfiWebhookError {
  const detail = refundErrorDetail({ message: problemDetail(reply.json) });
  return new EfiWebhookError(reply.status >= 500 ? 'server_error' : 'refused', reply.status, detail);
}

async function registerWebhook(
  api: PixApiContext,
  settings: EfiSettings,
  webhookUrl: string,
  registration: { skipMtls: boolean },
): Promise<void> {
  const headers: Record<string, string> = {};
  // Without mTLS the hmac in the URL is all that tells Efí's calls from anyone's: never one without the other.
  const secret = registration.skipMtls ? (settings.webhookHmacSecret ?? '') : null;
  if (secret === '') throw new TypeError('skipMtls needs the webhook hmac secret (EFI_WEBHOOK_HMAC)');
  if (api.profile.skipMtlsHeader) headers[api.profile.skipMtlsHeader] = String(registration.skipMtls);
  else if (registration.skipMtls) throw new TypeError(`${api.profile.name} registers webhooks only with mTLS`);
  let reply: Reply;
  try {
    // WebhookSolicitado: `webhookUrl` alone. The standard answers 200 with no body; a 2xx is all we read.
    reply = await api.client.call('PUT', webhookPath(api.pixKey), { webhookUrl: efiWebhookUrl(webhookUrl, secret) }, headers);
  } catch (error) {
    throw webhookFailure(error);
  }
  if (reply.status < 200 || reply.status >= 300) throw webhookRefusal(reply);
}

async function getWebhook(api: PixApiContext): Promise<string | null> {
  let reply: Reply;
  try {
    reply = await api.client.call('GET', webhookPath(api.pixKey));
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

export function createEfiProvider(settings: EfiSettings, options: EfiProviderOptions = {}): EfiProvider {
  return createPixApiProvider(efiProfile, settings, options);
}

function createPixApiProvider(profile: PixApiProfile, settings: EfiSettings, options: EfiProviderOptions): EfiProvider {
  const now = options.now ?? Date.now;
  const client = createPixApiClient(profile, settings, {
    now,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(options.ca ? { ca: options.ca } : {}),
  });
  const api: PixApiContext = { profile, client, pixKey: settings.pixKey, now };
  return {
    id: profile.id,
    capabilities,
    disputes: {
      // Efí's list is read whole at each poll (up to its page bound): nothing to resume.
      list: async (range) => ({ disputes: await listInfractions(client, range), resumeAt: null }),
      defend: (dispute, defence) => defendInfraction(client, dispute, defence.text),
      maxDefenceChars: MAX_DEFENCE_CHARS,
    },
    createCharge: (input) => createCob(api, input),
    getCharge: (chargeId) => readCharge(api, chargeId),
    findCharge: (idempotencyKey) => findCob(api, idempotencyKey),
    cancelCharge: (chargeId) => removeCob(api, chargeId),
    parseWebhook: async (request) => parsePixNotification(profile, settings, request),
    refund: (charge, input) => requestDevolucao(client, charge, input),
    getRefund: (charge, refundId) => readDevolucao(client, charge, refundId),
    registerWebhook: (webhookUrl, registration) => registerWebhook(api, settings, webhookUrl, registration),
    getWebhook: () => getWebhook(api),
    ...(settings.pixSend
      ? { pixSend: { send: (input) => sendPix(client, settings.pixKey, input), read: (sendId) => readPixSend(client, sendId) } }
      : {}),
    ...(settings.openFinance
      ? { openFinance: efiOpenFinance(createOpenFinanceApi(settings.openFinance, { now, ...(options.ca ? { ca: options.ca } : {}) })) }
      : {}),
  };
}
