import fs from 'node:fs';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { defaultPublicConfig, sellerPlaceholder } from '../../content/seller.ts';
import { DEMO_BUMP_OFFER_HASH, DEMO_BUMP_PRODUCT_HASH, orderBump, type BumpOffer } from '../../content/offers.ts';
import { formatDocument, isValidCpfOrCnpj, normalizeDocument } from '../../shared/documents.ts';
import { DEFAULT_UNPAID_RETENTION_DAYS } from '../../shared/retention.ts';
import { DEFAULT_GUARANTEE_DAYS } from '../../shared/guarantee.ts';
import { DEFAULT_API_URLS, PROVIDER_IDS, type ProviderSettings } from './provider-settings.ts';

/**
 * Every setting the server reads, validated once at boot. A bad value stops the start with one
 * line per variable (see main.ts); nothing else in the server reads process.env.
 */

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

const httpUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { message: 'must be an http(s) URL' },
  )
  .transform((value) => value.replace(/\/+$/, ''));

/**
 * A PIX provider's API base URL (MERCADOPAGO_API_URL, EFI_API_URL, ABACATEPAY_API_URL): https, as
 * it carries credentials; plain http only on loopback, where tests and staging run a stand-in.
 */
const apiUrl = httpUrl.refine(
  (value) => {
    const url = new URL(value);
    return url.protocol === 'https:' || isLoopbackHost(url.hostname);
  },
  { message: 'must be an https:// URL (http:// only on loopback, for a local stand-in)' },
);

const isEmailAddress = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** PAYMENT_PROVIDERS: provider ids in the order a charge tries them, each once. */
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

type ProviderId = ProviderSettings['id'];

function isProviderId(value: string): value is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(value);
}

/**
 * EFI_PIX_KEY: the key charges are paid to, in one of the Banco Central's key forms (CPF or CNPJ
 * digits, e-mail, +55 phone, random key), so a pasted label or a formatted CPF fails at start.
 */
const pixKey = optionalText.refine(
  (value) =>
    value === undefined ||
    (/^\d{11}$|^\d{14}$/.test(value) && isValidCpfOrCnpj(value)) ||
    (value.length <= 77 && isEmailAddress(value)) ||
    /^\+55\d{10,11}$/.test(value) ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
  {
    message:
      'must be a PIX key of your Efí account: CPF or CNPJ digits only, an e-mail, a phone as +55 with DDD (+5511987654321), or a random key',
  },
);

/**
 * An instant written as an ISO 8601 date-time with its offset (or Z), e.g. 2025-12-31T23:59:59-03:00:
 * without one the moment would depend on the server's time zone. Impossible dates (30 February)
 * are refused instead of rolling over.
 */
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

/**
 * PIX_REMINDER_MINUTES: whole minutes after the charge's creation, comma-separated ("60,1200");
 * empty turns reminders off. Sorted and de-duplicated, so "1200, 60, 60" means the same as the default.
 */
const reminderMinutes = z
  .string()
  .refine((value) => value.trim() === '' || value.split(',').every((part) => /^\s*[1-9]\d{0,5}\s*$/.test(part)), {
    message: 'must be a comma-separated list of whole minutes of at least 1 (e.g. 60,1200), or empty to send no reminders',
  })
  .transform((value) =>
    value.trim() === '' ? [] : [...new Set(value.split(',').map((part) => Number(part.trim())))].sort((a, b) => a - b),
  );

/** A message template's name as Meta's template manager accepts it: lower-case letters, digits and underscores. */
const templateName = (fallback: string) =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .regex(/^[a-z0-9_]{1,512}$/, { message: "must be a template's name as Meta shows it: lower-case letters, digits and _" })
      .default(fallback),
  );

/**
 * WHATSAPP_QUIET_HOURS: `from-to` in whole hours of São Paulo, e.g. 21-8 (no messages from 21:00
 * to 08:00); a window may wrap midnight or not (0-6). Messages due inside it wait for its end.
 */
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

/** One TRUSTED_PROXIES entry: an address (a range of one) or a CIDR range; null when it is neither. */
function proxyRange(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = entry.trim().split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0 || (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText))) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  return prefix <= max ? { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' } : null;
}

/**
 * TRUSTED_PROXIES: the socket peers whose X-Forwarded-For counts (with TRUST_PROXY_HOPS ≥ 1).
 * Unset → loopback only, where a proxy on the same machine (nginx, Caddy) connects from; set → exactly
 * the listed ranges, so a proxy elsewhere (a Docker bridge, a platform's router) must be named.
 */
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

/** The shipped example support address; the seller must set their own. */
const DEFAULT_SUPPORT_EMAIL = 'suporte@example.com';

/**
 * The byte length of a Standard Webhooks secret (`whsec_<base64>`), or null when it is not one:
 * strict base64 (no URL-safe letters, padding only at the end) of 24 to 64 bytes.
 */
