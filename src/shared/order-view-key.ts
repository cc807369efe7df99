/** Proves the creating tab (GET /api/orders/:id); own module, the status poll must not load checkout schemas. */
export const ORDER_VIEW_KEY_HEADER = 'X-Order-Key';

/** From the e-mailed link's fragment `#k=` (shared/order-page.ts re-exports it). */
export const ORDER_CONTACT_KEY_HEADER = 'X-Order-Contact';
const CONTACT_KEY_MARK = 'contact:';

/**
 * A tab opened from the e-mail's link or by the bank app's way back has no view key: it acts for the order with the
 * order's e-mailed key (server routes/order-actor.ts), which it keeps where the view key goes, marked by this.
 */
export const asContactKey = (contactKey: string) => `${CONTACT_KEY_MARK}${contactKey}`;

/** The header that proves the tab's key: the view key, or the e-mailed key `asContactKey` marked. */
export function orderKeyHeaders(key: string): Record<string, string> {
  return key.startsWith(CONTACT_KEY_MARK)
    ? { [ORDER_CONTACT_KEY_HEADER]: key.slice(CONTACT_KEY_MARK.length) }
    : { [ORDER_VIEW_KEY_HEADER]: key };
}
