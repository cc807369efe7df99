/** The seller's alert the first time a provider sends an event of a name the shop does not know (docs/payments.md#unrecognised-events). */
export const UNRECOGNISED_EVENT_FAMILY = 'unrecognised_event:';
/** The outbox keys rows by order; an alert about the shop itself has none, and this never is an order's id (ids.ts). */
export const SHOP_ALERT_ORDER_ID = 'shop';
