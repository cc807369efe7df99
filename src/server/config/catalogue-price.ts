import { providerDescriptor } from '../gateway/provider-registry.ts';
import type { Config } from './config.ts';

/** A sole catalogue provider (TriboPay) on the seller's account charges its panel's price (docs/editing.md#prices); the sandbox never. */
export function catalogueDecidesPrice(config: Pick<Config, 'payments'>): boolean {
  const [only, ...others] = config.payments;
  return others.length === 0 && only !== undefined && !('demo' in only) && providerDescriptor(only.id).catalogue === true;
}
