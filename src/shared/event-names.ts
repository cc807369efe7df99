/**
 * The first-party funnel's event names. Kept apart from the zod schema (events.ts) so the page's
 * first-load script, which needs only the names, does not carry the validation library.
 */

/** Events the browser may report to the first-party funnel (POST /api/events). */
export const clientEventNames = ['page_view', 'presell_yes', 'begin_checkout', 'view_item', 'contact', 'generate_lead'] as const;

/** Events only the server records (they follow facts the server itself knows). */
export const serverEventNames = ['order_created', 'order_paid', 'not_found'] as const;

export type ClientEventName = (typeof clientEventNames)[number];
export type FunnelEventName = ClientEventName | (typeof serverEventNames)[number];