function webhookKeyLength(value: string): number | null {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value);
  if (!match || match[1]!.length % 4 !== 0) return null;
  const bytes = Buffer.from(match[1]!, 'base64').length;
  return bytes >= 24 && bytes <= 64 ? bytes : null;
}

/** An empty value counts as unset (a blank line in a .env file). */
const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const EnvSchema = z.object({
  PORT: integerText(0, 65535).default(3000),
  HOST: optionalText.default('0.0.0.0'),
  DATA_DIR: optionalText.default('./data'),
  PUBLIC_URL: httpUrl.optional(),
  MONTHLY_CAPACITY: integerText(0, 1_000_000).default(100),
  TRUST_PROXY_HOPS: integerText(0, 10).default(0),
  TRUSTED_PROXIES: z.preprocess(blankAsUnset, proxyList.prefault('127.0.0.0/8,::1')),
  OFFER_ENDS_AT: z.preprocess(blankAsUnset, isoInstant.optional()),
  PROVIDER_URL: httpUrl.optional(),
  PROVIDER_TOKEN: optionalText,
  PRODUCT_HASH: optionalText,
  PAYMENT_PROVIDERS: z.preprocess(blankAsUnset, providerList.optional()),
  MERCADOPAGO_ACCESS_TOKEN: optionalText,
  MERCADOPAGO_WEBHOOK_SECRET: optionalText,
  MERCADOPAGO_API_URL: z.preprocess(blankAsUnset, apiUrl.optional()),
  EFI_CLIENT_ID: optionalText,
  EFI_CLIENT_SECRET: optionalText,
  EFI_CERTIFICATE: optionalText,
  EFI_PIX_KEY: pixKey,
  EFI_API_URL: z.preprocess(blankAsUnset, apiUrl.optional()),
  EFI_WEBHOOK_HMAC: optionalText,
  ABACATEPAY_API_KEY: optionalText,
  ABACATEPAY_WEBHOOK_SECRET: optionalText,
  ABACATEPAY_API_URL: z.preprocess(blankAsUnset, apiUrl.optional()),
  CUSTOMER_DOCUMENT: optionalText.refine((value) => value === undefined || isValidCpfOrCnpj(value), {
    message: 'must be a valid CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric)',
  }),
  CHECKOUT_URL: httpUrl.optional(),
  PIX_EXPIRE_DAYS: integerText(1, 30).default(1),
  PIX_REMINDER_MINUTES: reminderMinutes.default([60, 1200]),
  // Removed: it only shortened the countdown we showed while the gateway kept the code payable for
  // a day (docs/decisions/0005-pix-expiry.md). Still set, it would mislead the seller; refused below.
  PIX_TTL_MINUTES: optionalText,
  UNPAID_RETENTION_DAYS: integerText(1, 3650).default(DEFAULT_UNPAID_RETENTION_DAYS),
  // CDC art. 49 gives the online buyer 7 days; a seller may offer more, never less.
  GUARANTEE_DAYS: integerText(7, 365).default(DEFAULT_GUARANTEE_DAYS),
  // Empty turns the review request off (blankAsUnset would bring the default back, so it is read as text).
  REVIEW_REQUEST_DAYS: z
    .string()
    .trim()
    .regex(/^(\d{1,3})?$/, { message: 'must be a whole number of days from 1 to 365, or empty to send no review request' })
    .refine((value) => value === '' || (Number(value) >= 1 && Number(value) <= 365), {
      message: 'must be a whole number of days from 1 to 365, or empty to send no review request',
    })
    .default('3'),
  REVIEWS_MIN: integerText(1, 100).default(3),
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
  // Meta's utility rate for Brazil, about US$ 0,0034–0,0068 a message in 2026: 4 centavos is the top at R$ 5,50.
  WHATSAPP_PRICE_CENTS: z.preprocess(blankAsUnset, integerText(0, 1000).default(4)),
  WHATSAPP_QUIET_HOURS: z.preprocess(blankAsUnset, quietHours.prefault('21-8')),
  SELLER_NAME: optionalText,
  SELLER_DOCUMENT: optionalText.refine((value) => value === undefined || isValidCpfOrCnpj(value), {
    message: 'must be a valid CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric)',
  }),
  SELLER_ADDRESS: optionalText,
  ADMIN_PASSWORD: z.preprocess(blankAsUnset, z.string().min(12, { message: 'must be at least 12 characters' }).optional()),
  DEMO_MODE: z.preprocess(blankAsUnset, z.enum(['0', '1'], { message: 'must be 1 (run the demo on purpose) or 0' }).optional()),
  MAIL_TRANSPORT: z.preprocess(
    blankAsUnset,
    z.enum(['smtp', 'file'], { message: 'must be smtp (send through SMTP_URL) or file (.eml files in DATA_DIR/outbox)' }).optional(),
  ),
});

