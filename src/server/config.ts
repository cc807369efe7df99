import path from 'node:path';
import { z } from 'zod';

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

const EnvSchema = z.object({
  PORT: integerText(0, 65535).default(3000),
  HOST: optionalText.default('0.0.0.0'),
  DATA_DIR: optionalText.default('./data'),
  PUBLIC_URL: httpUrl.optional(),
  MONTHLY_CAPACITY: integerText(0, 1_000_000).default(100),
  PROVIDER_URL: httpUrl.optional(),
  PROVIDER_TOKEN: optionalText,
  PRODUCT_HASH: optionalText,
  CUSTOMER_DOCUMENT: optionalText.refine((value) => value === undefined || /^(\d{11}|\d{14})$/.test(value.replace(/\D/g, '')), {
    message: 'must be a CPF (11 digits) or CNPJ (14 digits)',
  }),
  CHECKOUT_URL: httpUrl.optional(),
  PIX_TTL_MINUTES: integerText(5, 1440).default(30),
  SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\/[^/]+/.test(value), {
    message: 'must be smtp://user:password@host:port or smtps://…',
  }),
  MAIL_FROM: optionalText,
  SUPPORT_EMAIL: optionalText.refine((value) => value === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
    message: 'must be an e-mail address',
  }),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
});

export type DatabaseTarget =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string };

/** Where charges go: the seller's gateway, or the sandbox gateway this server mounts at /sandbox. */
export type GatewayTarget =
  | { kind: 'sandbox' }
  | { kind: 'remote'; url: string; token: string; productHash: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  /** Base for absolute links (e-mails, webhook URL); derived from the bound port when unset. */
  publicUrl: string | undefined;
  monthlyCapacity: number;
  gateway: GatewayTarget;
  /** Document sent as the customer's (spec §5); when unset with a real gateway, the buyer types a CPF. */
  customerDocument: string | undefined;
  /** Hosted checkout: buy buttons navigate there instead of opening the PIX modal. */
  checkoutUrl: string | undefined;
  /** How long a PIX charge is offered to the buyer before it counts as expired. */
  pixTtlMinutes: number;
  mail: { smtpUrl: string | undefined; from: string; supportEmail: string };
  logLevel: 'debug' | 'info' | 'warn' | 'error';
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

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = [];
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      const got = env[name];
      problems.push(`${name} ${issue.message}${got === undefined ? '' : ` (got "${redactUrl(got)}")`}`);
    }
  }
  const dataDir = path.resolve(parsed.data?.DATA_DIR ?? (env.DATA_DIR?.trim() || './data'));
  const database = parseDatabaseUrl(env.DATABASE_URL?.trim() || undefined, dataDir);
  if (typeof database === 'string') problems.push(`DATABASE_URL ${database}`);
  if (parsed.success) {
    const { PROVIDER_URL, PROVIDER_TOKEN, PRODUCT_HASH } = parsed.data;
    if (PROVIDER_URL && !PROVIDER_TOKEN) problems.push('PROVIDER_TOKEN is required when PROVIDER_URL is set');
    if (PROVIDER_URL && !PRODUCT_HASH) problems.push('PRODUCT_HASH is required when PROVIDER_URL is set');
    if (!PROVIDER_URL && (PROVIDER_TOKEN || PRODUCT_HASH)) {
      problems.push('PROVIDER_URL is required when PROVIDER_TOKEN or PRODUCT_HASH is set (unset all three for the sandbox)');
    }
  }
  if (!parsed.success || typeof database === 'string' || problems.length > 0) throw new ConfigError(problems);

  const values = parsed.data;
  const gateway: GatewayTarget =
    values.PROVIDER_URL && values.PROVIDER_TOKEN && values.PRODUCT_HASH
      ? { kind: 'remote', url: values.PROVIDER_URL, token: values.PROVIDER_TOKEN, productHash: values.PRODUCT_HASH }
      : { kind: 'sandbox' };
  const supportEmail = values.SUPPORT_EMAIL ?? 'suporte@example.com';
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    database,
    publicUrl: values.PUBLIC_URL,
    monthlyCapacity: values.MONTHLY_CAPACITY,
    gateway,
    customerDocument: values.CUSTOMER_DOCUMENT?.replace(/\D/g, ''),
    checkoutUrl: values.CHECKOUT_URL,
    pixTtlMinutes: values.PIX_TTL_MINUTES,
    mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM ?? `Vitrine <${supportEmail}>`, supportEmail },
    logLevel: values.LOG_LEVEL,
  };
}
