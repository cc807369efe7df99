/** Which provider's Open Finance capability the order flow calls, looked up among the configured providers. */
import type { OpenFinanceCapability } from './open-finance.ts';
import type { Payments } from './payments.ts';
import { isProviderId, type ProviderId } from './provider-registry.ts';

export interface OpenFinanceProvider {
  id: ProviderId;
  openFinance: OpenFinanceCapability;
}

/** Every provider whose Open Finance mode is on, those taking charges first, then the retired ones. */
export function openFinanceProviders(payments: Pick<Payments, 'providers' | 'retired'>): OpenFinanceProvider[] {
  return [...payments.providers, ...payments.retired].flatMap((provider) =>
    provider.openFinance ? [{ id: provider.id, openFinance: provider.openFinance }] : [],
  );
}

/** The provider whose banks the checkout lists, if one has its mode on. */
export function bankListing(payments: Pick<Payments, 'providers' | 'retired'>): OpenFinanceProvider | null {
  return openFinanceProviders(payments).find((provider) => provider.openFinance.mode === 'banks') ?? null;
}

/** The provider whose own page takes the buyer to the bank, if one has its mode on. */
export function providerPage(payments: Pick<Payments, 'providers' | 'retired'>): OpenFinanceProvider | null {
  return openFinanceProviders(payments).find((provider) => provider.openFinance.mode === 'provider') ?? null;
}

/**
 * The provider of a payment and its capability, null while its mode is off: the one its participant names (`provider`
 * mode keeps the provider's id there), else the one listing the banks.
 */
export function bankPaymentProvider(payments: Pick<Payments, 'providers' | 'retired'>, participantId: string): OpenFinanceProvider | null {
  const all = openFinanceProviders(payments);
  if (isProviderId(participantId))
    return all.find((provider) => provider.id === participantId && provider.openFinance.mode === 'provider') ?? null;
  return bankListing(payments);
}