/** Read only to refuse them with a hint: not listed in .env.example. */
const REMOVED_VARIABLES = new Set(['PIX_TTL_MINUTES']);

/** Every variable the server reads (DATABASE_URL is parsed on its own); .env.example lists them all. */
export const CONFIG_VARIABLES: readonly string[] = [
  ...Object.keys(EnvSchema.shape).filter((name) => !REMOVED_VARIABLES.has(name)),
  'DATABASE_URL',
];

/** Settings whose values never appear in an error message. */
const SECRET_VARIABLES = new Set([
  'ADMIN_PASSWORD',
  'PROVIDER_TOKEN',
  'META_CAPI_TOKEN',
  'GA_API_SECRET',
  'WEBHOOK_SECRET',
  'MERCADOPAGO_ACCESS_TOKEN',
  'MERCADOPAGO_WEBHOOK_SECRET',
  'EFI_CLIENT_SECRET',
  'EFI_WEBHOOK_HMAC',
  'ABACATEPAY_API_KEY',
  'ABACATEPAY_WEBHOOK_SECRET',
  'WHATSAPP_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
]);

type EnvValues = z.infer<typeof EnvSchema>;
type EnvName = keyof EnvValues;

/**
 * Each PIX provider's variables: the ones it cannot run without, then the optional ones (an API
 * base URL with a default, Efí's webhook HMAC). Any of them set while PAYMENT_PROVIDERS leaves the
 * provider out is refused, so a typo in the list cannot silently drop a provider.
 */
const PROVIDER_VARIABLES: Record<ProviderId, { required: readonly EnvName[]; optional: readonly EnvName[] }> = {
  tribopay: { required: ['PROVIDER_URL', 'PROVIDER_TOKEN', 'PRODUCT_HASH'], optional: [] },
  mercadopago: { required: ['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_WEBHOOK_SECRET'], optional: ['MERCADOPAGO_API_URL'] },
  efi: {
    required: ['EFI_CLIENT_ID', 'EFI_CLIENT_SECRET', 'EFI_CERTIFICATE', 'EFI_PIX_KEY'],
    optional: ['EFI_API_URL', 'EFI_WEBHOOK_HMAC'],
  },
  abacatepay: { required: ['ABACATEPAY_API_KEY', 'ABACATEPAY_WEBHOOK_SECRET'], optional: ['ABACATEPAY_API_URL'] },
};

/** The Cloud API's credentials: all four together, or none (the messages are then recorded, not sent). */
const WHATSAPP_CREDENTIALS = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;

/** One line per credential missing beside the others: a token without its phone number ID sends nothing. */
function whatsappProblems(values: EnvValues): string[] {
  const set = WHATSAPP_CREDENTIALS.filter((name) => values[name] !== undefined);
  if (set.length === 0 || set.length === WHATSAPP_CREDENTIALS.length) return [];
  return WHATSAPP_CREDENTIALS.filter((name) => values[name] === undefined).map(
    (name) =>
      `${name} is required with ${set.join(', ')}: the WhatsApp Cloud API needs ${WHATSAPP_CREDENTIALS.join(', ')} together (or none of them, to record the messages without sending)`,
  );
}

/** The Cloud API's base URL by default: the Graph API version Meta's WhatsApp documentation shows. */
export const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com/v25.0';

