import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { isValidCpfOrCnpj } from '../../shared/documents.ts';
import { DEFAULT_GUARANTEE_DAYS } from '../../shared/guarantee.ts';
import { DEFAULT_UNPAID_RETENTION_DAYS } from '../../shared/retention.ts';
import { apiUrl, blankAsUnset, httpUrl, isEmailAddress } from '../lib/env-fields.ts';
import { isProviderId, PROVIDER_IDS, PROVIDER_SECRET_VARIABLES } from '../gateway/provider-registry.ts';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const integerText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { message: `must be a whole number from ${min} to ${max}` })
    .transform(Number)
    .refine((value) => value >= min && value <= max, {
      message: `must be a whole number from ${min} to ${max}`,
    });

const providerList = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim().toLowerCase()))
  .superRefine((entries, context) => {
    if (!entries.every(isProviderId)) {
      context.addIssue({
        code: 'custom',
        message: `must be a comma-separated list of ${PROVIDER_IDS.join(', ')}, in the order to try them (e.g. mercadopago,tribopay)`,
      });
      return;
    }
    const repeated = entries.find((entry, index) => entries.indexOf(entry) !== index);
    if (repeated) context.addIssue({ code: 'custom', message: `names ${repeated} more than once: list each provider once` });
  })
  .transform((entries) => entries.filter(isProviderId));

/** Needs an offset, or the moment would depend on the server's time zone; impossible dates are refused. */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/i;

const isoInstant = z
  .string()
  .trim()
  .refine(
    (value) => {
      const match = ISO_INSTANT.exec(value);
      if (!match) return false;
      const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const calendar = new Date(Date.UTC(year, month - 1, day));
      return calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day && Number.isFinite(Date.parse(value));
    },
    { message: 'must be an ISO 8601 date-time with a time zone, e.g. 2025-12-31T23:59:59-03:00' },
  )
  .transform((value) => Date.parse(value));

const reminderMinutes = z
  .string()
  .refine((value) => value.trim() === '' || value.split(',').every((part) => /^\s*[1-9]\d{0,5}\s*$/.test(part)), {
    message: 'must be a comma-separated list of whole minutes of at least 1 (e.g. 60,1200), or empty to send no reminders',
  })
  .transform((value) =>
    value.trim() === '' ? [] : [...new Set(value.split(',').map((part) => Number(part.trim())))].sort((a, b) => a - b),
  );

/** As Meta's template manager accepts it. */
const templateName = (fallback: string) =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .regex(/^[a-z0-9_]{1,512}$/, { message: "must be a template's name as Meta shows it: lower-case letters, digits and _" })
      .default(fallback),
  );

const quietHours = z
  .string()
  .trim()
  .regex(/^\d{1,2}-\d{1,2}$/, { message: 'must be two whole hours from 0 to 23, from-to in São Paulo time (e.g. 21-8)' })
  .transform((value) => {
    const [start, end] = value.split('-').map(Number) as [number, number];
    return { start, end };
  })
  .refine(({ start, end }) => start <= 23 && end <= 23 && start !== end, {
    message: 'must be two different whole hours from 0 to 23, from-to in São Paulo time (e.g. 21-8)',
  });

function proxyRange(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = entry.trim().split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0 || (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText))) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  return prefix <= max ? { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' } : null;
}

/** Unset → loopback only; set → exactly the listed ranges, so a proxy elsewhere must be named. */
const proxyList = z
  .string()
  .refine((value) => value.split(',').every((entry) => proxyRange(entry) !== null), {
    message: 'must be a comma-separated list of IP addresses or CIDR ranges, e.g. 127.0.0.1,10.0.0.0/8',
  })
  .transform((value) => {
    const list = new BlockList();
    for (const entry of value.split(',')) {
      const range = proxyRange(entry)!;
      list.addSubnet(range.address, range.prefix, range.family);
    }
    return list;
  });

/** Standard Webhooks: strict base64 of 24 to 64 bytes. */
function webhookKeyLength(value: string): number | null {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value);
  if (!match || match[1]!.length % 4 !== 0) return null;
  const bytes = Buffer.from(match[1]!, 'base64').length;
  return bytes >= 24 && bytes <= 64 ? bytes : null;
}

