// Web Push to the console's devices (RFC 8030), encrypted (RFC 8291) and signed (RFC 8292) by the web-push library;
// sent with fetch so a send has the outbox's deadline. docs/notifications.md.
import { generateKeyPairSync } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { consoleActorsByPerson } from '../admin/admin-users.ts';
import { mayAccess } from '../admin/admin-permissions.ts';
import { DEFAULT_QUIET_HOURS, PUSH_KINDS, type PushKind, type PushMessage } from '../../shared/push.ts';
import type { ConsoleAccess } from '../../shared/admin-users.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../lib/logger.ts';
import type { OutboxHandler } from '../outbox/outbox-kinds.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import type { ClaimedMessage } from '../outbox/outbox-repository.ts';
import { MessageNotNeededError, UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { isQuiet } from '../whatsapp/quiet-hours.ts';
import { composePushNote, type PushNote } from './push-notifications.ts';
import { PUSH_EVENT_FAMILY, type PushEvent } from '../outbox/push-queue.ts';
import {
  deleteSubscription,
  ensurePushKeys,
  findSubscription,
  listSubscriptions,
  readPreferenceRows,
  readPushState,
  recordPushFailure,
  recordPushSent,
} from './push-repository.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** `push:{subscription id}:{event key}`: one row per device and event, so a retry or a second instance rings it once. */
export const PUSH_FAMILY = 'push:';

/** What each kind names: a person whose role may not see it is never told of it. */
export const PUSH_ACCESS: Readonly<Record<PushKind, ConsoleAccess>> = {
  sale: 'orders',
  dispute: 'orders',
  refund: 'refunds',
  provider: 'owner',
  experiment: 'page',
};

/** Loaded at the first push key or send, not at start: the library and what it pulls in hold ~13 MB (tests/faults/server-rss.test.ts). */
const loadWebPush = async () => (await import('web-push')).default;

/** A notification older than this is no news: the push service drops it rather than ring hours late (RFC 8030 §5.2). */
const TTL_SECONDS = 6 * 60 * 60;

/**
 * A P-256 key pair as web-push's generateVAPIDKeys gives it (the public point uncompressed, the private
 * scalar 32 bytes, base64url), made with node:crypto so the first start does not load the library.
 */
function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const bytes = (field: string | undefined) => Buffer.from(field ?? '', 'base64url');
  const publicKey = Buffer.concat([Buffer.from([4]), bytes(jwk.x), bytes(jwk.y)]);
  return { publicKey: publicKey.toString('base64url'), privateKey: bytes(jwk.d).toString('base64url') };
}

export async function pushKeys(db: Executor, now: number) {
  const existing = await readPushState(db);
  if (existing) return existing;
  const generated = generateVapidKeys();
  const state = await ensurePushKeys(db, generated, now);
  if (!state) throw new Error('push keys were not stored');
  return state;
}

export interface Preferences {
  muted: PushKind[];
  quiet: { start: number; end: number };
}

export async function preferencesByPerson(db: Executor): Promise<Map<string, Preferences>> {
  const rows = await readPreferenceRows(db);
  return new Map(
    rows.map((row) => [
      row.person,
      { muted: parseMuted(row.muted), quiet: { start: Number(row.quiet_start), end: Number(row.quiet_end) } },
    ]),
  );
}

export const defaultPreferences = (): Preferences => ({ muted: [], quiet: { ...DEFAULT_QUIET_HOURS } });

/** Only known kinds survive a stored list. */
export function parseMuted(stored: string): PushKind[] {
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  return Array.isArray(value) ? PUSH_KINDS.filter((kind) => value.includes(kind)) : [];
}

interface PushDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'adminName' | 'publicUrl'>;
  logger: Logger;
  now: () => number;
}

/** The event becomes one row per device of each person who may see it and did not mute it. */
export function pushEventHandler(deps: PushDeps): OutboxHandler {
  return {
    channel: 'push fan-out',
    async deliver(row) {
      const key = row.kind.slice(PUSH_EVENT_FAMILY.length);
      const note = await composePushNote(deps.db, row, row.payload as PushEvent, deps.now());
      const [actors, preferences, subscriptions] = await Promise.all([
        consoleActorsByPerson(deps.db, deps.config.adminName),
        preferencesByPerson(deps.db),
        listSubscriptions(deps.db),
      ]);
      let devices = 0;
      for (const subscription of subscriptions) {
        const actor = actors.get(subscription.person);
        if (!actor || !mayAccess(actor, PUSH_ACCESS[note.kind])) continue;
        if ((preferences.get(subscription.person) ?? defaultPreferences()).muted.includes(note.kind)) continue;
        const kind = `${PUSH_FAMILY}${subscription.id}:${key}`;
        if (await enqueueOutboxMessage(deps.db, { orderId: row.orderId, kind, payload: note, now: row.createdAt })) devices++;
      }
      // Removed, not counted as sent: a shop where no one turned notifications on sends nothing.
      if (devices === 0) throw new MessageNotNeededError('no device asked for it');
      return { recipient: `${devices} devices` };
    },
  };
}

function vapidSubject(publicUrl: string | undefined): string {
  // RFC 8292 §2.1: a contact for the push service; Apple's refuses a localhost one, so a shop without one names none.
  return publicUrl?.startsWith('https:') ? new URL(publicUrl).origin : 'mailto:push@vitrine.invalid';
}

/** One device: gone (404, 410) removes it; throttled or failing (429, 5xx) is retried by the outbox with backoff. */
export function pushHandler(deps: PushDeps): OutboxHandler {
  return {
    channel: 'push',
    async deliver(row: ClaimedMessage, signal) {
      const subscriptionId = row.kind.slice(PUSH_FAMILY.length).split(':', 1)[0] ?? '';
      const subscription = await findSubscription(deps.db, subscriptionId);
      if (!subscription) throw new MessageNotNeededError('device removed');
      const note = row.payload as PushNote;
      const preferences = (await preferencesByPerson(deps.db)).get(subscription.person) ?? defaultPreferences();
      if (preferences.muted.includes(note.kind)) throw new MessageNotNeededError('kind muted since');
      const now = deps.now();
      const message: PushMessage = {
        title: note.title,
        body: note.body,
        tag: note.tag,
        url: note.url,
        silent: !note.urgent && isQuiet(now, preferences.quiet),
      };
      const keys = await pushKeys(deps.db, now);
      const request = (await loadWebPush()).generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject: vapidSubject(deps.config.publicUrl), publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS,
          urgency: note.urgent ? 'high' : 'normal',
        },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'error',
        signal,
      }).catch(async (error: unknown) => {
        await recordPushFailure(deps.db, now, error instanceof Error ? error.message : String(error));
        throw error;
      });
      await response.body?.cancel();
      if (response.ok) {
        await recordPushSent(deps.db, subscription.id, now);
        return { recipient: `device ${subscription.id}` };
      }
      const failure = `push service answered ${response.status}`;
      await recordPushFailure(deps.db, now, failure);
      if (response.status === 404 || response.status === 410) {
        await deleteSubscription(deps.db, subscription.id);
        deps.logger.info('push: device gone, removed', { subscription: subscription.id, status: response.status });
        throw new MessageNotNeededError('device gone');
      }
      if (response.status === 429 || response.status >= 500) throw new Error(failure);
      throw new UndeliverableMessageError(failure);
    },
  };
}