/**
 * A host that only this machine or its private network can reach: a demo there cannot be
 * mistaken for a shop, and a loopback PUBLIC_URL is how tests run a real gateway client.
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    host === '::1' ||
    /^f[cd][0-9a-f]{2}:/.test(host) ||
    /^fe80:/.test(host)
  );
}

const isLoopbackHost = (hostname: string) => {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
};

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  /** Base for absolute links (e-mails, webhook URL); derived from the bound port when unset. */
  publicUrl: string | undefined;
  monthlyCapacity: number;
  /**
   * Reverse proxies in front of the server that append to X-Forwarded-For (TRUST_PROXY_HOPS):
   * 0 = the socket's peer is the client and the header is ignored.
   */
  trustProxyHops: number;
  /** Socket peers allowed to speak for a client through X-Forwarded-For (TRUSTED_PROXIES). */
  trustedProxies: BlockList;
  /** Epoch ms the offer countdown runs to (OFFER_ENDS_AT); unset → the end of the current month. */
  offerEndsAt: number | undefined;
  /**
   * The PIX providers, in the order a charge tries them (PAYMENT_PROVIDERS; unset → TriboPay alone
   * with PROVIDER_URL). In the demo, TriboPay's entry alone, with the sandbox this server mounts at /sandbox.
   */
  payments: ProviderSettings[];
  /** No real provider configured: the sandbox takes the charges and every page says so. */
  demoMode: boolean;
  /** Document sent as the customer's (docs/product.md#the-buyer-form); when unset with a real gateway, the buyer types a CPF. */
  customerDocument: string | undefined;
  /** Hosted checkout: buy buttons navigate there instead of opening the PIX modal. */
  checkoutUrl: string | undefined;
  /**
   * Whole days a PIX charge stays payable, sent to the gateway as `expire_in_days` (its only expiry
   * knob, docs/gateway.md#7-expiry); the expiry shown is the gateway's, never a shorter one of ours.
   */
  pixExpireDays: number;
  /**
   * Minutes after a charge's creation at which the buyer gets a reminder while it is still payable
   * and unpaid (PIX_REMINDER_MINUTES, ascending); empty = no reminders.
   */
  pixReminderMinutes: number[];
  /** Days after which an unpaid charge loses the buyer's name, e-mail, phone and CPF. */
  unpaidRetentionDays: number;
  /** The guarantee (docs/refunds.md): days after payment the buyer may ask for a refund (GUARANTEE_DAYS). */
  guaranteeDays: number;
  /** REVIEW_REQUEST_DAYS: days after payment the "Como está sendo a lista?" e-mail goes; null = never. */
  reviewRequestDays: number | null;
  /** REVIEWS_MIN: the landing page shows reviews from this many published ones. */
  reviewsMin: number;
  /** REFUND_MODE: `auto` approves every request inside the window with no seller action. */
  refundMode: 'manual' | 'auto';
  /** GATEWAY_REFUNDS=1: refunds go through the gateway's refund endpoint; off → by hand in the gateway panel. */
  gatewayRefunds: boolean;
  /**
   * The order bump of content/offers.ts, when it is offered (ORDER_BUMP): null when it is off, when
   * content has none, or with a real gateway while content still has the demo's hashes.
   */
  orderBump: BumpOffer | null;
  mail: { smtpUrl: string | undefined; from: string; supportEmail: string };
  /** Public links and the seller's identity the pages show (footer, /termos, /privacidade). */
  storefront: {
    whatsappGroupUrl: string;
    /** Digits with the country code (55…), for wa.me links; unset → support is by e-mail. */
    supportWhatsapp: string | undefined;
    /** Name, formatted CPF/CNPJ and address, as Decreto 7.962/2013 asks; placeholders until set. */
    seller: { name: string; document: string; address: string };
  };
  /** Public tracker IDs; each one unset means that tracker is off. */
  trackers: { gaId: string | null; metaPixelId: string | null; clarityId: string | null };
  /**
   * Server-side Purchase events for orders whose buyer accepted tracking: Meta's Conversions API
   * (META_CAPI_TOKEN with META_PIXEL_ID) and GA4's Measurement Protocol (GA_API_SECRET with GA_ID);
   * each null when off. The base URLs can point at a stand-in for tests.
   */
  conversions: {
    meta: { pixelId: string; token: string; baseUrl: string } | null;
    ga4: { measurementId: string; apiSecret: string; baseUrl: string } | null;
  };
  /** The seller's outgoing webhooks (Standard Webhooks signing); null when WEBHOOK_URL is unset. */
  webhook: { url: string; secret: string } | null;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** LOG_FORMAT; unset → text on a terminal, JSON otherwise (main.ts decides, it knows the terminal). */
  logFormat: 'json' | 'text' | undefined;
  /** The seller's console (/painel) password; unset → generated at start in demo mode, else the console is off. */
  adminPassword: string | undefined;
  /** WhatsApp messages to buyers who asked for them (docs/whatsapp.md). */
  whatsapp: WhatsappSettings;
}

export interface WhatsappSettings {
  /** The Cloud API (WHATSAPP_TOKEN and the rest); null → each message is recorded as it would have gone, not sent. */
  cloud: { token: string; phoneNumberId: string; appSecret: string; verifyToken: string; apiUrl: string } | null;
  /** The names of the three templates registered at Meta, and their language. */
  templates: { pix: string; reminder: string; access: string };
  language: string;
  /** WHATSAPP_MAX_PER_ORDER: messages one order may get at most (0 = none). */
  maxPerOrder: number;
  /** WHATSAPP_QUIET_HOURS: whole hours of São Paulo with no messages (from `start`:00 to `end`:00). */
  quietHours: { start: number; end: number };
  /** WHATSAPP_PRICE_CENTS: what the seller pays Meta per message, for the recovery table's estimated cost. */
  priceCents: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Shows a setting in an error message without any password it may carry. */
function redactUrl(value: string): string {
  return value.replace(/\/\/([^:/@]+):([^@]+)@/, '//$1:***@');
}

function parseDatabaseUrl(raw: string | undefined, dataDir: string): DatabaseTarget | string {
  if (raw === undefined) return { kind: 'sqlite', file: path.join(dataDir, 'vitrine.sqlite') };
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length).replace(/^\/\//, '');
    return file ? { kind: 'sqlite', file: path.resolve(file) } : 'sqlite: needs a file path, e.g. sqlite:./data/vitrine.sqlite';
  }
  if (/^postgres(ql)?:\/\//.test(raw)) {
    try {
      const url = new URL(raw);
      if (!url.hostname) return `has no host (got "${redactUrl(raw)}")`;
      if (url.pathname.length <= 1) return `has no database name (got "${redactUrl(raw)}")`;
      return { kind: 'postgres', url: raw };
    } catch {
      return `is not a valid URL (got "${redactUrl(raw)}")`;
    }
  }
  return `must be postgres://user:password@host:5432/database or sqlite:<file> (got "${redactUrl(raw)}")`;
}

