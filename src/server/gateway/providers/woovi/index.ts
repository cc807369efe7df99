import { z } from 'zod';
import { providerNames } from '../../../../content/providers.ts';
import { apiUrlSetting, plain, secret, type ProviderDescriptor } from '../../provider-descriptor.ts';
import { WOOVI_API_URL } from './woovi-api.ts';
import { createWooviProvider, wooviCapabilities } from './woovi-provider.ts';
import { readWebhookPublicKey, WOOVI_WEBHOOK_PUBLIC_KEY } from './woovi-webhook.ts';

/** A key that does not read as an RSA public key stops the start, naming the variable. */
const webhookPublicKey = z
  .string()
  .trim()
  .min(1)
  .refine(
    (value) => {
      try {
        readWebhookPublicKey(value);
        return true;
      } catch {
        return false;
      }
    },
    { message: "must be Woovi's webhook public key (base64 of the PEM, as Woovi publishes it, or the PEM)" },
  );

const settings = z.object({
  /** API/Plugins → Nova API/Plugin → API, in Woovi's panel. */
  WOOVI_APP_ID: secret(z.string().trim().min(1)),
  /** Public, and the same for every account: it proves Woovi signed the body (docs/payments.md#woovi). */
  WOOVI_WEBHOOK_PUBLIC_KEY: plain(webhookPublicKey.default(WOOVI_WEBHOOK_PUBLIC_KEY)),
  WOOVI_API_URL: plain(apiUrlSetting(WOOVI_API_URL)),
  /** `on` once the AppID may make and approve payments: affiliate payouts go out by API (docs/affiliates.md#payouts). */
  WOOVI_PIX_SEND: plain(z.enum(['on', 'off'], { message: 'must be on or off' }).default('off')),
});

export const wooviProvider: ProviderDescriptor<'woovi', typeof settings> = {
  id: 'woovi',
  displayName: providerNames.woovi,
  settings,
  create: (values) =>
    createWooviProvider({
      appId: values.WOOVI_APP_ID,
      webhookPublicKey: values.WOOVI_WEBHOOK_PUBLIC_KEY,
      apiUrl: values.WOOVI_API_URL,
      pixSend: values.WOOVI_PIX_SEND === 'on',
    }),
  webhook: { route: 'woovi', aliases: [] },
  capabilities: wooviCapabilities,
};
