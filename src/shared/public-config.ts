import { escapeHtml } from './html.ts';
import { DEFAULT_GUARANTEE_DAYS } from './guarantee.ts';
import { DEFAULT_UNPAID_RETENTION_DAYS } from './retention.ts';

/** Only public values: never a token, a password or an SMTP address (docs/product.md#1-the-gateway-credential-never-reaches-the-browser). */
export interface PublicConfig {
  /** Hosted checkout: buy buttons navigate here instead of opening the PIX modal. */
  checkoutUrl: string | null;
  sandbox: boolean;
  demoMode: boolean;
  /** A real gateway without a fixed CUSTOMER_DOCUMENT. */
  askDocument: boolean;
  whatsappGroupUrl: string;
  supportEmail: string;
  supportUrl: string;
  /** Decreto 7.962/2013, art. 2º. */
  seller: { name: string; document: string; address: string };
  unpaidRetentionDays: string;
  guaranteeDays: string;
  orderBump: boolean;
  /** "Pagar no app do banco" (docs/payments.md#open-finance): `banks`, Efí's list; `provider`, straight to Mercado Pago's page. */
  openFinance: false | 'banks' | 'provider';
  /** Loaded only after consent (docs/product.md#5-tracking-waits-for-consent). */
  trackers: { gaId: string | null; metaPixelId: string | null; clarityId: string | null };
  /** A link's code kept after "Aceitar" for `days` (0: never); `first` or `last` link earns (docs/affiliates.md#links). */
  affiliateCookie: { days: number; click: 'first' | 'last' };
}

/** The id of the page's JSON data block that carries the settings (never a script: it needs no hash in the page's policy). */
export const PUBLIC_CONFIG_ELEMENT_ID = 'vitrine-config';
export const PUBLIC_CONFIG_PLACEHOLDER = '<!--public-config-->';

/** Without the seller: the placeholder seller is copy, added by content/seller.ts. */
export const publicConfigDefaults: Omit<PublicConfig, 'seller'> = {
  checkoutUrl: null,
  sandbox: true,
  demoMode: true,
  askDocument: false,
  whatsappGroupUrl: 'https://chat.whatsapp.com/SEU-GRUPO',
  supportEmail: 'suporte@example.com',
  supportUrl: 'mailto:suporte@example.com',
  unpaidRetentionDays: String(DEFAULT_UNPAID_RETENTION_DAYS),
  guaranteeDays: String(DEFAULT_GUARANTEE_DAYS),
  orderBump: true,
  openFinance: false,
  trackers: { gaId: null, metaPixelId: null, clarityId: null },
  affiliateCookie: { days: 30, click: 'last' },
};

/** Prerendered tokens, swapped for real values at load so the first byte matches hydration. */
const tokens = {
  whatsappGroupUrl: '__VITRINE_WHATSAPP_GROUP_URL__',
  supportEmail: '__VITRINE_SUPPORT_EMAIL__',
  supportUrl: '__VITRINE_SUPPORT_URL__',
  sellerName: '__VITRINE_SELLER_NAME__',
  sellerDocument: '__VITRINE_SELLER_DOCUMENT__',
  sellerAddress: '__VITRINE_SELLER_ADDRESS__',
  unpaidRetentionDays: '__VITRINE_UNPAID_RETENTION_DAYS__',
  guaranteeDays: '__VITRINE_GUARANTEE_DAYS__',
} as const;

/** A function, so a browser bundle that never calls it carries none of it. */
export function prerenderPublicConfig(): PublicConfig {
  return {
    ...publicConfigDefaults,
    whatsappGroupUrl: tokens.whatsappGroupUrl,
    supportEmail: tokens.supportEmail,
    supportUrl: tokens.supportUrl,
    seller: { name: tokens.sellerName, document: tokens.sellerDocument, address: tokens.sellerAddress },
    unpaidRetentionDays: tokens.unpaidRetentionDays,
    guaranteeDays: tokens.guaranteeDays,
  };
}

export function fillPublicConfigTokens(html: string, config: PublicConfig): string {
  const values: Record<string, string> = {
    [tokens.whatsappGroupUrl]: config.whatsappGroupUrl,
    [tokens.supportEmail]: config.supportEmail,
    [tokens.supportUrl]: config.supportUrl,
    [tokens.sellerName]: config.seller.name,
    [tokens.sellerDocument]: config.seller.document,
    [tokens.sellerAddress]: config.seller.address,
    [tokens.unpaidRetentionDays]: config.unpaidRetentionDays,
    [tokens.guaranteeDays]: config.guaranteeDays,
  };
  return html.replace(/__VITRINE_[A-Z_]+?__/g, (token) => {
    const value = values[token];
    return value === undefined ? token : escapeHtml(value);
  });
}