/**
 * The variable that configures a real PIX provider: PAYMENT_PROVIDERS, else PROVIDER_URL (TriboPay
 * alone, as before the list existed); null for the demo.
 */
function realProviderVariable(values: EnvValues): 'PAYMENT_PROVIDERS' | 'PROVIDER_URL' | null {
  if (values.PAYMENT_PROVIDERS !== undefined) return 'PAYMENT_PROVIDERS';
  return values.PROVIDER_URL ? 'PROVIDER_URL' : null;
}

/** The providers a charge tries, by id: the list, else TriboPay alone with PROVIDER_URL; empty in the demo. */
function configuredProviders(values: EnvValues): readonly ProviderId[] {
  return values.PAYMENT_PROVIDERS ?? (values.PROVIDER_URL ? ['tribopay'] : []);
}

/**
 * Settings that are each valid but dangerous together. Without a real provider the site is a demo
 * whose sandbox gives the list away for free, so a demo must not run on a public address by
 * accident. With one, webhooks and e-mailed links need the public https address, and buyers need
 * real e-mail.
 */
function deploymentProblems(values: EnvValues): string[] {
  const problems: string[] = [];
  const publicUrl = values.PUBLIC_URL ? new URL(values.PUBLIC_URL) : undefined;
  if (values.MAIL_TRANSPORT === 'smtp' && !values.SMTP_URL) problems.push('SMTP_URL is required with MAIL_TRANSPORT=smtp');
  const provider = realProviderVariable(values);
  if (!provider) {
    if (publicUrl && !isLocalHost(publicUrl.hostname) && values.DEMO_MODE !== '1') {
      problems.push(
        `PROVIDER_URL is not set, so this would be a demo (no real payments, the list free to anyone) at the public address ${publicUrl.origin}: set PAYMENT_PROVIDERS or PROVIDER_URL for a real gateway, or DEMO_MODE=1 to run the demo there on purpose`,
      );
    }
    return problems;
  }
  if (values.DEMO_MODE === '1') problems.push(`DEMO_MODE=1 cannot be combined with ${provider}: unset one of them`);
  if (!publicUrl) {
    problems.push(
      `PUBLIC_URL is required with ${provider}: the gateway's postbacks and the e-mailed access links need the site's public https address`,
    );
  } else if (publicUrl.protocol !== 'https:' && !isLoopbackHost(publicUrl.hostname)) {
    problems.push(`PUBLIC_URL must be an https:// address with a real gateway (got "${publicUrl.origin}")`);
  }
  if (!values.SMTP_URL && values.MAIL_TRANSPORT !== 'file') {
    problems.push(
      `SMTP_URL is required with ${provider} (buyers get their access by e-mail); set MAIL_TRANSPORT=file only to keep e-mails as files on purpose`,
    );
  }
  return problems;
}

/**
 * Each provider's variables against PAYMENT_PROVIDERS: a listed provider needs its required ones, an
 * unlisted one may set none. With the list unset, TriboPay keeps the rules PROVIDER_URL always had.
 */
function providerProblems(values: EnvValues): string[] {
  const problems: string[] = [];
  const listed = values.PAYMENT_PROVIDERS;
  if (listed === undefined) {
    const { PROVIDER_URL, PROVIDER_TOKEN, PRODUCT_HASH } = values;
    if (PROVIDER_URL && !PROVIDER_TOKEN) problems.push('PROVIDER_TOKEN is required when PROVIDER_URL is set');
    if (PROVIDER_URL && !PRODUCT_HASH) problems.push('PRODUCT_HASH is required when PROVIDER_URL is set');
    if (!PROVIDER_URL && (PROVIDER_TOKEN || PRODUCT_HASH)) {
      problems.push('PROVIDER_URL is required when PROVIDER_TOKEN or PRODUCT_HASH is set (unset all three for the sandbox)');
    }
  }
  for (const id of PROVIDER_IDS) {
    const { required, optional } = PROVIDER_VARIABLES[id];
    if (listed?.includes(id)) {
      for (const name of required) if (!values[name]) problems.push(`${name} is required when PAYMENT_PROVIDERS lists ${id}`);
      continue;
    }
    // With the list unset, TriboPay's variables are checked above (PROVIDER_URL is how it was chosen).
    if (listed === undefined && id === 'tribopay') continue;
    const set = [...required, ...optional].filter((name) => values[name] !== undefined);
    if (set.length > 0) {
      const names = set.join(', ');
      problems.push(
        `${names} ${set.length === 1 ? 'is' : 'are'} set but PAYMENT_PROVIDERS does not list ${id}: add ${id} to PAYMENT_PROVIDERS, or unset ${names}`,
      );
    }
  }
  if (listed?.includes('efi') && values.EFI_CERTIFICATE) {
    const problem = certificateProblem(values.EFI_CERTIFICATE);
    if (problem) problems.push(`EFI_CERTIFICATE ${problem} (got "${values.EFI_CERTIFICATE}")`);
  }
  return problems;
}

