import { z } from './zod.ts';

/** POST /api/presence — the landing page's heartbeat. */

/** Bodies larger than this are refused before parsing. */
export const MAX_PRESENCE_BODY_BYTES = 256;

/** The tab's sessionStorage id: 32 hex digits, anything else is not ours. */
export const PresenceBeatSchema = z.object({ visitorId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
