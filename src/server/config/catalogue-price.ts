import type { Config } from './config.ts';

/**
 * TriboPay alone, on the seller's own account: the checkout charges its offer of PRODUCT_HASH, so the product's
 * price is the one in TriboPay's panel, never the editor's (docs/editing.md#prices). The demo's sandbox stands in
 * for that panel and charges the page's own price, so a demo's seller can try a new price.
 */
export function catalogueDecidesPrice(config: Pick<Config, 'payments'>): boolean {
  const [only, ...others] = config.payments;
  return others.length === 0 && only?.id === 'tribopay' && only.target.kind === 'remote';
}
