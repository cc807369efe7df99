// The console's push notifications (docs/notifications.md): what may ring, and the shapes the console and the server share.
import { list, text, z } from './zod.ts';

export const PUSH_KINDS = ['sale', 'dispute', 'refund', 'provider', 'experiment'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const DEFAULT_QUIET_HOURS = { start: 22, end: 7 } as const;

/** Unpadded base64url, as PushSubscription.toJSON() gives it. */
const base64url = (bytes: number) =>
  text(
    z
      .string()
      .length(Math.ceil((bytes * 4) / 3))
      .regex(/^[A-Za-z0-9_-]+$/),
  );

/**
 * A browser's PushSubscription.toJSON() (W3C Push API): the push service's URL, and the keys of RFC 8291, the
 * P-256 public key uncompressed (65 bytes) and the 16-byte authentication secret.
 */
export const PushSubscriptionSchema = z.object({
  endpoint: text(z.url({ protocol: /^https?$/ }).max(2000)),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});

export const PushDeviceSchema = z.object({
  subscription: PushSubscriptionSchema,
  device: text(z.string().trim().min(1).max(80), { written: 'line' }),
});

/** "Sair" on a device: its own subscription, named by its push service's URL, is forgotten with the session. */
export const PushForgetSchema = z.object({ endpoint: PushSubscriptionSchema.shape.endpoint });

export const PushPreferencesSchema = z.object({
  muted: list(z.enum(PUSH_KINDS), PUSH_KINDS.length),
  quietStart: z.number().int().min(0).max(23),
  quietEnd: z.number().int().min(0).max(23),
});
export type PushPreferences = z.infer<typeof PushPreferencesSchema>;

export interface PushDevice {
  id: string;
  device: string;
  createdAt: number;
  lastSentAt: number | null;
}

export interface PushSettings {
  /** The VAPID public key (RFC 8292), the browser's `applicationServerKey`. */
  publicKey: string;
  /** The kinds this person's role may receive. */
  kinds: PushKind[];
  preferences: PushPreferences;
  devices: PushDevice[];
}

/** What the service worker shows (docs/notifications.md): the console's address to open on a tap. */
export interface PushMessage {
  title: string;
  body: string;
  tag: string;
  url: string;
  /** Quiet hours: shown without sound or vibration. */
  silent: boolean;
}

/** Saúde's line (docs/notifications.md#health). */
export interface PushHealth {
  devices: number;
  lastSentAt: number | null;
  lastFailureAt: number | null;
  lastFailure: string | null;
}