/**
 * Efí's client certificate, checked at start rather than at the first charge, which would fail
 * the buyer instead: a `.p12` as Efí issues it (there and not empty; reading it is the adapter's
 * part), or a `.pem` holding both the certificate and its unencrypted key.
 */
function certificateProblem(file: string): string | null {
  const extension = path.extname(file).toLowerCase();
  if (extension !== '.p12' && extension !== '.pem') {
    return 'must be the path of the .p12 certificate Efí issued, or of a .pem holding the certificate and its key';
  }
  let content: Buffer;
  try {
    content = fs.readFileSync(path.resolve(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'names a file that does not exist';
    if (code === 'EISDIR') return 'names a folder, not the certificate file';
    return `names a file this server cannot read (${code ?? 'read error'})`;
  }
  if (content.length === 0) return 'names an empty file';
  if (extension === '.p12') return null;
  const text = content.toString('utf8');
  if (!text.includes('-----BEGIN CERTIFICATE-----')) return 'must hold the certificate: the .pem has no BEGIN CERTIFICATE block';
  if (text.includes('-----BEGIN ENCRYPTED PRIVATE KEY-----')) {
    return 'holds an encrypted private key: convert the .p12 without a passphrase (openssl pkcs12 -in cert.p12 -out cert.pem -nodes)';
  }
  if (!/-----BEGIN (?:RSA |EC )?PRIVATE KEY-----/.test(text)) {
    return 'must hold the private key too: the .pem has no BEGIN PRIVATE KEY block (openssl pkcs12 -in cert.p12 -out cert.pem -nodes)';
  }
  return null;
}

/** The validated values as the provider list a charge tries; the sandbox alone in the demo. */
function paymentSettings(values: EnvValues): ProviderSettings[] {
  const ids = configuredProviders(values);
  if (ids.length === 0) return [{ id: 'tribopay', target: { kind: 'sandbox' } }];
  // providerProblems has checked every required variable of a listed provider.
  return ids.map((id): ProviderSettings => {
    switch (id) {
      case 'tribopay':
        return {
          id,
          target: { kind: 'remote', url: values.PROVIDER_URL!, token: values.PROVIDER_TOKEN!, productHash: values.PRODUCT_HASH! },
        };
      case 'mercadopago':
        return {
          id,
          accessToken: values.MERCADOPAGO_ACCESS_TOKEN!,
          webhookSecret: values.MERCADOPAGO_WEBHOOK_SECRET!,
          apiUrl: values.MERCADOPAGO_API_URL ?? DEFAULT_API_URLS.mercadopago,
        };
      case 'efi':
        return {
          id,
          clientId: values.EFI_CLIENT_ID!,
          clientSecret: values.EFI_CLIENT_SECRET!,
          certificatePath: path.resolve(values.EFI_CERTIFICATE!),
          pixKey: values.EFI_PIX_KEY!,
          apiUrl: values.EFI_API_URL ?? DEFAULT_API_URLS.efi,
          webhookHmacSecret: values.EFI_WEBHOOK_HMAC ?? null,
        };
      case 'abacatepay':
        return {
          id,
          apiKey: values.ABACATEPAY_API_KEY!,
          webhookSecret: values.ABACATEPAY_WEBHOOK_SECRET!,
          apiUrl: values.ABACATEPAY_API_URL ?? DEFAULT_API_URLS.abacatepay,
        };
    }
  });
}

/** The bump still carries the demo's gateway hashes, which only the sandbox sells. */
function isDemoBump(bump: BumpOffer): boolean {
  return bump.productHash === DEMO_BUMP_PRODUCT_HASH || bump.offerHash === DEMO_BUMP_OFFER_HASH;
}

/**
 * The bump of content/offers.ts with its gateway hashes (BUMP_PRODUCT_HASH and BUMP_OFFER_HASH
 * when set). ORDER_BUMP unset: on in the demo, and with TriboPay among the providers once it has
 * hashes of its own (TriboPay would refuse the demo's). The hashes mean nothing to the other
 * providers, which charge the bump as a line of the cart: without TriboPay the demo's do. `off`
 * always wins.
 */
function offeredBump(
  values: { ORDER_BUMP?: 'on' | 'off'; BUMP_PRODUCT_HASH?: string; BUMP_OFFER_HASH?: string },
  tribopayIsReal: boolean,
): BumpOffer | null {
  if (values.ORDER_BUMP === 'off' || !orderBump) return null;
  const bump =
    values.BUMP_PRODUCT_HASH && values.BUMP_OFFER_HASH
      ? { ...orderBump, productHash: values.BUMP_PRODUCT_HASH, offerHash: values.BUMP_OFFER_HASH }
      : orderBump;
  if (tribopayIsReal && isDemoBump(bump)) return null;
  return bump;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = [];
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      const got = env[name];
      // A password or secret is never echoed, not even a short wrong one.
      const shown = got === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got "${redactUrl(got)}")`;
      problems.push(`${name} ${issue.message}${shown}`);
    }
  }
  const dataDir = path.resolve(parsed.data?.DATA_DIR ?? (env.DATA_DIR?.trim() || './data'));
  const database = parseDatabaseUrl(env.DATABASE_URL?.trim() || undefined, dataDir);
  if (typeof database === 'string') problems.push(`DATABASE_URL ${database}`);
  if (parsed.success) {
    problems.push(...providerProblems(parsed.data));
    problems.push(...whatsappProblems(parsed.data));
    problems.push(...deploymentProblems(parsed.data));
    const { META_CAPI_TOKEN, META_PIXEL_ID, GA_API_SECRET, GA_ID, WEBHOOK_URL, WEBHOOK_SECRET } = parsed.data;
    // The server-side events complete the browser's: they need the same Pixel / measurement id.
    if (META_CAPI_TOKEN && !META_PIXEL_ID)
      problems.push('META_PIXEL_ID is required with META_CAPI_TOKEN (the Conversions API sends to that Pixel)');
    if (GA_API_SECRET && !GA_ID)
      problems.push('GA_ID is required with GA_API_SECRET (the Measurement Protocol sends to that measurement ID)');
    if (WEBHOOK_URL && !WEBHOOK_SECRET)
      problems.push('WEBHOOK_SECRET is required with WEBHOOK_URL: every delivery is signed (whsec_ followed by base64)');
    if (WEBHOOK_SECRET && !WEBHOOK_URL) problems.push('WEBHOOK_URL is required when WEBHOOK_SECRET is set (where to send the events)');
    const { BUMP_PRODUCT_HASH, BUMP_OFFER_HASH } = parsed.data;
    if (Boolean(BUMP_PRODUCT_HASH) !== Boolean(BUMP_OFFER_HASH)) {
      problems.push(
        `${BUMP_PRODUCT_HASH ? 'BUMP_OFFER_HASH' : 'BUMP_PRODUCT_HASH'} is required with ${BUMP_PRODUCT_HASH ? 'BUMP_PRODUCT_HASH' : 'BUMP_OFFER_HASH'}: the bump's product and offer at the gateway`,
      );
    } else if (
      configuredProviders(parsed.data).includes('tribopay') &&
      parsed.data.ORDER_BUMP === 'on' &&
      orderBump &&
      !BUMP_PRODUCT_HASH &&
      isDemoBump(orderBump)
    ) {
      problems.push(
        "BUMP_PRODUCT_HASH and BUMP_OFFER_HASH are required with ORDER_BUMP=on and a real gateway: the bump's product and offer at the gateway (or set ORDER_BUMP=off)",
      );
    }
    if (parsed.data.PIX_TTL_MINUTES !== undefined) {
      problems.push(
        'PIX_TTL_MINUTES is no longer supported: a PIX code is shown for as long as the gateway keeps it payable; unset it (PIX_EXPIRE_DAYS sets that lifetime in whole days)',
      );
    }
  }
  if (!parsed.success || typeof database === 'string' || problems.length > 0) throw new ConfigError(problems);

  const values = parsed.data;
  const payments = paymentSettings(values);
  const demoMode = realProviderVariable(values) === null;
  const supportEmail = values.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    database,
    publicUrl: values.PUBLIC_URL,
    monthlyCapacity: values.MONTHLY_CAPACITY,
    trustProxyHops: values.TRUST_PROXY_HOPS,
    trustedProxies: values.TRUSTED_PROXIES,
    offerEndsAt: values.OFFER_ENDS_AT,
    payments,
    demoMode,
    customerDocument: values.CUSTOMER_DOCUMENT === undefined ? undefined : normalizeDocument(values.CUSTOMER_DOCUMENT),
    checkoutUrl: values.CHECKOUT_URL,
    pixExpireDays: values.PIX_EXPIRE_DAYS,
    pixReminderMinutes: values.PIX_REMINDER_MINUTES,
    unpaidRetentionDays: values.UNPAID_RETENTION_DAYS,
    guaranteeDays: values.GUARANTEE_DAYS,
    reviewRequestDays: values.REVIEW_REQUEST_DAYS === '' ? null : Number(values.REVIEW_REQUEST_DAYS),
    reviewsMin: values.REVIEWS_MIN,
    refundMode: values.REFUND_MODE,
    gatewayRefunds: values.GATEWAY_REFUNDS === '1',
    orderBump: offeredBump(values, configuredProviders(values).includes('tribopay')),
    mail: {
      smtpUrl: values.MAIL_TRANSPORT === 'file' ? undefined : values.SMTP_URL,
      from: values.MAIL_FROM ?? `Vitrine <${supportEmail}>`,
      supportEmail,
    },
    storefront: {
      whatsappGroupUrl: values.WHATSAPP_GROUP_URL ?? defaultPublicConfig.whatsappGroupUrl,
      supportWhatsapp: whatsappDigits(values.SUPPORT_WHATSAPP),
      seller: {
        name: values.SELLER_NAME ?? sellerPlaceholder.name,
        document: values.SELLER_DOCUMENT ? formatDocument(values.SELLER_DOCUMENT) : sellerPlaceholder.document,
        address: values.SELLER_ADDRESS ?? sellerPlaceholder.address,
      },
    },
    trackers: { gaId: values.GA_ID ?? null, metaPixelId: values.META_PIXEL_ID ?? null, clarityId: values.CLARITY_ID ?? null },
    conversions: {
      meta:
        values.META_CAPI_TOKEN && values.META_PIXEL_ID
          ? { pixelId: values.META_PIXEL_ID, token: values.META_CAPI_TOKEN, baseUrl: values.META_CAPI_URL ?? 'https://graph.facebook.com' }
          : null,
      ga4:
        values.GA_API_SECRET && values.GA_ID
          ? {
              measurementId: values.GA_ID,
              apiSecret: values.GA_API_SECRET,
              baseUrl: values.GA_MP_URL ?? 'https://www.google-analytics.com',
            }
          : null,
    },
    webhook: values.WEBHOOK_URL && values.WEBHOOK_SECRET ? { url: values.WEBHOOK_URL, secret: values.WEBHOOK_SECRET } : null,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT,
    adminPassword: values.ADMIN_PASSWORD,
    whatsapp: whatsappSettings(values),
  };
}

