import { PROVIDER_IDS, type ProviderId } from '../../../src/server/gateway/provider-registry.ts';
import type { JourneyRig } from '../provider-rig.ts';
import { abacatepayRig } from './abacatepay/abacatepay-journey-rig.ts';
import { efiRig } from './efi/efi-journey-rig.ts';
import { mercadoPagoRig } from './mercadopago/mercadopago-journey-rig.ts';
import { wooviRig } from './woovi/woovi-journey-rig.ts';

/**
 * Each registered PIX provider's browser journey (tests/e2e/providers.spec.ts): its folder's journey rig, the test's
 * title and its buyer. Apart from provider-folders.ts since a journey rig imports Playwright, which vitest must not.
 * A provider registered without an entry here does not compile.
 */
export interface JourneyFolder {
  id: ProviderId;
  title: string;
  buyer: { name: string; email: string };
  rig: (shopUrl: string) => Promise<JourneyRig>;
}

const journeys: Record<ProviderId, Omit<JourneyFolder, 'id'> | null> = {
  // The checkout specs (tests/e2e/checkout.spec.ts) run every journey on TriboPay, the default provider.
  tribopay: null,
  mercadopago: { title: 'Mercado Pago', buyer: { name: 'Marina Costa', email: 'marina.costa@example.com' }, rig: mercadoPagoRig },
  efi: { title: 'Efí (API Pix, mTLS)', buyer: { name: 'Eduardo Fonseca', email: 'eduardo.fonseca@example.com' }, rig: efiRig },
  abacatepay: { title: 'AbacatePay', buyer: { name: 'Alice Pereira', email: 'alice.pereira@example.com' }, rig: abacatepayRig },
  woovi: { title: 'Woovi', buyer: { name: 'Wagner Oliveira', email: 'wagner.oliveira@example.com' }, rig: wooviRig },
};

/** The journeys of the registered providers, in the registry's order. */
export function journeyFolders(): JourneyFolder[] {
  return PROVIDER_IDS.flatMap((id) => {
    const journey = journeys[id];
    return journey ? [{ id, ...journey }] : [];
  });
}
