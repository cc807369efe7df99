import { providerDescriptor } from '../gateway/provider-registry.ts';
import type { Config } from './config.ts';

/**
 * A sole provider that sells from its own catalogue (TriboPay), on the seller's own account: the checkout charges its
 * product, so the product's price is the one in the provider's panel, never the editor's (docs/editing.md#prices).
 * The demo's sandbox stands in for that panel and charges the page's own price, so a demo's seller can try a new price.
 */
export function catalogueDecidesPrice(config: Pick<Config, 'payments'>): boolean {
  const [only, ...others] = config.payments;
  return others.length === 0 && only !== undefined && !('demo' in only) && providerDescriptor(only.id).catalogue === true;
}
