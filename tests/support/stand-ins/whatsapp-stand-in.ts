import { createHmac, randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { createStandInKit, type Fault, type StandInRequest, type WebhookDelivery } from './kit.ts';

/**
 * Meta's WhatsApp Cloud API on a loopback port, built from its public documentation (sources listed
 * in tests/integration/whatsapp/whatsapp-cloud-api.test.ts): `POST /{version}/{phone-number-id}/messages` with
 * a template message, every request checked against the documented shape and against the templates
 * "registered" here (name, language, body variables, URL button, status), answered as documented —
 * `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }`, or
 * `{ error: { message, type, code, error_data, fbtrace_id } }` — and the webhook Meta sends to the
 * business: the statuses of each message (sent, delivered, read, failed with 131026 for a number
 * not on WhatsApp) and a user's text reply, signed with `X-Hub-Signature-256`.
 */

export const STAND_IN_VERSION = 'v25.0';

export interface StandInTemplate {
  language: string;
  /** How many {{n}} the body has. */
  bodyVariables: number;
  /** A URL button with a variable suffix (index 0). */
  urlButton: boolean;
  /** APPROVED, or PAUSED / DISABLED (Meta's quality pauses): sending one fails with 132015 / 132016. */
  status: 'APPROVED' | 'PAUSED' | 'DISABLED';
}

/** A message the stand-in accepted, as it read it. */
export interface StandInMessage {
  id: string;
  to: string;
  waId: string;
  template: string;
  language: string;
  body: string[];
  urlSuffix: string | null;
  callbackData: string | null;
}

export interface WhatsappStandIn {
  /** WHATSAPP_API_URL: the origin and the Graph API version. */
  url: string;
  phoneNumberId: string;
  token: string;
  appSecret: string;
  verifyToken: string;
  /** The server's WHATSAPP_* settings pointing here. */
  env(): Record<string, string>;
  templates: Map<string, StandInTemplate>;
  readonly requests: StandInRequest[];
  /** Webhook deliveries made, as sent. */
  readonly deliveries: WebhookDelivery[];
  messages: StandInMessage[];
  /** Numbers (as sent) that are not on WhatsApp: accepted, then reported failed with 131026 by the webhook. */
  notOnWhatsapp: Set<string>;
  /** Numbers registered before the ninth digit: their WhatsApp ID lacks it (5511987654321 → 551187654321). */
  legacyNumbers: Set<string>;
  /** Where the webhook goes (the app's callback URL); null → no webhook. */
  webhookUrl: string | null;
  /** After accepting a message, the webhook reports it `sent` and `delivered` (true by default). */
  autoStatuses: boolean;
  /**
   * The next send meets `fault` (after the token, number and JSON checks). `swallowed`: the message is accepted (and its
   * statuses go to the webhook) but the connection drops before the answer, as when Meta took a call whose answer never
   * arrived. A status fault answers in Graph's error envelope (`graphError`).
   */
  scriptNext(fault: Fault): void;
  /** A status of one message, as the webhook sends it. */
  sendStatus(
    message: StandInMessage,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    error?: { code: number; title: string },
  ): Promise<number>;
  /** A user's text message to the business number. */
  reply(from: string, text: string): Promise<number>;
  /** Posts a webhook body, signed with the app secret (or with `signature` as given; null: no header). */
  deliver(body: string, signature?: string | null): Promise<number>;
  /** Waits for the webhook deliveries under way. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const onlyKeys = (record: Json, allowed: readonly string[]) => Object.keys(record).every((key) => allowed.includes(key));

/** Graph API's error envelope (developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes). */
export function graphError(code: number, title: string, details: string, type = 'OAuthException') {
  return {
    error: {
      message: `(#${code}) ${title}`,
      type,
      code,
      error_data: { messaging_product: 'whatsapp', details },
      fbtrace_id: `A${randomBytes(9).toString('base64url')}`,
    },
  };
}

/** Template messages: a variable may hold no line break or tab, nor more than four spaces in a row. */
function textParameterProblem(parameter: unknown): string | null {
  if (!isRecord(parameter) || !onlyKeys(parameter, ['type', 'text']) || parameter.type !== 'text')
    return 'a parameter must be { type: "text", text }';
  const text = parameter.text;
  if (typeof text !== 'string' || text.trim() === '') return 'a text parameter must not be empty';
  if (/[\n\t]/.test(text) || / {5}/.test(text)) return 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces';
  if (text.length > 1024) return 'a text parameter is too long';
  return null;
}

interface ReadMessage {
  to: string;
  template: string;
  language: string;
  body: string[];
  urlSuffix: string | null;
  callbackData: string | null;
}

/** The Cloud API's checks of a template message: the reason it is refused (with Meta's code), or the message read. */
function readTemplateMessage(
  body: unknown,
  templates: Map<string, StandInTemplate>,
): { ok: ReadMessage } | { code: number; title: string; details: string; status?: number } {
  const invalid = (details: string) => ({ code: 100, title: 'Invalid parameter', details });
  if (!isRecord(body)) return invalid('the body must be a JSON object');
  if (!onlyKeys(body, ['messaging_product', 'recipient_type', 'to', 'type', 'template', 'biz_opaque_callback_data'])) {
    return invalid('unexpected field in a template message');
  }
  if (body.messaging_product !== 'whatsapp')
    return { code: 131008, title: 'Required parameter is missing', details: 'messaging_product must be whatsapp' };
  if (body.recipient_type !== undefined && body.recipient_type !== 'individual') return invalid('recipient_type must be individual');
  if (typeof body.to !== 'string' || !/^\+?\d{8,15}$/.test(body.to)) return invalid('to must be a phone number with its country code');
  if (body.type !== 'template') return invalid('type must be template');
  const callback = body.biz_opaque_callback_data;
  if (callback !== undefined && (typeof callback !== 'string' || callback.length > 512))
    return invalid('biz_opaque_callback_data is a string of at most 512 characters');
  const template = body.template;
  if (!isRecord(template) || !onlyKeys(template, ['name', 'language', 'components']))
    return invalid('template must be { name, language, components }');
  const language = template.language;
  if (
    typeof template.name !== 'string' ||
    !isRecord(language) ||
    !onlyKeys(language, ['code', 'policy']) ||
    typeof language.code !== 'string'
  ) {
    return invalid('template needs name and language.code');
  }
  const registered = templates.get(template.name);
  if (!registered || registered.language !== language.code) {
    return {
      code: 132001,
      title: 'Template name does not exist in the translation',
      details: `template name (${template.name}) does not exist in ${language.code}`,
      status: 404,
    };
  }
  if (registered.status === 'PAUSED')
    return {
      code: 132015,
      title: 'Template is Paused',
      details: 'Template is paused due to low quality so it cannot be sent in a template message',
    };
  if (registered.status === 'DISABLED')
    return {
      code: 132016,
      title: 'Template is Disabled',
      details: 'Template has been paused too many times due to low quality and is now permanently disabled',
    };
  if (!Array.isArray(template.components)) return invalid('components must be an array');
  let bodyTexts: string[] = [];
  let urlSuffix: string | null = null;
  for (const component of template.components) {
    if (!isRecord(component)) return invalid('a component must be an object');
    if (component.type === 'body') {
      if (!onlyKeys(component, ['type', 'parameters']) || !Array.isArray(component.parameters))
        return invalid('body is { type, parameters }');
      for (const parameter of component.parameters) {
        const problem = textParameterProblem(parameter);
        if (problem) return invalid(problem);
      }
      bodyTexts = component.parameters.map((parameter) => String((parameter as Json).text));
    } else if (component.type === 'button') {
      if (!onlyKeys(component, ['type', 'sub_type', 'index', 'parameters']))
        return invalid('button is { type, sub_type, index, parameters }');
      if (component.sub_type !== 'url' || !(component.index === '0' || component.index === 0))
        return invalid('only the URL button at index 0 takes a parameter here');
      if (!Array.isArray(component.parameters) || component.parameters.length !== 1)
        return invalid('a URL button takes one text parameter');
      const problem = textParameterProblem(component.parameters[0]);
      if (problem) return invalid(problem);
      urlSuffix = String((component.parameters[0] as Json).text);
    } else {
      return invalid(`component type ${String(component.type)} is not in this template`);
    }
  }
  const mismatch = { code: 132000, title: 'Number of parameters does not match the expected number of params' };
  if (bodyTexts.length !== registered.bodyVariables)
    return {
      ...mismatch,
      details: `body: number of localizable_params (${bodyTexts.length}) does not match the expected number of params (${registered.bodyVariables})`,
    };
  if ((urlSuffix !== null) !== registered.urlButton)
    return { ...mismatch, details: 'buttons: the URL button parameter does not match the template' };
  return {
    ok: {
      to: body.to,
      template: template.name,
      language: language.code,
      body: bodyTexts,
      urlSuffix,
      callbackData: typeof callback === 'string' ? callback : null,
    },
  };
}

export async function startWhatsappStandIn(): Promise<WhatsappStandIn> {
  const kit = createStandInKit<'send'>({ errorBody: (status) => graphError(2, 'Service temporarily unavailable', `HTTP ${status}`) });
  const waIdOf = (to: string) => {
    const digits = to.replace(/\D/g, '');
    return standIn.legacyNumbers.has(digits) && digits.length === 13 ? `${digits.slice(0, 4)}${digits.slice(5)}` : digits;
  };

  /** developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status/ */
  const envelope = (value: Json) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: standIn.phoneNumberId },
                ...value,
              },
              field: 'messages',
            },
          ],
        },
      ],
    });

  const standIn: WhatsappStandIn = {
    url: '',
    phoneNumberId: '106540352242922',
    token: `EAAG${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`,
    appSecret: randomBytes(16).toString('hex'),
    verifyToken: `verify-${randomBytes(8).toString('hex')}`,
    env: () => ({
      WHATSAPP_TOKEN: standIn.token,
      WHATSAPP_PHONE_NUMBER_ID: standIn.phoneNumberId,
      WHATSAPP_APP_SECRET: standIn.appSecret,
      WHATSAPP_VERIFY_TOKEN: standIn.verifyToken,
      WHATSAPP_API_URL: standIn.url,
    }),
    templates: new Map([
      ['vitrine_pix', { language: 'pt_BR', bodyVariables: 6, urlButton: true, status: 'APPROVED' }],
      ['vitrine_pix_lembrete', { language: 'pt_BR', bodyVariables: 5, urlButton: true, status: 'APPROVED' }],
      ['vitrine_acesso', { language: 'pt_BR', bodyVariables: 3, urlButton: true, status: 'APPROVED' }],
    ]),
    requests: kit.requests,
    deliveries: kit.deliveries,
    messages: [],
    notOnWhatsapp: new Set(),
    legacyNumbers: new Set(),
    webhookUrl: null,
    autoStatuses: true,
    scriptNext: (fault) => kit.script('send', fault),
    async deliver(body, signature) {
      if (!standIn.webhookUrl) throw new Error('the stand-in has no webhook URL');
      const header = signature === undefined ? `sha256=${createHmac('sha256', standIn.appSecret).update(body).digest('hex')}` : signature;
      return (await kit.deliver(standIn.webhookUrl, body, header === null ? {} : { 'X-Hub-Signature-256': header })).status;
    },
    sendStatus(message, status, error) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const failure = status === 'failed' ? (error ?? { code: 131026, title: 'Message undeliverable' }) : undefined;
      return standIn.deliver(
        envelope({
          statuses: [
            {
              id: message.id,
              status,
              timestamp,
              recipient_id: message.waId,
              ...(message.callbackData === null ? {} : { biz_opaque_callback_data: message.callbackData }),
              ...(status === 'failed'
                ? {
                    errors: [
                      {
                        code: failure!.code,
                        title: failure!.title,
                        message: failure!.title,
                        error_data: { details: failure!.title },
                        href: 'https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/',
                      },
                    ],
                  }
                : { pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' } }),
            },
          ],
        }),
      );
    },
    reply(from, text) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      return standIn.deliver(
        envelope({
          contacts: [{ profile: { name: 'Cliente' }, wa_id: from }],
          messages: [{ from, id: `wamid.${randomBytes(12).toString('base64url')}`, timestamp, type: 'text', text: { body: text } }],
        }),
      );
    },
    settled: kit.settled,
    stop: async () => {
      await kit.settled();
      await kit.stop();
    },
  };

  /** What Meta does after accepting: the statuses, through the webhook. */
  function afterAccept(message: StandInMessage) {
    if (!standIn.webhookUrl) return;
    kit.inBackground(async () => {
      if (standIn.notOnWhatsapp.has(message.to)) {
        await standIn.sendStatus(message, 'failed', { code: 131026, title: 'Message undeliverable' });
        return;
      }
      if (!standIn.autoStatuses) return;
      await standIn.sendStatus(message, 'sent');
      await standIn.sendStatus(message, 'delivered');
    });
  }

  const app = new Hono();
  app.use('*', kit.record);
  app.post(`/${STAND_IN_VERSION}/:phoneNumberId/messages`, (c: Context) => {
    const { body } = kit.recorded(c);
    const refuse = (status: number, json: unknown) => c.json(json, status as 400);
    if (c.req.header('Authorization') !== `Bearer ${standIn.token}`) {
      return refuse(401, graphError(190, 'Invalid OAuth access token - Cannot parse access token', 'Invalid OAuth access token'));
    }
    if (c.req.param('phoneNumberId') !== standIn.phoneNumberId) {
      return refuse(
        400,
        graphError(
          100,
          'Invalid parameter',
          `Unsupported post request. Object with ID '${c.req.param('phoneNumberId')}' does not exist`,
          'GraphMethodException',
        ),
      );
    }
    if (body === null || !(c.req.header('Content-Type') ?? '').startsWith('application/json')) {
      return refuse(400, graphError(100, 'Invalid parameter', 'the body must be JSON'));
    }
    return kit.answer(c, 'send', () => {
      const read = readTemplateMessage(body, standIn.templates);
      if (!('ok' in read)) return refuse(read.status ?? 400, graphError(read.code, read.title, read.details));
      const message: StandInMessage = { id: `wamid.${randomBytes(24).toString('base64url')}`, waId: waIdOf(read.ok.to), ...read.ok };
      standIn.messages.push(message);
      afterAccept(message);
      return c.json({
        messaging_product: 'whatsapp',
        contacts: [{ input: read.ok.to, wa_id: message.waId }],
        messages: [{ id: message.id, message_status: 'accepted' }],
      });
    });
  });
  app.all('*', (c) => c.json(graphError(100, 'Invalid parameter', `Unknown path components: ${c.req.path}`, 'GraphMethodException'), 400));

  standIn.url = `${(await kit.listen(app.fetch)).url}/${STAND_IN_VERSION}`;
  return standIn;
}
