import { DEMO_BUMP_OFFER_HASH, DEMO_BUMP_PRODUCT_HASH, orderBump, type BumpOffer } from '../../content/offers.ts';
import { PROVIDER_IDS, providerChosenWithoutList, providerDescriptor, type ProviderId } from '../gateway/provider-registry.ts';
import { isLoopbackHost } from '../lib/env-fields.ts';
import type { EnvValues } from './env-schema.ts';
import { hasRequiredVariables, requiredVariables, setVariables, type ProviderValues } from './provider-env.ts';

export function envRuleProblems(values: EnvValues, providers: ProviderValues): string[] {
  const problems = [...providerProblems(values, providers), ...whatsappProblems(values), ...deploymentProblems(values, providers)];
  const { META_CAPI_TOKEN, META_PIXEL_ID, GA_API_SECRET, GA_ID, WEBHOOK_URL, WEBHOOK_SECRET } = values;
  if (META_CAPI_TOKEN && !META_PIXEL_ID)
    problems.push('META_PIXEL_ID is required with META_CAPI_TOKEN (the Conversions API sends to that Pixel)');
  if (GA_API_SECRET && !GA_ID)
    problems.push('GA_ID is required with GA_API_SECRET (the Measurement Protocol sends to that measurement ID)');
  if (WEBHOOK_URL && !WEBHOOK_SECRET)
    problems.push('WEBHOOK_SECRET is required with WEBHOOK_URL: every delivery is signed (whsec_ followed by base64)');
  if (WEBHOOK_SECRET && !WEBHOOK_URL) problems.push('WEBHOOK_URL is required when WEBHOOK_SECRET is set (where to send the events)');
  problems.push(...bumpProblems(values, providers));
  if (values.PIX_TTL_MINUTES !== undefined) {
    problems.push(
      'PIX_TTL_MINUTES is no longer supported: a PIX code is shown for as long as the gateway keeps it payable; unset it (PIX_EXPIRE_DAYS sets that lifetime in whole days)',
    );
  }
  return problems;
}

/** A provider that sells from its own catalogue charges the bump as its product there (BUMP_PRODUCT_HASH, BUMP_OFFER_HASH). */
export function sellsFromCatalogue(values: EnvValues, providers: ProviderValues): boolean {
  return configuredProviders(values, providers).some((id) => providerDescriptor(id).catalogue === true);
}

function bumpProblems(values: EnvValues, providers: ProviderValues): string[] {
  const { BUMP_PRODUCT_HASH, BUMP_OFFER_HASH } = values;
  if (Boolean(BUMP_PRODUCT_HASH) !== Boolean(BUMP_OFFER_HASH)) {
    return [
      `${BUMP_PRODUCT_HASH ? 'BUMP_OFFER_HASH' : 'BUMP_PRODUCT_HASH'} is required with ${BUMP_PRODUCT_HASH ? 'BUMP_PRODUCT_HASH' : 'BUMP_OFFER_HASH'}: the bump's product and offer at the gateway`,
    ];
  }
  if (sellsFromCatalogue(values, providers) && values.ORDER_BUMP === 'on' && orderBump && !BUMP_PRODUCT_HASH && isDemoBump(orderBump)) {
    return [
      "BUMP_PRODUCT_HASH and BUMP_OFFER_HASH are required with ORDER_BUMP=on and a real gateway: the bump's product and offer at the gateway (or set ORDER_BUMP=off)",
    ];
  }
  return [];
}

/** All four together, or none (messages are then recorded, not sent). */
const WHATSAPP_CREDENTIALS = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;

function whatsappProblems(values: EnvValues): string[] {
  const set = WHATSAPP_CREDENTIALS.filter((name) => values[name] !== undefined);
  if (set.length === 0 || set.length === WHATSAPP_CREDENTIALS.length) return [];
  return WHATSAPP_CREDENTIALS.filter((name) => values[name] === undefined).map(
    (name) =>
      `${name} is required with ${set.join(', ')}: the WhatsApp Cloud API needs ${WHATSAPP_CREDENTIALS.join(', ')} together (or none of them, to record the messages without sending)`,
  );
}

