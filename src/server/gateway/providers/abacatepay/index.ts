import { z } from 'zod';
import { providerNames } from '../../../../content/providers.ts';
import { apiUrlSetting, plain, secret, type ProviderDescriptor } from '../../provider-descriptor.ts';
import { createAbacatepayProvider, DEFAULT_API_URL } from './abacatepay-provider.ts';

const settings = z.object({
  ABACATEPAY_API_KEY: secret(z.string()),
  ABACATEPAY_WEBHOOK_SECRET: secret(z.string()),
  ABACATEPAY_API_URL: plain(apiUrlSetting(DEFAULT_API_URL)),
  /** `on`: affiliate payouts go out by `/pix/send` from the seller's balance (docs/affiliates.md#payouts). */
  ABACATEPAY_PIX_SEND: plain(z.enum(['on', 'off'], { message: 'must be on or off' }).default('off')),
  /** AbacatePay's fee on a send (Perfil → Taxas), added to the amount so the affiliate receives the whole commission. */
  ABACATEPAY_PIX_SEND_FEE_CENTS: plain(
    z
      .string()
      .regex(/^\d{1,4}$/, { message: 'must be the fee in centavos, a whole number from 0 to 9999' })
      .default('80')
      .transform(Number),
  ),
});

/** AbacatePay (docs/payments.md#abacatepay): API v2, webhooks signed and carrying the seller's secret. */
export const abacatepayProvider: ProviderDescriptor<'abacatepay', typeof settings> = {
  id: 'abacatepay',
  displayName: providerNames.abacatepay,
  settings,
  create: (values) =>
    createAbacatepayProvider({
      apiKey: values.ABACATEPAY_API_KEY,
      webhookSecret: values.ABACATEPAY_WEBHOOK_SECRET,
      apiUrl: values.ABACATEPAY_API_URL,
      pixSend: values.ABACATEPAY_PIX_SEND === 'on' ? { feeCents: values.ABACATEPAY_PIX_SEND_FEE_CENTS } : null,
    }),
  webhook: { route: 'abacatepay', aliases: [] },
  // As the adapter answers them (abacatepay-provider.ts); provider-registry.test.ts holds the two equal.
  capabilities: { refunds: true, partialRefunds: false, cart: false, expiry: true, webhook: 'signed', idempotentCreate: false },
};
