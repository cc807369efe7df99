// Apart from events.ts so the first-load script does not carry zod.

export const clientEventNames = ['page_view', 'presell_yes', 'begin_checkout', 'view_item', 'contact', 'generate_lead'] as const;

/**
 * `visitor`: a page's visitor of the day, counted once however often they load it; `checkout_visitor`: one of them who began a checkout
 * that day, counted once however often they open it (funnel/version-visitor-counts.ts).
 */
export const serverEventNames = ['order_created', 'order_paid', 'not_found', 'visitor', 'checkout_visitor'] as const;

export type ClientEventName = (typeof clientEventNames)[number];
export type FunnelEventName = ClientEventName | (typeof serverEventNames)[number];
