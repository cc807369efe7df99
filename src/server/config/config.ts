import type { BlockList } from 'node:net';
import path from 'node:path';
import { defaultPublicConfig, sellerPlaceholder } from '../../content/seller.ts';
import { orderBump, type BumpOffer } from '../../content/offers.ts';
import { formatDocument, normalizeDocument } from '../../shared/documents.ts';
import { configuredProviders, envRuleProblems, isDemoBump, realProviderVariable } from './env-rules.ts';
import { EnvSchema, REMOVED_VARIABLES, SECRET_VARIABLES, type EnvValues } from './env-schema.ts';
import { DEFAULT_API_URLS, type ProviderSettings } from './provider-settings.ts';

/**
 * Every setting the server reads, validated once at boot: each variable by env-schema.ts, the
 * variables together by env-rules.ts. A bad value stops the start with one line per variable (see
 * main.ts); nothing else in the server reads process.env.
 */

/** The shipped example support address; the seller must set their own. */
const DEFAULT_SUPPORT_EMAIL = 'suporte@example.com';

/** Every variable the server reads (DATABASE_URL is parsed on its own); .env.example lists them all. */
export const CONFIG_VARIABLES: readonly string[] = [
  ...Object.keys(EnvSchema.shape).filter((name) => !REMOVED_VARIABLES.has(name)),
  'DATABASE_URL',
];

/** The Cloud API's base URL by default: the Graph API version Meta's WhatsApp documentation shows. */
export const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com/v25.0';

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

/** The validated values as the provider list a charge tries; the sandbox alone in the demo. */
function paymentSettings(values: EnvValues): ProviderSettings[] {
  const ids = configuredProviders(values);
  if (ids.length === 0) return [{ id: 'tribopay', target: { kind: 'sandbox' } }];
  // env-rules.ts has checked every required variable of a listed provider.
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
  if (parsed.success) problems.push(...envRuleProblems(parsed.data));
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
