import type { PublicConfig } from '../../shared/public-config.ts';
import type { PurchaseItem } from '../../shared/purchase-items.ts';

/**
 * The spec's analytics → ad-pixel mapping (docs/product.md#tracking-events), applied in this one place.
 * Events without a Meta equivalent go to Google Analytics only.
 */
export const metaEventNames = {
  purchase: 'Purchase',
  begin_checkout: 'InitiateCheckout',
  add_to_cart: 'AddToCart',
  generate_lead: 'Lead',
  contact: 'Contact',
  view_item: 'ViewContent',
} as const;

export type TrackerEventName = keyof typeof metaEventNames | 'page_view' | 'presell_yes';

/** Flat parameters, and GA4's `items` list on a purchase (the Pixel gets the flat ones only). */
export type TrackParams = Record<string, string | number | readonly PurchaseItem[] | undefined>;

export type TrackerIds = PublicConfig['trackers'];

export function hasAnyTracker(ids: TrackerIds): boolean {
  return Boolean(ids.gaId || ids.metaPixelId || ids.clarityId);
}
