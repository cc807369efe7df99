import { z } from './zod.ts';

/** POST /api/presence — the landing page's heartbeat. */

/** Bodies larger than this are refused before parsing. */
export const MAX_PRESENCE_BODY_BYTES = 256;

/**
 * A random id the tab keeps in sessionStorage (the client sends 32 hex digits). Opaque and short:
 * anything longer or with other characters is not ours.
 */
export const PresenceBeatSchema = z.object({ visitorId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
