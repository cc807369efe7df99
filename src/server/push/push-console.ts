import type { Kysely } from 'kysely';
import { personKey } from '../../shared/admin-users.ts';
import { PUSH_KINDS, type PushDeviceSchema, type PushPreferences, type PushSettings } from '../../shared/push.ts';
import type { z } from '../../shared/zod.ts';
import { mayAccess } from '../admin/admin-permissions.ts';
import type { ConsoleActor } from '../admin/admin-users.ts';
import type { Database } from '../db/schema.ts';
import { defaultPreferences, preferencesByPerson, PUSH_ACCESS, pushKeys } from './push-delivery.ts';
import {
  deleteSubscription,
  deleteSubscriptionByEndpoint,
  deleteSubscriptionsOf,
  listSubscriptions,
  readPushState,
  savePreferenceRow,
  saveSubscription,
} from './push-repository.ts';

/** The console's "Notificações" for the person signed in: only their own devices, only the kinds their role may see. */
export async function readPushSettings(db: Kysely<Database>, actor: ConsoleActor, now: number): Promise<PushSettings> {
  const person = personKey(actor.userId);
  const [keys, preferences, devices] = await Promise.all([pushKeys(db, now), preferencesByPerson(db), listSubscriptions(db, person)]);
  const own = preferences.get(person) ?? defaultPreferences();
  return {
    publicKey: keys.publicKey,
    kinds: PUSH_KINDS.filter((kind) => mayAccess(actor, PUSH_ACCESS[kind])),
    preferences: { muted: own.muted, quietStart: own.quiet.start, quietEnd: own.quiet.end },
    devices: devices.map((row) => ({
      id: row.id,
      device: row.device,
      createdAt: Number(row.created_at),
      lastSentAt: row.last_sent_at === null ? null : Number(row.last_sent_at),
    })),
  };
}

/** A real shop (an https PUBLIC_URL) sends only to a push service on the internet, never into its own network. */
export function pushEndpointAllowed(endpoint: string, publicUrl: string | undefined): boolean {
  if (!publicUrl?.startsWith('https:')) return true;
  const url = new URL(endpoint);
  return (
    url.protocol === 'https:' &&
    /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(url.hostname) &&
    !/\.(local|localhost|internal|home|lan)$/i.test(url.hostname)
  );
}

export async function addPushDevice(
  db: Kysely<Database>,
  actor: ConsoleActor,
  input: z.infer<typeof PushDeviceSchema>,
  now: number,
): Promise<string> {
  const { subscription, device } = input;
  return saveSubscription(db, {
    person: personKey(actor.userId),
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    device,
    now,
  });
}

export function removePushDevice(db: Kysely<Database>, actor: ConsoleActor, id: string): Promise<boolean> {
  return deleteSubscription(db, id, personKey(actor.userId));
}

export async function savePushPreferences(db: Kysely<Database>, actor: ConsoleActor, preferences: PushPreferences, now: number) {
  await savePreferenceRow(db, {
    person: personKey(actor.userId),
    muted: JSON.stringify(preferences.muted),
    quietStart: preferences.quietStart,
    quietEnd: preferences.quietEnd,
    now,
  });
}

/** "Sair" on a device stops it ringing at once, rather than at the next push its push service refuses. */
export function forgetThisDevice(db: Kysely<Database>, actor: ConsoleActor, endpoint: string): Promise<number> {
  return deleteSubscriptionByEndpoint(db, endpoint, personKey(actor.userId));
}

/** A revoked user's devices go with them; ending every session (`userId` undefined) silences every device. */
export function forgetPushDevices(db: Kysely<Database>, userId?: string): Promise<number> {
  return deleteSubscriptionsOf(db, userId === undefined ? undefined : personKey(userId));
}

/** Saúde's line: how many devices, the last push sent and the last refused. */
export async function readPushHealth(db: Kysely<Database>) {
  const [state, devices] = await Promise.all([readPushState(db), listSubscriptions(db)]);
  return {
    devices: devices.length,
    lastSentAt: state?.lastSentAt ?? null,
    lastFailureAt: state?.lastFailureAt ?? null,
    lastFailure: state?.lastFailure ?? null,
  };
}
