import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configProblems as problemsOf, siteEnv as site, useProviderEnv } from '../../../tests/support/provider-env.ts';
import { loadConfig, placeholdersInUse } from './config.ts';
import { PROVIDER_IDS } from '../gateway/provider-registry.ts';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.monthlyCapacity).toBe(100);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/vitrine.sqlite') });
  });

  it('names each bad variable on its own line', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(['PORT must be a whole number from 0 to 65535 (got "abc")']);
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT must be a whole number from 0 to 65535 (got "70000")']);
    expect(problemsOf({ MONTHLY_CAPACITY: '-1' })).toEqual(['MONTHLY_CAPACITY must be a whole number from 0 to 1000000 (got "-1")']);
    const both = problemsOf({ PORT: 'x', DATABASE_URL: 'mongodb://db' });
    expect(both).toHaveLength(2);
    expect(both[1]).toMatch(/^DATABASE_URL must be postgres:\/\//);
  });

  it('sends PIX_EXPIRE_DAYS as the PIX lifetime and refuses the removed PIX_TTL_MINUTES', () => {
    expect(loadConfig({}).pixExpireDays).toBe(1);
    expect(loadConfig({ PIX_EXPIRE_DAYS: '3' }).pixExpireDays).toBe(3);
    expect(problemsOf({ PIX_EXPIRE_DAYS: '0' })).toEqual(['PIX_EXPIRE_DAYS must be a whole number from 1 to 30 (got "0")']);
    expect(problemsOf({ PIX_EXPIRE_DAYS: '1.5' })).toEqual(['PIX_EXPIRE_DAYS must be a whole number from 1 to 30 (got "1.5")']);
    const removed = problemsOf({ PIX_TTL_MINUTES: '30' });
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatch(/^PIX_TTL_MINUTES is no longer supported: .*unset it/);
    expect(problemsOf({ PIX_TTL_MINUTES: '' })).toEqual([]);
  });

  it('turns on webhooks only with a valid whsec_ secret, and never echoes it', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    expect(loadConfig({}).webhook).toBeNull();
    expect(loadConfig({ WEBHOOK_URL: 'https://hooks.example.com/x/', WEBHOOK_SECRET: secret }).webhook).toEqual({
      url: 'https://hooks.example.com/x',
      secret,
    });
    expect(problemsOf({ WEBHOOK_URL: 'https://hooks.example.com/x' })).toEqual([
      'WEBHOOK_SECRET is required with WEBHOOK_URL: every delivery is signed (whsec_ followed by base64)',
    ]);
    expect(problemsOf({ WEBHOOK_SECRET: secret })).toEqual([
      'WEBHOOK_URL is required when WEBHOOK_SECRET is set (where to send the events)',
    ]);
    // Not base64, too short (12 bytes), or without the prefix: refused with one line that does not repeat it.
    for (const bad of ['whsec_not base64!', 'whsec_c2hvcnQtc2VjcmV0', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw']) {
      const problems = problemsOf({ WEBHOOK_URL: 'https://hooks.example.com/x', WEBHOOK_SECRET: bad });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^WEBHOOK_SECRET must be whsec_ followed by the base64 of 24 to 64 random bytes/);
      expect(problems[0]).not.toContain(bad);
    }
  });

  it('turns on server-side conversions only beside the browser tracker they complete', () => {
    expect(loadConfig({}).conversions).toEqual({ meta: null, ga4: null });
    expect(
      loadConfig({
        META_PIXEL_ID: '1234567890',
        META_CAPI_TOKEN: 'EAAGtoken0123456789abcdef',
        GA_ID: 'G-ABC1234',
        GA_API_SECRET: 'secret_123',
      }).conversions,
    ).toEqual({
      meta: { pixelId: '1234567890', token: 'EAAGtoken0123456789abcdef', baseUrl: 'https://graph.facebook.com' },
      ga4: { measurementId: 'G-ABC1234', apiSecret: 'secret_123', baseUrl: 'https://www.google-analytics.com' },
    });
    expect(problemsOf({ META_CAPI_TOKEN: 'EAAGtoken0123456789abcdef' })).toEqual([
      'META_PIXEL_ID is required with META_CAPI_TOKEN (the Conversions API sends to that Pixel)',
    ]);
    expect(problemsOf({ GA_API_SECRET: 'secret_123' })).toEqual([
      'GA_ID is required with GA_API_SECRET (the Measurement Protocol sends to that measurement ID)',
    ]);
    const [bad] = problemsOf({ META_PIXEL_ID: '1234567890', META_CAPI_TOKEN: 'short token' });
    expect(bad).toMatch(/^META_CAPI_TOKEN must be/);
    expect(bad).not.toContain('short token');
    expect(problemsOf({ GA_MP_URL: 'ftp://x' })).toEqual(['GA_MP_URL must be an http(s) URL (got "ftp://x")']);
  });

  it('reads PIX_REMINDER_MINUTES as whole minutes, empty for none, and names it when bad', () => {
    expect(loadConfig({}).pixReminderMinutes).toEqual([60, 1200]);
    expect(loadConfig({ PIX_REMINDER_MINUTES: '1200, 15,60,15' }).pixReminderMinutes).toEqual([15, 60, 1200]);
    expect(loadConfig({ PIX_REMINDER_MINUTES: '' }).pixReminderMinutes).toEqual([]);
    expect(loadConfig({ PIX_REMINDER_MINUTES: ' ' }).pixReminderMinutes).toEqual([]);
    for (const bad of ['0', '60,abc', '1.5', '-5', '60,,120', '60;120']) {
      const problems = problemsOf({ PIX_REMINDER_MINUTES: bad });
      expect(problems, bad).toHaveLength(1);
      expect(problems[0]).toBe(
        `PIX_REMINDER_MINUTES must be a comma-separated list of whole minutes of at least 1 (e.g. 60,1200), or empty to send no reminders (got "${bad}")`,
      );
    }
  });

  it('reads TRUSTED_PROXIES as CIDR ranges (loopback when unset) and names it on a bad entry', () => {
    const loopbackOnly = loadConfig({}).trustedProxies;
    expect([loopbackOnly.check('127.0.0.1'), loopbackOnly.check('::1', 'ipv6'), loopbackOnly.check('10.0.0.1')]).toEqual([
      true,
      true,
      false,
    ]);
    const listed = loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 2001:db8::/32,192.0.2.7' }).trustedProxies;
    expect([listed.check('10.9.8.7'), listed.check('2001:db8::5', 'ipv6'), listed.check('192.0.2.7'), listed.check('127.0.0.1')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    for (const bad of ['10.0.0.0/33', 'proxy.local', '10.0.0.0/8,,', '1.2.3.4/8/2']) {
      expect(problemsOf({ TRUSTED_PROXIES: bad })).toEqual([
        `TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDR ranges, e.g. 127.0.0.1,10.0.0.0/8 (got "${bad}")`,
      ]);
    }
  });

  it('takes ADMIN_PASSWORD of 12 characters or more and never echoes a short one', () => {
    expect(loadConfig({}).adminPassword).toBeUndefined();
    expect(loadConfig({ ADMIN_PASSWORD: '  ' }).adminPassword).toBeUndefined();
    expect(loadConfig({ ADMIN_PASSWORD: 'doze-letras!' }).adminPassword).toBe('doze-letras!');
    expect(problemsOf({ ADMIN_PASSWORD: 'curta123' })).toEqual(['ADMIN_PASSWORD must be at least 12 characters']);
  });

  it('accepts Postgres and SQLite URLs and never echoes a password', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/test' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@127.0.0.1:5432/test',
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.sqlite' }).database).toEqual({ kind: 'sqlite', file: '/tmp/x.sqlite' });
    const [problem] = problemsOf({ DATABASE_URL: 'postgres://user:secret@/' });
    expect(problem).toContain('DATABASE_URL');
    expect(problem).not.toContain('secret');
  });

  it('requires PUBLIC_URL to be an http(s) URL and trims its trailing slash', () => {
    expect(problemsOf({ PUBLIC_URL: 'loja.com.br' })).toEqual(['PUBLIC_URL must be an http(s) URL (got "loja.com.br")']);
    expect(loadConfig({ PUBLIC_URL: 'https://loja.com.br/', DEMO_MODE: '1' }).publicUrl).toBe('https://loja.com.br');
  });
});

