import { z } from 'zod';

/** Events the browser may report to the first-party funnel (POST /api/events). */
export const clientEventNames = [
  'page_view',
  'presell_yes',
  'begin_checkout',
  'view_item',
  'contact',
  'generate_lead',
] as const;

/** Events only the server records (they follow facts the server itself knows). */
export const serverEventNames = ['order_created', 'order_paid', 'not_found'] as const;

export type ClientEventName = (typeof clientEventNames)[number];
export type FunnelEventName = ClientEventName | (typeof serverEventNames)[number];

/** Bodies larger than this are refused before parsing. */
export const MAX_EVENT_BODY_BYTES = 1024;

export const FunnelEventSchema = z.object({
  name: z.enum(clientEventNames),
  path: z.string().startsWith('/').max(512),
});

export type FunnelEvent = z.infer<typeof FunnelEventSchema>;
