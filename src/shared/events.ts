import { text, z } from './zod.ts';
import { clientEventNames } from './event-names.ts';

export const MAX_EVENT_BODY_BYTES = 1024;

export const FunnelEventSchema = z.object({
  name: z.enum(clientEventNames),
  path: text(z.string().startsWith('/').max(512)),
});
