/** The PIX providers Vitrine can charge through (docs/payments.md#pix-providers), in no particular order. */
export const PROVIDER_IDS = ['tribopay', 'mercadopago', 'efi', 'abacatepay'] as const;

export type ProviderId = (typeof PROVIDER_IDS)[number];