describe('loadConfig: storefront links and seller identity', () => {
  it('defaults to visible placeholders', () => {
    const { storefront } = loadConfig({});
    expect(storefront.whatsappGroupUrl).toBe('https://chat.whatsapp.com/SEU-GRUPO');
    expect(storefront.supportWhatsapp).toBeUndefined();
    expect(storefront.seller).toEqual({ name: 'Nome do vendedor', document: '00.000.000/0000-00', address: 'Endereço do vendedor' });
  });

  it('formats a valid CPF or CNPJ and normalises the support WhatsApp', () => {
    const { storefront } = loadConfig({
      WHATSAPP_GROUP_URL: 'https://chat.whatsapp.com/AbCdEf',
      SUPPORT_WHATSAPP: '(11) 98765-4321',
      SELLER_NAME: 'Loja Exemplo Ltda',
      SELLER_DOCUMENT: '11222333000181',
      SELLER_ADDRESS: 'Rua Exemplo, 100, São Paulo - SP',
    });
    expect(storefront).toEqual({
      whatsappGroupUrl: 'https://chat.whatsapp.com/AbCdEf',
      supportWhatsapp: '5511987654321',
      seller: { name: 'Loja Exemplo Ltda', document: '11.222.333/0001-81', address: 'Rua Exemplo, 100, São Paulo - SP' },
    });
    expect(loadConfig({ SELLER_DOCUMENT: '529.982.247-25' }).storefront.seller.document).toBe('529.982.247-25');
    // An alphanumeric CNPJ (IN RFB 2.229/2024), accepted and shown formatted; a wrong check digit is refused.
    expect(loadConfig({ SELLER_DOCUMENT: '12abc34501de35' }).storefront.seller.document).toBe('12.ABC.345/01DE-35');
    expect(problemsOf({ SELLER_DOCUMENT: '12.ABC.345/01DE-36' })).toEqual([
      'SELLER_DOCUMENT must be a valid CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric) (got "12.ABC.345/01DE-36")',
    ]);
  });

  it('names each bad variable on its own line', () => {
    expect(problemsOf({ WHATSAPP_GROUP_URL: 'chat.whatsapp.com/x', SUPPORT_WHATSAPP: '123', SELLER_DOCUMENT: '11222333000180' })).toEqual([
      'WHATSAPP_GROUP_URL must be an http(s) URL (got "chat.whatsapp.com/x")',
      'SUPPORT_WHATSAPP must be a phone number with area code, e.g. 5511987654321 (got "123")',
      'SELLER_DOCUMENT must be a valid CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric) (got "11222333000180")',
    ]);
    expect(problemsOf({ SELLER_DOCUMENT: '111.111.111-11' })).toHaveLength(1);
  });
});

