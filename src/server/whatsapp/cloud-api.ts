import { requestJson, TransportFailure } from '../gateway/transport.ts';
import type { WhatsappSettings } from '../config/config.ts';

/** No SDK: Meta paused its own (github.com/WhatsApp/WhatsApp-Nodejs-SDK/issues/31, June 2023). */
export type CloudApiSettings = NonNullable<WhatsappSettings['cloud']>;

/** Long enough for Meta on a bad day, well inside the outbox's 60 s deadline for one send. */
export const CLOUD_API_TIMEOUT_MS = 15_000;

export interface TemplateMessage {
  to: string;
  template: string;
  language: string;
  body: readonly string[];
  urlSuffix: string;
  /** Echoed in every status webhook (`biz_opaque_callback_data`). */
  callbackData: string;
}

/** Meta refuses a variable with a line break, a tab or more than four spaces in a row. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

export function templateRequestBody(message: TemplateMessage) {
  const text = (value: string) => ({ type: 'text', text: oneLine(value) });
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    biz_opaque_callback_data: message.callbackData,
    template: {
      name: message.template,
      language: { code: message.language },
      components: [
        { type: 'body', parameters: message.body.map(text) },
        { type: 'button', sub_type: 'url', index: '0', parameters: [text(message.urlSuffix)] },
      ],
    },
  };
}

/** `rate_limited`, `auth` (a seller can renew the token) and `server` are worth another try. */
export type CloudApiFailure = 'undeliverable' | 'template' | 'rate_limited' | 'auth' | 'server' | 'rejected';

export class CloudApiError extends Error {
  constructor(
    readonly failure: CloudApiFailure,
    readonly code: number | null,
    readonly httpStatus: number,
  ) {
    super(`WhatsApp Cloud API refused the message: ${failure}${code === null ? '' : ` (code ${code})`}, HTTP ${httpStatus}`);
    this.name = 'CloudApiError';
  }

  /** Another attempt later may go through; the others will fail the same way. */
  get retryable(): boolean {
    return this.failure === 'rate_limited' || this.failure === 'auth' || this.failure === 'server';
  }
}

/** No answer. `sent` false: the request surely never reached Meta, so sending again cannot double it. */
export class CloudApiNoAnswer extends Error {
  constructor(readonly sent: boolean) {
    super(sent ? 'WhatsApp Cloud API gave no answer' : 'WhatsApp Cloud API was not reached');
    this.name = 'CloudApiNoAnswer';
  }
}

const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131048, 131056]);
const AUTH_CODES = new Set([0, 3, 10, 190]);
const SERVER_CODES = new Set([1, 2, 131000, 131016]);

export function classifyCloudApiCode(code: number | null, httpStatus: number, subcode?: number): CloudApiFailure {
  if (code === 131026) return 'undeliverable';
  // "Invalid parameter" with this subcode: the recipient is not a WhatsApp number (older API versions).
  if (code === 100 && subcode === 2494010) return 'undeliverable';
  if (code !== null && code >= 132000 && code < 133000) return 'template';
  if (code !== null && RATE_LIMIT_CODES.has(code)) return 'rate_limited';
  if ((code !== null && (AUTH_CODES.has(code) || (code >= 200 && code < 300))) || httpStatus === 401) return 'auth';
  if ((code !== null && SERVER_CODES.has(code)) || httpStatus === 429 || httpStatus >= 500) {
    return httpStatus === 429 ? 'rate_limited' : 'server';
  }
  return 'rejected';
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

const integer = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);

export async function sendTemplate(
  settings: Pick<CloudApiSettings, 'apiUrl' | 'phoneNumberId' | 'token'>,
  message: TemplateMessage,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<{ messageId: string }> {
  let answer: { status: number; json: unknown };
  try {
    answer = await requestJson(options.fetch ?? fetch, {
      url: `${settings.apiUrl}/${encodeURIComponent(settings.phoneNumberId)}/messages`,
      method: 'POST',
      token: settings.token,
      body: templateRequestBody(message),
      timeoutMs: options.timeoutMs ?? CLOUD_API_TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof TransportFailure) throw new CloudApiNoAnswer(error.sent);
    throw error;
  }
  const body = record(answer.json);
  if (answer.status >= 200 && answer.status < 300) {
    const first = Array.isArray(body?.messages) ? record(body.messages[0]) : undefined;
    const id = first?.id;
    if (typeof id === 'string' && id.length > 0 && id.length <= 512) return { messageId: id };
    // A 2xx we cannot read: Meta may have taken the message; treat it as an answer lost.
    throw new CloudApiNoAnswer(true);
  }
  const error = record(body?.error);
  const code = integer(error?.code);
  const subcode = integer(error?.error_subcode);
  throw new CloudApiError(classifyCloudApiCode(code, answer.status, subcode ?? undefined), code, answer.status);
}
