import { PROVIDER_IDS, type ProviderId } from '../../../src/server/gateway/provider-registry.ts';
import type { ProviderHarness } from '../provider-contract.ts';
import type { StandInRig } from '../provider-rig.ts';
import { abacatepayHarness } from './abacatepay/abacatepay-harness.ts';
import { abacatepayRig } from './abacatepay/abacatepay-rig.ts';
import { efiHarness } from './efi/efi-harness.ts';
import { mercadoPagoHarness } from './mercadopago/mercadopago-harness.ts';
import { mercadoPagoRig } from './mercadopago/mercadopago-rig.ts';
import { tribopayHarness } from './tribopay/tribopay-harness.ts';
import { tribopayRig } from './tribopay/tribopay-rig.ts';
import { wooviHarness } from './woovi/woovi-harness.ts';
import { wooviRig } from './woovi/woovi-rig.ts';

/**
 * Each registered PIX provider's test folder, `tests/support/providers/<id>/`: its stand-in (built on
 * tests/support/stand-ins/kit.ts), its harness for the one contract and its rig for the server's end-to-end tests.
 * The suites that run every provider read the list from here, in the registry's order; a provider registered in
 * src/server/gateway/provider-registry.ts without a folder stops them with its name.
 */
export interface ProviderFolder {
  id: ProviderId;
  harness: ProviderHarness;
  /** Null: its API takes mTLS with a test CA, so it runs as a server process (tests/faults/provider-efi-process.test.ts). */
  rig: (() => Promise<StandInRig>) | null;
}

const folders: Partial<Record<string, Omit<ProviderFolder, 'id'>>> = {
  tribopay: { harness: tribopayHarness, rig: tribopayRig },
  mercadopago: { harness: mercadoPagoHarness, rig: mercadoPagoRig },
  efi: { harness: efiHarness, rig: null },
  abacatepay: { harness: abacatepayHarness, rig: abacatepayRig },
  woovi: { harness: wooviHarness, rig: wooviRig },
};

/** The folders of `ids` (the registry's by default); throws naming every registered provider that has none. */
export function providerFolders(ids: readonly string[] = PROVIDER_IDS, known = folders): ProviderFolder[] {
  const missing = ids.filter((id) => known[id] === undefined);
  if (missing.length > 0) {
    const paths = missing.map((id) => `tests/support/providers/${id}/`).join(', ');
    throw new Error(`registered provider(s) ${missing.join(', ')} have no test folder: add ${paths} and list it in provider-folders.ts`);
  }
  return ids.map((id) => ({ id: id as ProviderId, ...known[id]! }));
}