/** The deadline the offer countdown runs to (docs/payments.md#live-signals). */
describe('OFFER_ENDS_AT', () => {
  it('is optional: unset or blank means the end of the month', () => {
    expect(loadConfig({}).offerEndsAt).toBeUndefined();
    expect(loadConfig({ OFFER_ENDS_AT: '  ' }).offerEndsAt).toBeUndefined();
  });

  it('reads an ISO 8601 date-time with an offset or Z as epoch milliseconds', () => {
    expect(loadConfig({ OFFER_ENDS_AT: '2025-12-31T23:59:59-03:00' }).offerEndsAt).toBe(Date.UTC(2026, 0, 1, 2, 59, 59));
    expect(loadConfig({ OFFER_ENDS_AT: '2025-12-31T23:59:59Z' }).offerEndsAt).toBe(Date.UTC(2025, 11, 31, 23, 59, 59));
    expect(loadConfig({ OFFER_ENDS_AT: '2025-06-01T12:00+00:00' }).offerEndsAt).toBe(Date.UTC(2025, 5, 1, 12));
    expect(loadConfig({ OFFER_ENDS_AT: '2025-06-01T12:00:00.250Z' }).offerEndsAt).toBe(Date.UTC(2025, 5, 1, 12, 0, 0, 250));
  });

  it('names the variable on one line for a value without a time zone, a date alone, or an impossible date', () => {
    for (const bad of ['2025-12-31T23:59:59', '2025-12-31', 'amanhã', '2025-02-30T10:00:00Z', '2025-12-31T24:00:00Z', '1767236399000']) {
      expect(problemsOf({ OFFER_ENDS_AT: bad })).toEqual([
        `OFFER_ENDS_AT must be an ISO 8601 date-time with a time zone, e.g. 2025-12-31T23:59:59-03:00 (got "${bad}")`,
      ]);
    }
  });

  it('is listed with the other bad variables', () => {
    const problems = problemsOf({ OFFER_ENDS_AT: 'x', MONTHLY_CAPACITY: '-1' });
    expect(problems).toHaveLength(2);
    expect(problems.some((line) => line.startsWith('OFFER_ENDS_AT '))).toBe(true);
  });

  describe('the order bump (docs/offers.md)', () => {
    const real = {
      PROVIDER_URL: 'https://api.tribopay.com.br/api',
      PROVIDER_TOKEN: 'tok',
      PRODUCT_HASH: 'prd',
      PUBLIC_URL: 'https://loja.com.br',
      SMTP_URL: 'smtp://mail:587',
    };

    it("is on in the demo with the content's bump, and ORDER_BUMP=off turns it off", () => {
      expect(loadConfig({}).orderBump).toMatchObject({ name: 'Lista de Fornecedores de Recarga', priceCents: 990 });
      expect(loadConfig({ ORDER_BUMP: 'off' }).orderBump).toBeNull();
    });

    it("with a real gateway, waits for the bump's own hashes, then uses them", () => {
      expect(loadConfig(real).orderBump).toBeNull();
      const bump = loadConfig({ ...real, BUMP_PRODUCT_HASH: 'prd_bump', BUMP_OFFER_HASH: 'off_bump' }).orderBump;
      expect(bump).toMatchObject({ productHash: 'prd_bump', offerHash: 'off_bump', priceCents: 990 });
      expect(loadConfig({ ...real, BUMP_PRODUCT_HASH: 'prd_bump', BUMP_OFFER_HASH: 'off_bump', ORDER_BUMP: 'off' }).orderBump).toBeNull();
    });

    it('names the missing variable: ORDER_BUMP=on without hashes, one hash without the other, a wrong ORDER_BUMP', () => {
      expect(problemsOf({ ...real, ORDER_BUMP: 'on' })).toEqual([
        "BUMP_PRODUCT_HASH and BUMP_OFFER_HASH are required with ORDER_BUMP=on and a real gateway: the bump's product and offer at the gateway (or set ORDER_BUMP=off)",
      ]);
      expect(problemsOf({ BUMP_PRODUCT_HASH: 'prd_bump' })).toEqual([
        "BUMP_OFFER_HASH is required with BUMP_PRODUCT_HASH: the bump's product and offer at the gateway",
      ]);
      expect(problemsOf({ ORDER_BUMP: 'yes' })).toEqual([
        'ORDER_BUMP must be on (offer the order bump of src/content/offers.ts) or off (got "yes")',
      ]);
    });
  });

  describe('demo mode and a real deployment', () => {
    const gateway = { PROVIDER_URL: 'https://api.tribopay.com.br/api', PROVIDER_TOKEN: 'tok', PRODUCT_HASH: 'prd' };

    it('runs the demo without a gateway on a loopback or private address, or on purpose', () => {
      expect(loadConfig({}).demoMode).toBe(true);
      expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).demoMode).toBe(true);
      expect(loadConfig({ PUBLIC_URL: 'http://192.168.0.10:3000' }).demoMode).toBe(true);
      expect(loadConfig({ PUBLIC_URL: 'https://demo.loja.com.br', DEMO_MODE: '1' }).demoMode).toBe(true);
    });

    it('refuses a demo on a public address, naming PROVIDER_URL and DEMO_MODE', () => {
      const problems = problemsOf({ PUBLIC_URL: 'https://loja.com.br' });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^PROVIDER_URL is not set/);
      expect(problems[0]).toContain('DEMO_MODE=1');
    });

    it('with a real gateway requires an https PUBLIC_URL (loopback excepted) and SMTP_URL unless MAIL_TRANSPORT=file', () => {
      expect(problemsOf({ ...gateway, SMTP_URL: 'smtp://mail:587' })).toEqual([
        "PUBLIC_URL is required with PROVIDER_URL: the gateway's postbacks and the e-mailed access links need the site's public https address",
      ]);
      expect(problemsOf({ ...gateway, SMTP_URL: 'smtp://mail:587', PUBLIC_URL: 'http://loja.com.br' })).toEqual([
        'PUBLIC_URL must be an https:// address with a real gateway (got "http://loja.com.br")',
      ]);
      const noMail = problemsOf({ ...gateway, PUBLIC_URL: 'https://loja.com.br' });
      expect(noMail).toHaveLength(1);
      expect(noMail[0]).toMatch(/^SMTP_URL is required with PROVIDER_URL/);
      const config = loadConfig({ ...gateway, PUBLIC_URL: 'https://loja.com.br', SMTP_URL: 'smtp://mail:587' });
      expect(config.demoMode).toBe(false);
      expect(config.mail.smtpUrl).toBe('smtp://mail:587');
      const files = loadConfig({ ...gateway, PUBLIC_URL: 'http://127.0.0.1:8080', MAIL_TRANSPORT: 'file' });
      expect(files.mail.smtpUrl).toBeUndefined();
      expect(problemsOf({ ...gateway, PUBLIC_URL: 'https://loja.com.br', SMTP_URL: 'smtp://mail:587', DEMO_MODE: '1' })).toEqual([
        'DEMO_MODE=1 cannot be combined with PROVIDER_URL: unset one of them',
      ]);
      expect(problemsOf({ MAIL_TRANSPORT: 'smtp' })).toEqual(['SMTP_URL is required with MAIL_TRANSPORT=smtp']);
      expect(problemsOf({ MAIL_TRANSPORT: 'pigeon' })[0]).toMatch(/^MAIL_TRANSPORT must be smtp/);
    });

    it('lists the seller placeholders still in use', () => {
      expect(placeholdersInUse(loadConfig({}))).toEqual([
        'SELLER_NAME',
        'SELLER_DOCUMENT',
        'SELLER_ADDRESS',
        'WHATSAPP_GROUP_URL',
        'SUPPORT_EMAIL',
      ]);
      const seller = {
        SELLER_NAME: 'Loja da Ana',
        SELLER_DOCUMENT: '11.222.333/0001-81',
        SELLER_ADDRESS: 'Rua A, 1, São Paulo/SP',
        WHATSAPP_GROUP_URL: 'https://chat.whatsapp.com/AbCdEf',
        SUPPORT_EMAIL: 'ana@loja.com.br',
      };
      expect(placeholdersInUse(loadConfig(seller))).toEqual([]);
      expect(placeholdersInUse(loadConfig({ ...seller, SUPPORT_EMAIL: '' }))).toEqual(['SUPPORT_EMAIL']);
    });
  });
});