function whatsappSettings(values: EnvValues): WhatsappSettings {
  const { WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN } = values;
  return {
    cloud:
      WHATSAPP_TOKEN && WHATSAPP_PHONE_NUMBER_ID && WHATSAPP_APP_SECRET && WHATSAPP_VERIFY_TOKEN
        ? {
            token: WHATSAPP_TOKEN,
            phoneNumberId: WHATSAPP_PHONE_NUMBER_ID,
            appSecret: WHATSAPP_APP_SECRET,
            verifyToken: WHATSAPP_VERIFY_TOKEN,
            apiUrl: values.WHATSAPP_API_URL ?? DEFAULT_WHATSAPP_API_URL,
          }
        : null,
    templates: { pix: values.WHATSAPP_TEMPLATE_PIX, reminder: values.WHATSAPP_TEMPLATE_REMINDER, access: values.WHATSAPP_TEMPLATE_ACCESS },
    language: values.WHATSAPP_TEMPLATE_LANGUAGE,
    maxPerOrder: values.WHATSAPP_MAX_PER_ORDER,
    quietHours: values.WHATSAPP_QUIET_HOURS,
    priceCents: values.WHATSAPP_PRICE_CENTS,
  };
}

/** A Brazilian number written with or without the country code → digits with it (wa.me format). */
function whatsappDigits(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const digits = value.replace(/\D/g, '');
  return digits.length <= 11 ? `55${digits}` : digits;
}

export type PlaceholderVariable = 'SELLER_NAME' | 'SELLER_DOCUMENT' | 'SELLER_ADDRESS' | 'WHATSAPP_GROUP_URL' | 'SUPPORT_EMAIL';

/** The seller's settings still showing the shipped example text (a start-up warning each). */
export function placeholdersInUse(config: Config): PlaceholderVariable[] {
  const { seller, whatsappGroupUrl } = config.storefront;
  const checks: Array<[PlaceholderVariable, boolean]> = [
    ['SELLER_NAME', seller.name === sellerPlaceholder.name],
    ['SELLER_DOCUMENT', seller.document === sellerPlaceholder.document],
    ['SELLER_ADDRESS', seller.address === sellerPlaceholder.address],
    ['WHATSAPP_GROUP_URL', whatsappGroupUrl === defaultPublicConfig.whatsappGroupUrl],
    ['SUPPORT_EMAIL', config.mail.supportEmail === DEFAULT_SUPPORT_EMAIL],
  ];
  return checks.filter(([, inUse]) => inUse).map(([name]) => name);
}