export const EnvSchema = z.object({
  PORT: integerText(0, 65535).default(3000),
  HOST: optionalText.default('0.0.0.0'),
  DATA_DIR: optionalText.default('./data'),
  PUBLIC_URL: httpUrl.optional(),
  MONTHLY_CAPACITY: integerText(0, 1_000_000).default(100),
  TRUST_PROXY_HOPS: integerText(0, 10).default(0),
  TRUSTED_PROXIES: z.preprocess(blankAsUnset, proxyList.prefault('127.0.0.0/8,::1')),
  OFFER_ENDS_AT: z.preprocess(blankAsUnset, isoInstant.optional()),
  PAYMENT_PROVIDERS: z.preprocess(blankAsUnset, providerList.optional()),
  CUSTOMER_DOCUMENT: optionalText.refine((value) => value === undefined || isValidCpfOrCnpj(value), {
    message: 'must be a valid CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric)',
  }),
  CHECKOUT_URL: httpUrl.optional(),
  PIX_EXPIRE_DAYS: integerText(1, 30).default(1),
  PIX_REMINDER_MINUTES: reminderMinutes.default([60, 1200]),
  // Removed (docs/decisions/0005-pix-expiry.md); env-rules.ts refuses it so it cannot mislead the seller.
  PIX_TTL_MINUTES: optionalText,
  UNPAID_RETENTION_DAYS: integerText(1, 3650).default(DEFAULT_UNPAID_RETENTION_DAYS),
  // CDC art. 49 gives the online buyer 7 days; a seller may offer more, never less.
  GUARANTEE_DAYS: integerText(7, 365).default(DEFAULT_GUARANTEE_DAYS),
  // Read as text: blankAsUnset would bring the default back, and empty means off.
  REVIEW_REQUEST_DAYS: z
    .string()
    .trim()
    .regex(/^(\d{1,3})?$/, { message: 'must be a whole number of days from 1 to 365, or empty to send no review request' })
    .refine((value) => value === '' || (Number(value) >= 1 && Number(value) <= 365), {
      message: 'must be a whole number of days from 1 to 365, or empty to send no review request',
    })
    .default('3'),
  REVIEWS_MIN: integerText(1, 100).default(3),
  // docs/disputes.md: Efí documents no infraction webhook, so its infractions are polled.
  DISPUTES_POLL_SECONDS: integerText(10, 86_400).default(900),
  DISPUTE_BLOCK_AFTER: integerText(1, 100).default(1),
  // The seller's own number for dispute alerts (docs/disputes.md#alerts); unset → e-mail only.
  DISPUTE_ALERT_WHATSAPP: optionalText.refine(
    (value) => value === undefined || (/^\+?[\d\s().-]+$/.test(value) && /^\d{10,13}$/.test(value.replace(/\D/g, ''))),
    { message: 'must be a phone number with area code, e.g. 5511987654321' },
  ),
  WHATSAPP_TEMPLATE_DISPUTE: templateName('vitrine_contestacao'),
  // The same number's alert when a provider's disputes cannot be read for an hour (docs/whatsapp.md).
  WHATSAPP_TEMPLATE_READ_ALERT: templateName('vitrine_leitura_falhou'),
  // The seller's affiliate window: how long the consented cookie keeps a link's code (docs/affiliates.md#links).
  AFFILIATE_COOKIE_DAYS: integerText(0, 365).default(30),
  AFFILIATE_CLICK: z.preprocess(
    blankAsUnset,
    z
      .enum(['first', 'last'], { message: 'must be first (the first link within the window earns) or last (the last one does)' })
      .default('last'),
  ),
  REFUND_MODE: z.preprocess(
    blankAsUnset,
    z
      .enum(['manual', 'auto'], {
        message: 'must be manual (the seller approves each request in the console) or auto (every request inside the window is refunded)',
      })
      .default('manual'),
  ),
  BUMP_PRODUCT_HASH: optionalText,
  BUMP_OFFER_HASH: optionalText,
  ORDER_BUMP: z.preprocess(
    blankAsUnset,
    z.enum(['on', 'off'], { message: 'must be on (offer the order bump of src/content/offers.ts) or off' }).optional(),
  ),
  GATEWAY_REFUNDS: z.preprocess(
    blankAsUnset,
    z.enum(['0', '1'], { message: 'must be 1 (refund through the gateway API) or 0 (refund by hand in the gateway panel)' }).default('0'),
  ),
  SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\/[^/]+/.test(value), {
    message: 'must be smtp://user:password@host:port or smtps://…',
  }),
  MAIL_FROM: optionalText,
  SUPPORT_EMAIL: optionalText.refine((value) => value === undefined || isEmailAddress(value), {
    message: 'must be an e-mail address',
  }),
  GA_ID: optionalText.refine((value) => value === undefined || /^G-[A-Z0-9]{4,20}$/i.test(value), {
    message: 'must be a GA4 measurement ID like G-XXXXXXXXXX',
  }),
  META_PIXEL_ID: optionalText.refine((value) => value === undefined || /^\d{5,20}$/.test(value), {
    message: 'must be the Meta Pixel ID (digits only)',
  }),
  CLARITY_ID: optionalText.refine((value) => value === undefined || /^[a-z0-9]{4,20}$/i.test(value), {
    message: 'must be the Microsoft Clarity project ID (letters and digits)',
  }),
  META_CAPI_TOKEN: optionalText.refine((value) => value === undefined || /^[A-Za-z0-9_-]{20,512}$/.test(value), {
    message: 'must be the Conversions API access token from Meta Events Manager (letters and digits)',
  }),
  META_CAPI_URL: z.preprocess(blankAsUnset, httpUrl.optional()),
  GA_API_SECRET: optionalText.refine((value) => value === undefined || /^[A-Za-z0-9_-]{8,128}$/.test(value), {
    message: 'must be a Measurement Protocol API secret from the GA4 data stream (letters, digits, - and _)',
  }),
  GA_MP_URL: z.preprocess(blankAsUnset, httpUrl.optional()),
  WEBHOOK_URL: z.preprocess(blankAsUnset, httpUrl.optional()),
  WEBHOOK_SECRET: optionalText.refine((value) => value === undefined || webhookKeyLength(value) !== null, {
    message: 'must be whsec_ followed by the base64 of 24 to 64 random bytes, e.g. whsec_ and the output of `openssl rand -base64 32`',
  }),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  LOG_FORMAT: z.preprocess(
    blankAsUnset,
    z.enum(['json', 'text'], { message: 'must be json (one JSON object per line) or text' }).optional(),
  ),
  WHATSAPP_GROUP_URL: z.preprocess(blankAsUnset, httpUrl.optional()),
  SUPPORT_WHATSAPP: optionalText.refine(
    (value) => value === undefined || (/^\+?[\d\s().-]+$/.test(value) && /^\d{10,13}$/.test(value.replace(/\D/g, ''))),
    {
      message: 'must be a phone number with area code, e.g. 5511987654321',
    },
  ),
  WHATSAPP_TOKEN: optionalText.refine((value) => value === undefined || /^[A-Za-z0-9_-]{20,2048}$/.test(value), {
    message: "must be the Cloud API's access token (a system user's permanent token from Meta Business Suite: letters and digits)",
  }),
  WHATSAPP_PHONE_NUMBER_ID: optionalText.refine((value) => value === undefined || /^\d{5,20}$/.test(value), {
    message: "must be the phone number ID from the app's WhatsApp → API Setup page (digits only; it is not the phone number)",
  }),
  WHATSAPP_APP_SECRET: optionalText.refine((value) => value === undefined || /^[A-Za-z0-9]{16,128}$/.test(value), {
    message: "must be the Meta app's App Secret (App settings → Basic): letters and digits",
  }),
  WHATSAPP_VERIFY_TOKEN: optionalText.refine((value) => value === undefined || /^[\x21-\x7e]{16,200}$/.test(value), {
    message: "must be 16 to 200 visible characters without spaces, the same you type in the app's Webhooks → Verify token",
  }),
  WHATSAPP_API_URL: z.preprocess(blankAsUnset, apiUrl.optional()),
  WHATSAPP_TEMPLATE_PIX: templateName('vitrine_pix'),
  WHATSAPP_TEMPLATE_REMINDER: templateName('vitrine_pix_lembrete'),
  WHATSAPP_TEMPLATE_ACCESS: templateName('vitrine_acesso'),
  WHATSAPP_TEMPLATE_LANGUAGE: z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}(?:_[A-Z]{2})?$/, { message: 'must be a template language code as Meta writes it, e.g. pt_BR' })
      .default('pt_BR'),
  ),
  WHATSAPP_MAX_PER_ORDER: z.preprocess(blankAsUnset, integerText(0, 10).default(3)),
  // Meta's utility rate for Brazil, about US$ 0,0034–0,0068 a message in 2026.
  WHATSAPP_PRICE_CENTS: z.preprocess(blankAsUnset, integerText(0, 1000).default(4)),
  WHATSAPP_QUIET_HOURS: z.preprocess(blankAsUnset, quietHours.prefault('21-8')),
  SELLER_NAME: optionalText,
  SELLER_DOCUMENT: optionalText.refine((value) => value === undefined || isValidCpfOrCnpj(value), {
    message: 'must be a valid CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric)',
  }),
  SELLER_ADDRESS: optionalText,
  ADMIN_PASSWORD: z.preprocess(blankAsUnset, z.string().min(12, { message: 'must be at least 12 characters' }).optional()),
  /** The owner's name in the page's history and the audit log (ADMIN_PASSWORD is the owner's); "Proprietário" unset. */
  ADMIN_NAME: optionalText,
  DEMO_MODE: z.preprocess(blankAsUnset, z.enum(['0', '1'], { message: 'must be 1 (run the demo on purpose) or 0' }).optional()),
  MAIL_TRANSPORT: z.preprocess(
    blankAsUnset,
    z.enum(['smtp', 'file'], { message: 'must be smtp (send through SMTP_URL) or file (.eml files in DATA_DIR/outbox)' }).optional(),
  ),
});

export const REMOVED_VARIABLES = new Set(['PIX_TTL_MINUTES']);

/** Never echoed by a startup error; each provider's secret settings come from its descriptor. */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  ...PROVIDER_SECRET_VARIABLES,
  'ADMIN_PASSWORD',
  'META_CAPI_TOKEN',
  'GA_API_SECRET',
  'WEBHOOK_SECRET',
  'WHATSAPP_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
]);

export type EnvValues = z.infer<typeof EnvSchema>;