/** PAYMENT_PROVIDERS and each provider's settings (docs/configuration.md). */
describe('PIX providers', () => {
  const env = useProviderEnv();
  const { tribopay, mercadopago, abacatepay } = env;
  let folder: string;
  let efi: typeof env.efi;

  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-efi-'));
    efi = env.efi;
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('keeps an existing install: PROVIDER_URL without the list is TriboPay alone', () => {
    const config = loadConfig({ ...tribopay, ...site });
    expect(config.payments).toEqual([{ id: 'tribopay', settings: tribopay }]);
    expect(config.demoMode).toBe(false);
  });

  it('runs the demo on the sandbox when no provider is set', () => {
    const config = loadConfig({});
    expect(config.payments).toEqual([{ id: 'tribopay', demo: true }]);
    expect(config.demoMode).toBe(true);
  });

  it("reads the list in the seller's order, trimmed and in any case, each with its settings and default API URL", () => {
    const config = loadConfig({
      ...site,
      ...tribopay,
      ...mercadopago,
      ...abacatepay,
      ...efi,
      PAYMENT_PROVIDERS: ' Efi, mercadopago ,ABACATEPAY,tribopay',
      EFI_WEBHOOK_HMAC: 'efi-hmac',
      ABACATEPAY_API_URL: 'https://staging.abacatepay.example/',
    });
    expect(config.payments).toEqual([
      {
        id: 'efi',
        settings: {
          EFI_CLIENT_ID: 'Client_Id_1',
          EFI_CLIENT_SECRET: 'Client_Secret_5e6f7a',
          EFI_CERTIFICATE: efi.EFI_CERTIFICATE,
          EFI_PIX_KEY: 'pix@loja.com.br',
          EFI_API_URL: 'https://pix.api.efipay.com.br',
          EFI_WEBHOOK_HMAC: 'efi-hmac',
          EFI_PIX_SEND: 'off',
          EFI_OPEN_FINANCE: 'off',
          EFI_OPEN_FINANCE_API_URL: 'https://openfinance.api.efipay.com.br/v1',
        },
      },
      {
        id: 'mercadopago',
        settings: { ...mercadopago, MERCADOPAGO_API_URL: 'https://api.mercadopago.com', MERCADOPAGO_OPEN_FINANCE: 'off' },
      },
      {
        id: 'abacatepay',
        settings: {
          ...abacatepay,
          ABACATEPAY_API_URL: 'https://staging.abacatepay.example',
          ABACATEPAY_PIX_SEND: 'off',
          ABACATEPAY_PIX_SEND_FEE_CENTS: 80,
        },
      },
      { id: 'tribopay', settings: tribopay },
    ]);
    expect(config.demoMode).toBe(false);
    const mercadoPagoOnly = loadConfig({ ...site, ...mercadopago, PAYMENT_PROVIDERS: 'mercadopago' });
    expect(mercadoPagoOnly.payments.map((provider) => provider.id)).toEqual(['mercadopago']);
    expect(mercadoPagoOnly.demoMode).toBe(false);
  });

  it('names each missing variable of a listed provider on its own line', () => {
    expect(problemsOf({ ...site, PAYMENT_PROVIDERS: 'tribopay,mercadopago,efi,abacatepay' })).toEqual([
      'PROVIDER_URL is required when PAYMENT_PROVIDERS lists tribopay',
      'PROVIDER_TOKEN is required when PAYMENT_PROVIDERS lists tribopay',
      'PRODUCT_HASH is required when PAYMENT_PROVIDERS lists tribopay',
      'MERCADOPAGO_ACCESS_TOKEN is required when PAYMENT_PROVIDERS lists mercadopago',
      'MERCADOPAGO_WEBHOOK_SECRET is required when PAYMENT_PROVIDERS lists mercadopago',
      'EFI_CLIENT_ID is required when PAYMENT_PROVIDERS lists efi',
      'EFI_CLIENT_SECRET is required when PAYMENT_PROVIDERS lists efi',
      'EFI_CERTIFICATE is required when PAYMENT_PROVIDERS lists efi',
      'EFI_PIX_KEY is required when PAYMENT_PROVIDERS lists efi',
      'ABACATEPAY_API_KEY is required when PAYMENT_PROVIDERS lists abacatepay',
      'ABACATEPAY_WEBHOOK_SECRET is required when PAYMENT_PROVIDERS lists abacatepay',
    ]);
    const { EFI_PIX_KEY: _left, ...efiWithoutKey } = efi;
    expect(problemsOf({ ...site, ...efiWithoutKey, PAYMENT_PROVIDERS: 'efi' })).toEqual([
      'EFI_PIX_KEY is required when PAYMENT_PROVIDERS lists efi',
    ]);
  });

  it('keeps reading a provider left out of PAYMENT_PROVIDERS with all its credentials set, and gives it no new charge', () => {
    const config = loadConfig({ ...site, ...mercadopago, ...abacatepay, PAYMENT_PROVIDERS: 'abacatepay' });
    expect(config.payments.map((provider) => provider.id)).toEqual(['abacatepay']);
    expect(config.retiredPayments).toEqual([
      {
        id: 'mercadopago',
        settings: { ...mercadopago, MERCADOPAGO_API_URL: 'https://api.mercadopago.com', MERCADOPAGO_OPEN_FINANCE: 'off' },
      },
    ]);
    const fromTribopay = loadConfig({ ...site, ...tribopay, ...mercadopago, PAYMENT_PROVIDERS: 'mercadopago' });
    expect(fromTribopay.retiredPayments.map((provider) => provider.id)).toEqual(['tribopay']);
    // The demo has no provider to keep it beside: its settings are refused there, as before.
    expect(problemsOf({ ...mercadopago })[0]).toMatch(
      /^MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_WEBHOOK_SECRET are set but PAYMENT_PROVIDERS does not list/,
    );
  });

  it("refuses part of a provider's settings while PAYMENT_PROVIDERS leaves it out, so a typo cannot drop a provider", () => {
    // An existing TriboPay install that adds Mercado Pago's settings but forgets the list.
    expect(problemsOf({ ...site, ...tribopay, MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-mp-token' })).toEqual([
      'MERCADOPAGO_ACCESS_TOKEN is set but PAYMENT_PROVIDERS does not list mercadopago: add mercadopago to PAYMENT_PROVIDERS, or unset MERCADOPAGO_ACCESS_TOKEN',
    ]);
    expect(
      problemsOf({
        ...site,
        PROVIDER_URL: tribopay.PROVIDER_URL,
        PROVIDER_TOKEN: tribopay.PROVIDER_TOKEN,
        ...mercadopago,
        PAYMENT_PROVIDERS: 'mercadopago',
      }),
    ).toEqual([
      'PROVIDER_URL, PROVIDER_TOKEN are set but PAYMENT_PROVIDERS does not list tribopay: add tribopay to PAYMENT_PROVIDERS, or unset PROVIDER_URL, PROVIDER_TOKEN',
    ]);
    expect(problemsOf({ EFI_API_URL: 'https://pix.api.efipay.com.br' })[0]).toMatch(
      /^EFI_API_URL is set but PAYMENT_PROVIDERS does not list efi/,
    );
  });

  it('names PAYMENT_PROVIDERS and the allowed values for an unknown or repeated provider', () => {
    for (const bad of ['mercadopago,pagseguro', 'mercadopago,,tribopay', 'tribopay;efi']) {
      expect(problemsOf({ ...site, ...mercadopago, PAYMENT_PROVIDERS: bad })).toEqual([
        `PAYMENT_PROVIDERS must be a comma-separated list of ${PROVIDER_IDS.join(', ')}, in the order to try them (e.g. mercadopago,tribopay) (got "${bad}")`,
      ]);
    }
    expect(problemsOf({ ...site, ...mercadopago, PAYMENT_PROVIDERS: 'mercadopago, MercadoPago' })).toEqual([
      'PAYMENT_PROVIDERS names mercadopago more than once: list each provider once (got "mercadopago, MercadoPago")',
    ]);
    // Blank is unset: the demo.
    expect(loadConfig({ PAYMENT_PROVIDERS: ' ' }).demoMode).toBe(true);
  });

  it("checks Efí's certificate at start: a missing file, a folder, an empty .p12, another extension, a .pem without its key, a key not the certificate's", () => {
    const problemFor = (file: string) => problemsOf({ ...site, ...efi, EFI_CERTIFICATE: file, PAYMENT_PROVIDERS: 'efi' });
    const missing = path.join(folder, 'nao-existe.p12');
    expect(problemFor(missing)).toEqual([`EFI_CERTIFICATE names a file that does not exist (got "${missing}")`]);
    const directory = path.join(folder, 'pasta.p12');
    fs.mkdirSync(directory);
    expect(problemFor(directory)).toEqual([`EFI_CERTIFICATE names a folder, not the certificate file (got "${directory}")`]);
    const empty = path.join(folder, 'vazio.p12');
    fs.writeFileSync(empty, '');
    expect(problemFor(empty)).toEqual([`EFI_CERTIFICATE names an empty file (got "${empty}")`]);
    const p12 = path.join(folder, 'efi.P12');
    fs.copyFileSync(env.pki.sellerP12Path, p12);
    expect(problemFor(p12)).toEqual([]);
    const notP12 = path.join(folder, 'quebrado.p12');
    fs.writeFileSync(notP12, Buffer.from([0x30, 0x82, 0x0a, 0x1f]));
    expect(problemFor(notP12)).toEqual([
      `EFI_CERTIFICATE could not be read as the .p12 Efí issued (no passphrase), nor as a .pem (got "${notP12}")`,
    ]);
    const crt = path.join(folder, 'efi.crt');
    fs.writeFileSync(crt, pemBlock('CERTIFICATE'));
    expect(problemFor(crt)[0]).toMatch(/^EFI_CERTIFICATE must be the path of the \.p12 certificate Efí issued, or of a \.pem/);
    const certificateOnly = path.join(folder, 'so-certificado.pem');
    fs.writeFileSync(certificateOnly, pemBlock('CERTIFICATE'));
    expect(problemFor(certificateOnly)).toEqual([
      `EFI_CERTIFICATE the .pem has no private key (openssl pkcs12 -in cert.p12 -out cert.pem -nodes) (got "${certificateOnly}")`,
    ]);
    const keyOnly = path.join(folder, 'so-chave.pem');
    fs.writeFileSync(keyOnly, pemBlock('PRIVATE KEY'));
    expect(problemFor(keyOnly)[0]).toMatch(/^EFI_CERTIFICATE the \.pem has no BEGIN CERTIFICATE block/);
    const encrypted = path.join(folder, 'cifrado.pem');
    fs.writeFileSync(encrypted, `${pemBlock('CERTIFICATE')}${pemBlock('ENCRYPTED PRIVATE KEY')}`);
    expect(problemFor(encrypted)[0]).toMatch(/^EFI_CERTIFICATE the \.pem holds an encrypted private key/);
    // Efí's documented conversion (openssl pkcs12 … -nodes) starts with "Bag Attributes" lines: it is a .pem all the same.
    expect(problemFor(env.pki.sellerConvertedPemPath)).toEqual([]);
    expect(problemFor(env.pki.mismatchedPemPath)).toEqual([
      `EFI_CERTIFICATE holds a private key that is not the certificate’s (got "${env.pki.mismatchedPemPath}")`,
    ]);
    const garbled = path.join(folder, 'corrompido.pem');
    fs.writeFileSync(garbled, `${pemBlock('CERTIFICATE')}${pemBlock('PRIVATE KEY')}`);
    expect(problemFor(garbled)).toEqual([`EFI_CERTIFICATE holds a certificate or key that could not be loaded (got "${garbled}")`]);
  });

  it('names a PIX key Efí would not know', () => {
    for (const key of ['52998224725', '11222333000181', '+5511987654321', 'pix@loja.com.br', '123e4567-e89b-42d3-a456-426614174000']) {
      expect(problemsOf({ ...site, ...efi, EFI_PIX_KEY: key, PAYMENT_PROVIDERS: 'efi' }), key).toEqual([]);
    }
    for (const key of ['529.982.247-25', '52998224726', '11987654321', 'minha chave']) {
      const problems = problemsOf({ ...site, ...efi, EFI_PIX_KEY: key, PAYMENT_PROVIDERS: 'efi' });
      expect(problems, key).toHaveLength(1);
      expect(problems[0]).toMatch(/^EFI_PIX_KEY must be a PIX key of your Efí account/);
    }
  });

  it("never echoes a provider's secret", () => {
    const secrets = { ...mercadopago, ...abacatepay, EFI_CLIENT_SECRET: 'Client_Secret_5e6f7a', EFI_WEBHOOK_HMAC: 'efi-hmac' };
    const problems = problemsOf({
      ...site,
      ...tribopay,
      ...secrets,
      MERCADOPAGO_ACCESS_TOKEN: '',
      ABACATEPAY_API_KEY: '',
      EFI_CLIENT_ID: 'Client_Id_1',
      PAYMENT_PROVIDERS: 'tribopay',
    });
    expect(problems).toHaveLength(3);
    for (const value of Object.values(secrets)) expect(problems.join('\n')).not.toContain(value);
  });

  it('reads Efí Open Finance: off unless on, its API URL, and the account all four or none, each problem naming its variable', () => {
    const on = { ...site, ...efi, PAYMENT_PROVIDERS: 'efi', EFI_OPEN_FINANCE: 'on' };
    const settingsOf = (env: Record<string, string>) => (loadConfig(env).payments[0] as { settings: Record<string, unknown> }).settings;
    expect(settingsOf(on)).toMatchObject({ EFI_OPEN_FINANCE: 'on', EFI_OPEN_FINANCE_API_URL: 'https://openfinance.api.efipay.com.br/v1' });
    const account = {
      EFI_ACCOUNT_BRANCH: '0001',
      EFI_ACCOUNT_NUMBER: '1234567-8',
      EFI_ACCOUNT_HOLDER_DOCUMENT: '52998224725',
      EFI_ACCOUNT_HOLDER_NAME: 'Loja',
    };
    expect(settingsOf({ ...on, ...account, EFI_OPEN_FINANCE_API_URL: 'http://127.0.0.1:4011/v1' })).toMatchObject({
      EFI_OPEN_FINANCE_API_URL: 'http://127.0.0.1:4011/v1',
      EFI_ACCOUNT_NUMBER: '12345678',
    });
    expect(problemsOf({ ...on, EFI_OPEN_FINANCE: 'yes' })).toEqual(['EFI_OPEN_FINANCE must be on or off (got "yes")']);
    expect(problemsOf({ ...on, EFI_OPEN_FINANCE_API_URL: 'http://openfinance.example/v1' })).toEqual([
      'EFI_OPEN_FINANCE_API_URL must be an https:// URL (http:// only on loopback, for a local stand-in) (got "http://openfinance.example/v1")',
    ]);
    expect(problemsOf({ ...on, EFI_ACCOUNT_HOLDER_DOCUMENT: '12345678900' })[0]).toMatch(
      /^EFI_ACCOUNT_HOLDER_DOCUMENT must be the account holder's CPF or CNPJ/,
    );
    expect(problemsOf({ ...on, EFI_ACCOUNT_BRANCH: '0001' })).toEqual(
      ['EFI_ACCOUNT_NUMBER', 'EFI_ACCOUNT_HOLDER_DOCUMENT', 'EFI_ACCOUNT_HOLDER_NAME'].map(
        (name) =>
          `${name} is required when EFI_ACCOUNT_BRANCH is set: the account Open Finance payments go to takes all four EFI_ACCOUNT_*`,
      ),
    );
    expect(problemsOf({ ...site, EFI_OPEN_FINANCE: 'on' })[0]).toMatch(/^EFI_OPEN_FINANCE is set but PAYMENT_PROVIDERS does not list efi/);
  });

  it("reads Mercado Pago's Open Finance mode: off unless on, a bad value named in one line", () => {
    const listed = { ...site, ...mercadopago, PAYMENT_PROVIDERS: 'mercadopago' };
    const settingsOf = (env: Record<string, string>) => (loadConfig(env).payments[0] as { settings: Record<string, unknown> }).settings;
    expect(settingsOf(listed)).toMatchObject({ MERCADOPAGO_OPEN_FINANCE: 'off' });
    expect(settingsOf({ ...listed, MERCADOPAGO_OPEN_FINANCE: 'on' })).toMatchObject({ MERCADOPAGO_OPEN_FINANCE: 'on' });
    expect(problemsOf({ ...listed, MERCADOPAGO_OPEN_FINANCE: 'sim' })).toEqual(['MERCADOPAGO_OPEN_FINANCE must be on or off (got "sim")']);
    const abacate = { ...site, ...abacatepay, PAYMENT_PROVIDERS: 'abacatepay' };
    expect(
      (loadConfig({ ...abacate, ABACATEPAY_PIX_SEND: 'on', ABACATEPAY_PIX_SEND_FEE_CENTS: '95' }).payments[0] as { settings: unknown })
        .settings,
    ).toMatchObject({
      ABACATEPAY_PIX_SEND: 'on',
      ABACATEPAY_PIX_SEND_FEE_CENTS: 95,
    });
    expect(problemsOf({ ...abacate, ABACATEPAY_PIX_SEND: 'yes' })).toEqual(['ABACATEPAY_PIX_SEND must be on or off (got "yes")']);
    expect(problemsOf({ ...abacate, ABACATEPAY_PIX_SEND_FEE_CENTS: '0,80' })).toEqual([
      'ABACATEPAY_PIX_SEND_FEE_CENTS must be the fee in centavos, a whole number from 0 to 9999 (got "0,80")',
    ]);
    expect(problemsOf({ ...site, MERCADOPAGO_OPEN_FINANCE: 'on' })[0]).toMatch(
      /^MERCADOPAGO_OPEN_FINANCE is set but PAYMENT_PROVIDERS does not list mercadopago/,
    );
  });

  it('takes an http API URL on loopback only, for a stand-in', () => {
    const stand = loadConfig({ ...site, ...mercadopago, PAYMENT_PROVIDERS: 'mercadopago', MERCADOPAGO_API_URL: 'http://127.0.0.1:4010/' });
    expect(stand.payments).toEqual([
      { id: 'mercadopago', settings: { ...mercadopago, MERCADOPAGO_API_URL: 'http://127.0.0.1:4010', MERCADOPAGO_OPEN_FINANCE: 'off' } },
    ]);
    for (const [name, provider, settings] of [
      ['MERCADOPAGO_API_URL', 'mercadopago', mercadopago],
      ['EFI_API_URL', 'efi', efi],
      ['ABACATEPAY_API_URL', 'abacatepay', abacatepay],
    ] as const) {
      expect(problemsOf({ ...site, ...settings, PAYMENT_PROVIDERS: provider, [name]: 'http://api.example.com' })).toEqual([
        `${name} must be an https:// URL (http:// only on loopback, for a local stand-in) (got "http://api.example.com")`,
      ]);
      expect(problemsOf({ ...site, ...settings, PAYMENT_PROVIDERS: provider, [name]: 'api.example.com' })).toEqual([
        `${name} must be an http(s) URL (got "api.example.com")`,
      ]);
    }
  });

  it('applies the real-deployment rules to any real provider, naming PAYMENT_PROVIDERS', () => {
    const listed = { ...mercadopago, PAYMENT_PROVIDERS: 'mercadopago' };
    expect(problemsOf(listed)).toEqual([
      "PUBLIC_URL is required with PAYMENT_PROVIDERS: the gateway's postbacks and the e-mailed access links need the site's public https address",
      'SMTP_URL is required with PAYMENT_PROVIDERS (buyers get their access by e-mail); set MAIL_TRANSPORT=file only to keep e-mails as files on purpose',
    ]);
    expect(problemsOf({ ...listed, ...site, PUBLIC_URL: 'http://loja.com.br' })).toEqual([
      'PUBLIC_URL must be an https:// address with a real gateway (got "http://loja.com.br")',
    ]);
    expect(problemsOf({ ...listed, ...site, DEMO_MODE: '1' })).toEqual([
      'DEMO_MODE=1 cannot be combined with PAYMENT_PROVIDERS: unset one of them',
    ]);
  });

  it("asks TriboPay's bump hashes only when TriboPay takes charges", () => {
    // Mercado Pago charges the bump as a cart line: the demo's hashes are fine.
    expect(loadConfig({ ...site, ...mercadopago, PAYMENT_PROVIDERS: 'mercadopago' }).orderBump).toMatchObject({ priceCents: 990 });
    expect(problemsOf({ ...site, ...mercadopago, PAYMENT_PROVIDERS: 'mercadopago', ORDER_BUMP: 'on' })).toEqual([]);
    expect(loadConfig({ ...site, ...mercadopago, ...tribopay, PAYMENT_PROVIDERS: 'mercadopago,tribopay' }).orderBump).toBeNull();
    expect(problemsOf({ ...site, ...mercadopago, ...tribopay, PAYMENT_PROVIDERS: 'mercadopago,tribopay', ORDER_BUMP: 'on' })[0]).toMatch(
      /^BUMP_PRODUCT_HASH and BUMP_OFFER_HASH are required with ORDER_BUMP=on/,
    );
  });
});

/** A PEM block of that label with a body of no meaning. */
function pemBlock(label: string): string {
  return `-----BEGIN ${label}-----\nMIIBdGVzdA==\n-----END ${label}-----\n`;
}

describe('WhatsApp settings', () => {
  const cloud = {
    WHATSAPP_TOKEN: 'EAAGm0PX4ZCpsBAKZCqVzZBaAbCdEf123456',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_APP_SECRET: '0123456789abcdef0123456789abcdef',
    WHATSAPP_VERIFY_TOKEN: 'vitrine-verify-7f3k2m9q',
  };

  it('records the messages without the Cloud API by default, with the documented templates, cap and quiet hours', () => {
    expect(loadConfig({}).whatsapp).toEqual({
      cloud: null,
      templates: { pix: 'vitrine_pix', reminder: 'vitrine_pix_lembrete', access: 'vitrine_acesso' },
      language: 'pt_BR',
      maxPerOrder: 3,
      quietHours: { start: 21, end: 8 },
      priceCents: 4,
    });
    expect(loadConfig({ WHATSAPP_PRICE_CENTS: '7' }).whatsapp.priceCents).toBe(7);
  });

  it("sends through the Cloud API once its four credentials are set, at Meta's documented Graph API by default", () => {
    const settings = loadConfig({ ...cloud, WHATSAPP_QUIET_HOURS: '0-6', WHATSAPP_MAX_PER_ORDER: '2' }).whatsapp;
    expect(settings.cloud).toEqual({
      token: cloud.WHATSAPP_TOKEN,
      phoneNumberId: cloud.WHATSAPP_PHONE_NUMBER_ID,
      appSecret: cloud.WHATSAPP_APP_SECRET,
      verifyToken: cloud.WHATSAPP_VERIFY_TOKEN,
      apiUrl: 'https://graph.facebook.com/v25.0',
    });
    expect(settings.quietHours).toEqual({ start: 0, end: 6 });
    expect(settings.maxPerOrder).toBe(2);
  });

  it('names each credential missing beside the others on its own line', () => {
    const problems = problemsOf({ WHATSAPP_TOKEN: cloud.WHATSAPP_TOKEN });
    expect(problems.map((line) => line.split(' ')[0])).toEqual([
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_VERIFY_TOKEN',
    ]);
    expect(problems[0]).toContain('is required with WHATSAPP_TOKEN');
    const { WHATSAPP_VERIFY_TOKEN: _, ...withoutVerify } = cloud;
    expect(problemsOf(withoutVerify)).toEqual([expect.stringMatching(/^WHATSAPP_VERIFY_TOKEN is required with WHATSAPP_TOKEN, /)]);
  });

  it('names a bad value, never echoing a secret', () => {
    expect(problemsOf({ ...cloud, WHATSAPP_PHONE_NUMBER_ID: '+55 11 98765-4321' })).toEqual([
      expect.stringMatching(/^WHATSAPP_PHONE_NUMBER_ID must be the phone number ID .*\(got "\+55 11 98765-4321"\)$/),
    ]);
    const token = problemsOf({ ...cloud, WHATSAPP_TOKEN: 'short secret' });
    expect(token).toEqual([expect.stringMatching(/^WHATSAPP_TOKEN must be the Cloud API's access token/)]);
    expect(token.join('\n')).not.toContain('short secret');
    expect(problemsOf({ WHATSAPP_QUIET_HOURS: '22h-7h' })).toEqual([
      expect.stringMatching(/^WHATSAPP_QUIET_HOURS must be two whole hours/),
    ]);
    expect(problemsOf({ WHATSAPP_QUIET_HOURS: '24-8' })).toEqual([
      expect.stringMatching(/^WHATSAPP_QUIET_HOURS must be two different whole hours/),
    ]);
    expect(problemsOf({ WHATSAPP_MAX_PER_ORDER: '11' })).toEqual(['WHATSAPP_MAX_PER_ORDER must be a whole number from 0 to 10 (got "11")']);
    expect(problemsOf({ WHATSAPP_PRICE_CENTS: '0,04' })).toEqual([
      'WHATSAPP_PRICE_CENTS must be a whole number from 0 to 1000 (got "0,04")',
    ]);
    expect(problemsOf({ WHATSAPP_TEMPLATE_PIX: 'Seu PIX' })).toEqual([
      expect.stringMatching(/^WHATSAPP_TEMPLATE_PIX must be a template's name/),
    ]);
    expect(problemsOf({ WHATSAPP_TEMPLATE_LANGUAGE: 'pt-BR' })).toEqual([expect.stringMatching(/^WHATSAPP_TEMPLATE_LANGUAGE must be/)]);
  });

  it('takes an http API URL on loopback only, for the stand-in', () => {
    expect(loadConfig({ ...cloud, WHATSAPP_API_URL: 'http://127.0.0.1:4010/v25.0/' }).whatsapp.cloud?.apiUrl).toBe(
      'http://127.0.0.1:4010/v25.0',
    );
    expect(problemsOf({ ...cloud, WHATSAPP_API_URL: 'http://graph.example.com/v25.0' })).toEqual([
      expect.stringMatching(/^WHATSAPP_API_URL must be an https:\/\/ URL/),
    ]);
  });
});
