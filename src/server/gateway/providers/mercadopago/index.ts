import { z } from 'zod';
import { providerNames } from '../../../../content/providers.ts';
import { apiUrlSetting, plain, secret, type ProviderDescriptor } from '../../provider-descriptor.ts';
import { capabilities, createMercadoPagoProvider, DEFAULT_API_URL } from './mercadopago-provider.ts';

const settings = z.object({
  MERCADOPAGO_ACCESS_TOKEN: secret(z.string()),
  MERCADOPAGO_WEBHOOK_SECRET: secret(z.string()),
  MERCADOPAGO_API_URL: plain(apiUrlSetting(DEFAULT_API_URL)),
  MERCADOPAGO_OPEN_FINANCE: plain(z.enum(['on', 'off'], { message: 'must be on or off' }).default('off')),
});

/** Mercado Pago (docs/payments.md#mercado-pago): signed webhooks, an idempotent create. */
export const mercadopagoProvider: ProviderDescriptor<'mercadopago', typeof settings> = {
  id: 'mercadopago',
  displayName: providerNames.mercadopago,
  settings,
  create: (values) =>
    createMercadoPagoProvider({
      accessToken: values.MERCADOPAGO_ACCESS_TOKEN,
      webhookSecret: values.MERCADOPAGO_WEBHOOK_SECRET,
      apiUrl: values.MERCADOPAGO_API_URL,
      openFinance: values.MERCADOPAGO_OPEN_FINANCE === 'on',
    }),
  webhook: { route: 'mercadopago', aliases: [] },
  capabilities,
  openFinanceMode: (values) => (values.MERCADOPAGO_OPEN_FINANCE === 'on' ? 'provider' : null),
};
