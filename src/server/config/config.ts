import type { BlockList } from 'node:net';
import path from 'node:path';
import { defaultPublicConfig, sellerPlaceholder } from '../../content/seller.ts';
import { orderBump, type BumpOffer } from '../../content/offers.ts';
import { formatDocument, normalizeDocument } from '../../shared/documents.ts';
import { demoProvider, providerVariablesById, type ProviderId, type ProviderSettings } from '../gateway/provider-registry.ts';
import {
  configuredProviders,
  envRuleProblems,
  isDemoBump,
  realProviderVariable,
  retiredProviders,
  sellsFromCatalogue,
} from './env-rules.ts';
import { EnvSchema, REMOVED_VARIABLES, SECRET_VARIABLES, type EnvValues } from './env-schema.ts';
import { providerSettings, providerValueProblems, readProviderValues, type ProviderValues } from './provider-env.ts';

// Every setting, validated once at boot (env-schema.ts per variable, env-rules.ts across them); nothing else reads process.env.

const DEFAULT_SUPPORT_EMAIL = 'suporte@example.com';

/** DATABASE_URL is parsed on its own; .env.example lists them all. */
export const CONFIG_VARIABLES: readonly string[] = [
  ...Object.keys(EnvSchema.shape).filter((name) => !REMOVED_VARIABLES.has(name)),
  ...[...providerVariablesById.values()].flat().map((variable) => variable.name),
  'DATABASE_URL',
];

/** The Graph API version Meta's WhatsApp documentation shows. */
export const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com/v25.0';

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  publicUrl: string | undefined;
  monthlyCapacity: number;
  /** TRUST_PROXY_HOPS: 0 = the socket's peer is the client and X-Forwarded-For is ignored. */
  trustProxyHops: number;
  trustedProxies: BlockList;
  /** Unset → the end of the current month. */
  offerEndsAt: number | undefined;
  /** In the order a charge tries them; in the demo, the demo provider's entry alone (TriboPay against /sandbox). */
  payments: ProviderSettings[];
  /** Out of PAYMENT_PROVIDERS, credentials still set: read and refunded, no new charges (docs/payments.md#reconciliation). */
  retiredPayments: ProviderSettings[];
  demoMode: boolean;
  /** Unset with a real gateway → the buyer types a CPF (docs/product.md#the-buyer-form). */
  customerDocument: string | undefined;
  checkoutUrl: string | undefined;
  /** The gateway's only expiry knob (docs/gateway.md#7-expiry); we never show a shorter expiry than its own. */
  pixExpireDays: number;
  /** Ascending minutes after creation; empty = no reminders. */
  pixReminderMinutes: number[];
  unpaidRetentionDays: number;
  guaranteeDays: number;
  /** null = never. */
  reviewRequestDays: number | null;
  reviewsMin: number;
  /** docs/disputes.md: how often the providers' disputes are polled, and after how many lost ones a buyer gets no PIX. */
  disputesPollSeconds: number;
  disputeBlockAfter: number;
  /** The seller's WhatsApp for dispute alerts, with the template Meta approved for it; null → e-mail only. */
  disputeAlertWhatsapp: { to: string; template: string; readAlertTemplate: string } | null;
  refundMode: 'manual' | 'auto';
  affiliateCookie: { days: number; click: 'first' | 'last' };
  /** Off → refunds are done by hand in the gateway panel. */
  gatewayRefunds: boolean;
  /** null when off, when content has none, or with a real gateway while content still has the demo's hashes. */
  orderBump: BumpOffer | null;
  mail: { smtpUrl: string | undefined; from: string; supportEmail: string };
  storefront: {
    whatsappGroupUrl: string;
    /** Digits with the country code, for wa.me links; unset → support is by e-mail. */
    supportWhatsapp: string | undefined;
    /** As Decreto 7.962/2013 asks; placeholders until set. */
    seller: { name: string; document: string; address: string };
  };
  trackers: { gaId: string | null; metaPixelId: string | null; clarityId: string | null };
  /** Meta's Conversions API and GA4's Measurement Protocol, for buyers who accepted tracking; null when off. */
  conversions: {
    meta: { pixelId: string; token: string; baseUrl: string } | null;
    ga4: { measurementId: string; apiSecret: string; baseUrl: string } | null;
  };
  webhook: { url: string; secret: string } | null;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Unset → main.ts decides, since it knows the terminal. */
  logFormat: 'json' | 'text' | undefined;
  /** Unset → generated at start in demo mode, else the console is off. */
  adminPassword: string | undefined;
  /** The owner's name (ADMIN_NAME); unset → "Proprietário". */
  adminName: string | undefined;
  whatsapp: WhatsappSettings;
}

