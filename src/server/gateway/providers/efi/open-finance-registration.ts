/** Efí's Open Finance settings (`PUT /config`) made at start, as `npm run efi-open-finance` makes them (docs/payments.md#open-finance). */
import {
  configureOpenFinance,
  OpenFinanceError,
  openFinanceUrls,
  readOpenFinanceConfig,
  type OpenFinanceApi,
} from './open-finance-client.ts';
import type { OpenFinanceConfig } from './open-finance-parse.ts';
import type { Logger } from '../../../lib/logger.ts';

/** True when Efí's settings send the buyer and the callbacks to this server, secured the way it checks them. */
export function openFinanceConfigIsOurs(registered: OpenFinanceConfig | null, api: OpenFinanceApi, publicUrl: string): boolean {
  const expected = openFinanceUrls(publicUrl);
  return (
    registered?.redirectUrl === expected.redirectUrl &&
    registered.webhookUrl === expected.webhookUrl &&
    registered.webhookSecurity === (api.webhookHmacSecret === null ? 'mtls' : 'hmac')
  );
}

/** Once the server listens (Efí tries the webhook): registered when not this server's already; a failure is only logged. */
export async function registerOpenFinanceAtStart(api: OpenFinanceApi, publicUrl: string | undefined, logger: Logger): Promise<void> {
  if (!publicUrl) {
    logger.warn('Open Finance settings not registered: PUBLIC_URL is not set (docs/payments.md#open-finance)');
    return;
  }
  try {
    if (openFinanceConfigIsOurs(await readOpenFinanceConfig(api), api, publicUrl)) return;
    const made = await configureOpenFinance(api, openFinanceUrls(publicUrl));
    logger.info('Open Finance settings registered at Efí', { redirectUrl: made.redirectUrl, webhookUrl: made.webhookUrl });
  } catch (error) {
    if (!(error instanceof OpenFinanceError)) throw error;
    logger.warn('Open Finance settings not registered at Efí; run npm run efi-open-finance', { error: error.message });
  }
}
