import fs from 'node:fs';
import path from 'node:path';
import { DEMO_BUMP_OFFER_HASH, DEMO_BUMP_PRODUCT_HASH, orderBump, type BumpOffer } from '../../content/offers.ts';
import { isLoopbackHost, type EnvName, type EnvValues, type ProviderId } from './env-schema.ts';
import { PROVIDER_IDS } from './provider-settings.ts';
import { clientCertificateProblem } from '../lib/client-certificate.ts';

export function envRuleProblems(values: EnvValues): string[] {
  const problems = [...providerProblems(values), ...whatsappProblems(values), ...deploymentProblems(values)];
  const { META_CAPI_TOKEN, META_PIXEL_ID, GA_API_SECRET, GA_ID, WEBHOOK_URL, WEBHOOK_SECRET } = values;
  if (META_CAPI_TOKEN && !META_PIXEL_ID)
    problems.push('META_PIXEL_ID is required with META_CAPI_TOKEN (the Conversions API sends to that Pixel)');
  if (GA_API_SECRET && !GA_ID)
    problems.push('GA_ID is required with GA_API_SECRET (the Measurement Protocol sends to that measurement ID)');
  if (WEBHOOK_URL && !WEBHOOK_SECRET)
    problems.push('WEBHOOK_SECRET is required with WEBHOOK_URL: every delivery is signed (whsec_ followed by base64)');
  if (WEBHOOK_SECRET && !WEBHOOK_URL) problems.push('WEBHOOK_URL is required when WEBHOOK_SECRET is set (where to send the events)');
  problems.push(...bumpProblems(values));
  if (values.PIX_TTL_MINUTES !== undefined) {
    problems.push(
      'PIX_TTL_MINUTES is no longer supported: a PIX code is shown for as long as the gateway keeps it payable; unset it (PIX_EXPIRE_DAYS sets that lifetime in whole days)',
    );
  }
  return problems;
}

function bumpProblems(values: EnvValues): string[] {
  const { BUMP_PRODUCT_HASH, BUMP_OFFER_HASH } = values;
  if (Boolean(BUMP_PRODUCT_HASH) !== Boolean(BUMP_OFFER_HASH)) {
    return [
      `${BUMP_PRODUCT_HASH ? 'BUMP_OFFER_HASH' : 'BUMP_PRODUCT_HASH'} is required with ${BUMP_PRODUCT_HASH ? 'BUMP_PRODUCT_HASH' : 'BUMP_OFFER_HASH'}: the bump's product and offer at the gateway`,
    ];
  }
  if (
    configuredProviders(values).includes('tribopay') &&
    values.ORDER_BUMP === 'on' &&
    orderBump &&
    !BUMP_PRODUCT_HASH &&
    isDemoBump(orderBump)
  ) {
    return [
      "BUMP_PRODUCT_HASH and BUMP_OFFER_HASH are required with ORDER_BUMP=on and a real gateway: the bump's product and offer at the gateway (or set ORDER_BUMP=off)",
    ];
  }
  return [];
}

/** A provider's variables set while PAYMENT_PROVIDERS leaves it out are refused, so a typo cannot silently drop it. */
export const PROVIDER_VARIABLES: Record<ProviderId, { required: readonly EnvName[]; optional: readonly EnvName[] }> = {
  tribopay: { required: ['PROVIDER_URL', 'PROVIDER_TOKEN', 'PRODUCT_HASH'], optional: [] },
  mercadopago: { required: ['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_WEBHOOK_SECRET'], optional: ['MERCADOPAGO_API_URL'] },
  efi: {
    required: ['EFI_CLIENT_ID', 'EFI_CLIENT_SECRET', 'EFI_CERTIFICATE', 'EFI_PIX_KEY'],
    optional: ['EFI_API_URL', 'EFI_WEBHOOK_HMAC'],
  },
  abacatepay: { required: ['ABACATEPAY_API_KEY', 'ABACATEPAY_WEBHOOK_SECRET'], optional: ['ABACATEPAY_API_URL'] },
};

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

export function realProviderVariable(values: EnvValues): 'PAYMENT_PROVIDERS' | 'PROVIDER_URL' | null {
  if (values.PAYMENT_PROVIDERS !== undefined) return 'PAYMENT_PROVIDERS';
  return values.PROVIDER_URL ? 'PROVIDER_URL' : null;
}

export function configuredProviders(values: EnvValues): readonly ProviderId[] {
  return values.PAYMENT_PROVIDERS ?? (values.PROVIDER_URL ? ['tribopay'] : []);
}

/**
 * Left out of PAYMENT_PROVIDERS with all its credentials still set: it takes no new charges, and its open charges and
 * paid orders are still read and refunded (docs/payments.md#reconciliation). Only beside a real provider.
 */
export function retiredProviders(values: EnvValues): ProviderId[] {
  const listed = configuredProviders(values);
  if (listed.length === 0) return [];
  return PROVIDER_IDS.filter((id) => !listed.includes(id) && PROVIDER_VARIABLES[id].required.every((name) => Boolean(values[name])));
}

/** A demo's sandbox gives the list away for free, so it must not run on a public address by accident. */
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
    if (listed === undefined && id === 'tribopay') continue;
    if (retiredProviders(values).includes(id)) continue;
    const set = [...required, ...optional].filter((name) => values[name] !== undefined);
    if (set.length > 0) {
      const names = set.join(', ');
      problems.push(
        `${names} ${set.length === 1 ? 'is' : 'are'} set but PAYMENT_PROVIDERS does not list ${id}: add ${id} to PAYMENT_PROVIDERS, or unset ${names}`,
      );
    }
  }
  if ((listed?.includes('efi') || retiredProviders(values).includes('efi')) && values.EFI_CERTIFICATE) {
    const problem = certificateProblem(values.EFI_CERTIFICATE);
    if (problem) problems.push(`EFI_CERTIFICATE ${problem} (got "${values.EFI_CERTIFICATE}")`);
  }
  return problems;
}

/** Checked at start rather than failing the buyer's first charge. */
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
  // Loaded as the Efí adapter loads it, and the key proven the certificate's.
  return clientCertificateProblem(content);
}

export function isDemoBump(bump: BumpOffer): boolean {
  return bump.productHash === DEMO_BUMP_PRODUCT_HASH || bump.offerHash === DEMO_BUMP_OFFER_HASH;
}