export interface WhatsappSettings {
  /** null → each message is recorded as it would have gone, not sent. */
  cloud: { token: string; phoneNumberId: string; appSecret: string; verifyToken: string; apiUrl: string } | null;
  templates: { pix: string; reminder: string; access: string };
  language: string;
  maxPerOrder: number;
  quietHours: { start: number; end: number };
  priceCents: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

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

/** Each listed (or retired) provider's settings, parsed by its descriptor; problems where they fail its own checks. */
function providersOf(ids: readonly ProviderId[], providers: ProviderValues): { settings: ProviderSettings[]; problems: string[] } {
  const settings: ProviderSettings[] = [];
  const problems: string[] = [];
  for (const id of ids) {
    const result = providerSettings(providers, id);
    if ('settings' in result) settings.push(result.settings);
    else problems.push(...result.problems);
  }
  return { settings, problems };
}

/** ORDER_BUMP unset: on in the demo, and with a catalogue provider once it has hashes of its own (it would refuse the demo's). */
function offeredBump(
  values: { ORDER_BUMP?: 'on' | 'off'; BUMP_PRODUCT_HASH?: string; BUMP_OFFER_HASH?: string },
  catalogueIsReal: boolean,
): BumpOffer | null {
  if (values.ORDER_BUMP === 'off' || !orderBump) return null;
  const bump =
    values.BUMP_PRODUCT_HASH && values.BUMP_OFFER_HASH
      ? { ...orderBump, productHash: values.BUMP_PRODUCT_HASH, offerHash: values.BUMP_OFFER_HASH }
      : orderBump;
  if (catalogueIsReal && isDemoBump(bump)) return null;
  return bump;
}

// Long: every setting is read in one place, so every bad key is listed at once (STYLE.md, config once).
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = [];
  const parsed = EnvSchema.safeParse(env);
  const shown = (_name: string, got: string) => ` (got "${redactUrl(got)}")`;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      const got = env[name];
      // A password or secret is never echoed, not even a short wrong one.
      problems.push(`${name} ${issue.message}${got === undefined || SECRET_VARIABLES.has(name) ? '' : shown(name, got)}`);
    }
  }
  const providers = readProviderValues(env);
  const valueProblems = providerValueProblems(providers, shown);
  problems.push(...valueProblems);
  const dataDir = path.resolve(parsed.data?.DATA_DIR ?? (env.DATA_DIR?.trim() || './data'));
  const database = parseDatabaseUrl(env.DATABASE_URL?.trim() || undefined, dataDir);
  if (typeof database === 'string') problems.push(`DATABASE_URL ${database}`);
  // Each value valid first, as one schema would: then the rules across them, and each provider's own checks.
  const valid = parsed.success && valueProblems.length === 0 ? parsed.data : undefined;
  if (valid) problems.push(...envRuleProblems(valid, providers));
  const charging = valid ? providersOf(configuredProviders(valid, providers), providers) : undefined;
  const retired = valid ? providersOf(retiredProviders(valid, providers), providers) : undefined;
  problems.push(...(charging?.problems ?? []), ...(retired?.problems ?? []));
  if (!valid || !charging || !retired || typeof database === 'string' || problems.length > 0) throw new ConfigError(problems);

  const values = valid;
  const demoMode = realProviderVariable(values, providers) === null;
  const payments: ProviderSettings[] =
    charging.settings.length > 0 || !demoProvider ? charging.settings : [{ id: demoProvider.id, demo: true }];
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
    retiredPayments: retired.settings,
    demoMode,
    customerDocument: values.CUSTOMER_DOCUMENT === undefined ? undefined : normalizeDocument(values.CUSTOMER_DOCUMENT),
    checkoutUrl: values.CHECKOUT_URL,
    pixExpireDays: values.PIX_EXPIRE_DAYS,
    pixReminderMinutes: values.PIX_REMINDER_MINUTES,
    unpaidRetentionDays: values.UNPAID_RETENTION_DAYS,
    guaranteeDays: values.GUARANTEE_DAYS,
    reviewRequestDays: values.REVIEW_REQUEST_DAYS === '' ? null : Number(values.REVIEW_REQUEST_DAYS),
    reviewsMin: values.REVIEWS_MIN,
    disputesPollSeconds: values.DISPUTES_POLL_SECONDS,
    disputeBlockAfter: values.DISPUTE_BLOCK_AFTER,
    disputeAlertWhatsapp: values.DISPUTE_ALERT_WHATSAPP
      ? {
          to: whatsappDigits(values.DISPUTE_ALERT_WHATSAPP)!,
          template: values.WHATSAPP_TEMPLATE_DISPUTE,
          readAlertTemplate: values.WHATSAPP_TEMPLATE_READ_ALERT,
        }
      : null,
    refundMode: values.REFUND_MODE,
    affiliateCookie: { days: values.AFFILIATE_COOKIE_DAYS, click: values.AFFILIATE_CLICK },
    gatewayRefunds: values.GATEWAY_REFUNDS === '1',
    orderBump: offeredBump(values, sellsFromCatalogue(values, providers)),
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
    adminName: values.ADMIN_NAME,
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

function whatsappDigits(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const digits = value.replace(/\D/g, '');
  return digits.length <= 11 ? `55${digits}` : digits;
}

export type PlaceholderVariable = 'SELLER_NAME' | 'SELLER_DOCUMENT' | 'SELLER_ADDRESS' | 'WHATSAPP_GROUP_URL' | 'SUPPORT_EMAIL';

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
