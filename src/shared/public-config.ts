import { escapeHtml } from './html.ts';
import { DEFAULT_GUARANTEE_DAYS } from './guarantee.ts';
import { DEFAULT_UNPAID_RETENTION_DAYS } from './retention.ts';

/**
 * The settings the browser may know, injected into each page at serve time. Only public values:
 * never a token, a password or an SMTP address (docs/product.md#1-the-gateway-credential-never-reaches-the-browser).
 */
export interface PublicConfig {
  /** Hosted checkout: buy buttons navigate here instead of opening the PIX modal. */
  checkoutUrl: string | null;
  /** The built-in sandbox gateway is in use (the PIX panel links to its payment page). */
  sandbox: boolean;
  /** No real gateway: every page, the payment modal and the e-mail say no real payment is made. */
  demoMode: boolean;
  /** The buyer must type a CPF (real gateway without a fixed CUSTOMER_DOCUMENT). */
  askDocument: boolean;
  /** Invite link of the WhatsApp VIP group (landing page, section 12). */
  whatsappGroupUrl: string;
  /** Support address shown in the footer and in the legal pages. */
  supportEmail: string;
  /** Where the footer's "Suporte" link goes: the support WhatsApp (wa.me) when set, else a mailto: link. */
  supportUrl: string;
  /** Who sells, as Brazilian e-commerce rules ask (Decreto 7.962/2013, art. 2º); `document` is formatted. */
  seller: { name: string; document: string; address: string };
  /** Days an unpaid charge keeps the buyer's data (UNPAID_RETENTION_DAYS), as the privacy page prints it. */
  unpaidRetentionDays: string;
  /** Days after payment the buyer may ask for a refund (GUARANTEE_DAYS), as every guarantee text prints it. */
  guaranteeDays: string;
  /** The checkout offers the order bump of content/offers.ts (ORDER_BUMP; docs/offers.md). */
  orderBump: boolean;
  /** Public tracker IDs (GA_ID, META_PIXEL_ID, CLARITY_ID); loaded only after consent (docs/product.md#5-tracking-waits-for-consent). */
  trackers: { gaId: string | null; metaPixelId: string | null; clarityId: string | null };
}

export const PUBLIC_CONFIG_GLOBAL = '__VITRINE_CONFIG__';
export const PUBLIC_CONFIG_PLACEHOLDER = '<!--public-config-->';

/**
 * The public config before the seller configures anything, but for the seller: the placeholder
 * seller is copy, so `defaultPublicConfig` (content/seller.ts) adds it.
 */
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
  trackers: { gaId: null, metaPixelId: null, clarityId: null },
};

/**
 * Text values of the public config that prerendered pages print (footer, /termos, /privacidade,
 * the WhatsApp link, the guarantee's days). Pages are prerendered at build time, before the seller's configuration is
 * known, so they are rendered with these tokens and the server swaps in the real values when it
 * loads the pages (`fillPublicConfigTokens`). The first byte then already shows the seller's
 * identity, and it matches what the browser renders from the injected config, so hydration agrees.
 */
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

/**
 * The config the prerenderer renders with: real defaults for behaviour, tokens for printed text.
 * A function, so a browser bundle that never calls it carries none of it.
 */
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

/** Replaces the prerender tokens in a page's HTML with the configured values, HTML-escaped. */
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
