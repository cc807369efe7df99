import { defaultPublicConfig } from '../../content/seller.ts';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '../../shared/public-config.ts';
import type { Offer } from '../../shared/offer.ts';
import { providerDescriptor } from '../gateway/provider-registry.ts';
import { placeholdersInUse, type Config, type PlaceholderVariable } from './config.ts';

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
    openFinance: openFinanceMode(config),
    trackers: { ...config.trackers },
    affiliateCookie: { ...config.affiliateCookie },
  };
}

/** The bank list where a provider keeps one, else a provider's own page (gateway/open-finance.ts). */
function openFinanceMode(config: Config): PublicConfig['openFinance'] {
  const modes = config.payments.map((entry) =>
    'settings' in entry ? providerDescriptor(entry.id).openFinanceMode?.(entry.settings as Record<string, unknown>) : null,
  );
  if (modes.includes('banks')) return 'banks';
  return modes.includes('provider') ? 'provider' : false;
}

/** A JSON data block, never run (`<` escaped): only what differs from the build's defaults, as `/` has 14 KB in all. */
export function publicConfigScript(value: PublicConfig): string {
  const changed = Object.entries(value).filter(
    ([key, item]) => JSON.stringify(item) !== JSON.stringify(defaultPublicConfig[key as keyof PublicConfig]),
  );
  const json = JSON.stringify(Object.fromEntries(changed)).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${json}</script>`;
}

/** An environment variable wins; the seller's published text fills only placeholders (docs/editing.md). */
export function publicConfigWithOffer(config: Config, offer: Offer): PublicConfig {
  const values = publicConfig(config);
  const unset = new Set(placeholdersInUse(config));
  const seller = {
    name: unset.has('SELLER_NAME') ? offer.seller.name : values.seller.name,
    document: unset.has('SELLER_DOCUMENT') ? offer.seller.document : values.seller.document,
    address: unset.has('SELLER_ADDRESS') ? offer.seller.address : values.seller.address,
  };
  const supportEmail = unset.has('SUPPORT_EMAIL') ? offer.seller.supportEmail : values.supportEmail;
  return {
    ...values,
    seller,
    supportEmail,
    supportUrl: config.storefront.supportWhatsapp ? values.supportUrl : `mailto:${supportEmail}`,
    whatsappGroupUrl: unset.has('WHATSAPP_GROUP_URL') ? offer.seller.whatsappGroupUrl : values.whatsappGroupUrl,
  };
}

/** The variables that win over the seller's texts, by the offer's field (for the console). */
export function sellerFieldsFromEnvironment(config: Config): string[] {
  const unset = new Set(placeholdersInUse(config));
  const fields: Array<[PlaceholderVariable, string]> = [
    ['SELLER_NAME', 'name'],
    ['SELLER_DOCUMENT', 'document'],
    ['SELLER_ADDRESS', 'address'],
    ['SUPPORT_EMAIL', 'supportEmail'],
    ['WHATSAPP_GROUP_URL', 'whatsappGroupUrl'],
  ];
  return fields.filter(([variable]) => !unset.has(variable)).map(([, field]) => field);
}