/** A loopback PUBLIC_URL is how tests run a real gateway client. */
function isLocalHost(hostname: string): boolean {
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

/** What makes this a real shop: PAYMENT_PROVIDERS or, from before it, TriboPay's PROVIDER_URL. */
export function realProviderVariable(values: EnvValues, providers: ProviderValues): string | null {
  if (values.PAYMENT_PROVIDERS !== undefined) return 'PAYMENT_PROVIDERS';
  const unlisted = unlistedKey(providers);
  return unlisted?.set ? unlisted.name : null;
}

/** The chosen-without-list provider's key variable, and whether it is set. */
function unlistedKey(providers: ProviderValues): { id: ProviderId; name: string; set: boolean } | null {
  const id = providerChosenWithoutList?.id;
  const name = id ? requiredVariables(id)[0] : undefined;
  if (!id || !name) return null;
  return { id, name, set: providers.get(id)?.[name] !== undefined };
}

export function configuredProviders(values: EnvValues, providers: ProviderValues): readonly ProviderId[] {
  if (values.PAYMENT_PROVIDERS !== undefined) return values.PAYMENT_PROVIDERS;
  const unlisted = unlistedKey(providers);
  return unlisted?.set ? [unlisted.id] : [];
}

/** Left out of PAYMENT_PROVIDERS, credentials kept: no new charges, still read and refunded (docs/payments.md#reconciliation). */
export function retiredProviders(values: EnvValues, providers: ProviderValues): ProviderId[] {
  const listed = configuredProviders(values, providers);
  if (listed.length === 0) return [];
  return PROVIDER_IDS.filter((id) => !listed.includes(id) && hasRequiredVariables(providers, id));
}

/** A demo's sandbox gives the list away for free, so it must not run on a public address by accident. */
function deploymentProblems(values: EnvValues, providers: ProviderValues): string[] {
  const problems: string[] = [];
  const publicUrl = values.PUBLIC_URL ? new URL(values.PUBLIC_URL) : undefined;
  if (values.MAIL_TRANSPORT === 'smtp' && !values.SMTP_URL) problems.push('SMTP_URL is required with MAIL_TRANSPORT=smtp');
  const provider = realProviderVariable(values, providers);
  if (!provider) {
    if (publicUrl && !isLocalHost(publicUrl.hostname) && values.DEMO_MODE !== '1') {
      const key = unlistedKey(providers)?.name;
      problems.push(
        `${key ?? 'PAYMENT_PROVIDERS'} is not set, so this would be a demo (no real payments, the list free to anyone) at the public address ${publicUrl.origin}: set PAYMENT_PROVIDERS${key ? ` or ${key}` : ''} for a real gateway, or DEMO_MODE=1 to run the demo there on purpose`,
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

function providerProblems(values: EnvValues, providers: ProviderValues): string[] {
  const problems: string[] = [];
  const listed = values.PAYMENT_PROVIDERS;
  const unlisted = unlistedKey(providers);
  if (listed === undefined && unlisted) {
    const others = requiredVariables(unlisted.id).slice(1);
    const setOthers = others.filter((name) => providers.get(unlisted.id)?.[name] !== undefined);
    if (unlisted.set) {
      for (const name of others) if (!setOthers.includes(name)) problems.push(`${name} is required when ${unlisted.name} is set`);
    } else if (setOthers.length > 0) {
      problems.push(`${unlisted.name} is required when ${others.join(' or ')} is set (unset them all for the sandbox)`);
    }
  }
  const retired = retiredProviders(values, providers);
  for (const id of PROVIDER_IDS) {
    if (listed?.includes(id)) {
      for (const name of requiredVariables(id))
        if (!providers.get(id)?.[name]) problems.push(`${name} is required when PAYMENT_PROVIDERS lists ${id}`);
      continue;
    }
    if (listed === undefined && id === unlisted?.id) continue;
    if (retired.includes(id)) continue;
    const set = setVariables(providers, id);
    if (set.length > 0) {
      const names = set.join(', ');
      problems.push(
        `${names} ${set.length === 1 ? 'is' : 'are'} set but PAYMENT_PROVIDERS does not list ${id}: add ${id} to PAYMENT_PROVIDERS, or unset ${names}`,
      );
    }
  }
  return problems;
}

export function isDemoBump(bump: BumpOffer): boolean {
  return bump.productHash === DEMO_BUMP_PRODUCT_HASH || bump.offerHash === DEMO_BUMP_OFFER_HASH;
}
