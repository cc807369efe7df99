import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '../../shared/public-config.ts';
import type { Config } from './config.ts';

export function publicConfig(config: Config): PublicConfig {
  const { supportEmail } = config.mail;
  const { whatsappGroupUrl, supportWhatsapp, seller } = config.storefront;
  return {
    checkoutUrl: config.checkoutUrl ?? null,
    sandbox: config.demoMode,
    demoMode: config.demoMode,
    askDocument: !config.demoMode && !config.customerDocument,
    whatsappGroupUrl,
    supportEmail,
    supportUrl: supportWhatsapp ? `https://wa.me/${supportWhatsapp}` : `mailto:${supportEmail}`,
    seller: { ...seller },
    unpaidRetentionDays: String(config.unpaidRetentionDays),
    guaranteeDays: String(config.guaranteeDays),
    orderBump: config.orderBump !== null,
    trackers: { ...config.trackers },
  };
}

/** A JSON data block, which the browser never runs; `<` is escaped so no value can close the tag. */
export function publicConfigScript(value: PublicConfig): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${json}</script>`;
}
