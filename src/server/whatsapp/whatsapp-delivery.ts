import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { issueAccessToken, orderHasAccess } from '../access/access-service.ts';
import type { ClaimedMessage } from '../outbox/outbox-repository.ts';
import { MessageNotNeededError, UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { buyerPaidForItemsOf } from '../orders/order-items.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { WHATSAPP_NO_ANSWER } from '../../content/whatsapp.ts';
import { CloudApiError, CloudApiNoAnswer, sendTemplate } from './cloud-api.ts';
import { messageVariables, type AutomaticMessageKind } from './whatsapp-messages.ts';
import { phoneKey, whatsappRecipient } from './phone-key.ts';
import { isQuiet, nextSendableAt } from './quiet-hours.ts';
import { businessDay, businessDayStart } from '../../shared/time.ts';
import {
  claimMessageRow,
  countMessagesToPhoneSince,
  findBlockingFailure,
  findMessageRow,
  markAccepted,
  markCalling,
  markFailed,
  markNoAnswer,
  markRecorded,
  optedOutAt,
} from './whatsapp-repository.ts';
import { deleteUnsentMessages, enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { productNameOf } from '../purchase/purchase-items.ts';

/** WhatsApp via the outbox (docs/whatsapp.md): no idempotency key, so a claimed log row caps a message at two sends. */
export const WHATSAPP_KIND_FAMILY = 'whatsapp:';
const FAMILY = WHATSAPP_KIND_FAMILY;
export const WHATSAPP_MESSAGE_KINDS: readonly AutomaticMessageKind[] = ['pix', 'reminder', 'access'];

/** `whatsapp:pix`, or `whatsapp:pix:{time}` for one moved out of the quiet hours when its turn came. */
function messageKindOf(outboxKind: string): AutomaticMessageKind | undefined {
  const [family, kind, time, ...rest] = outboxKind.split(':');
  if (`${family}:` !== FAMILY || rest.length > 0 || (time !== undefined && !/^\d{1,15}$/.test(time))) return undefined;
  return WHATSAPP_MESSAGE_KINDS.find((known) => known === kind);
}

/** Anyone can type a stranger's number: a cap per number per São Paulo day, like the PIX e-mails' quota. */
export const WHATSAPP_MESSAGES_PER_NUMBER_PER_DAY = 4;

/** Error codes after which WhatsApp is not tried again for the order: the number, or the template. */
export function endsWhatsappForOrder(code: number): boolean {
  return code === 131026 || (code >= 132000 && code < 133000);
}

export type WhatsappConfig = Pick<Config, 'whatsapp'>;

export function wantsWhatsapp(order: Pick<OrderRow, 'kind' | 'whatsapp_consent_at'>, config: WhatsappConfig): boolean {
  // The one-time offer after payment is answered on the paid page: never chased, like its e-mails.
  return order.kind === 'main' && order.whatsapp_consent_at !== null && config.whatsapp.maxPerOrder > 0;
}

/** The PIX's messages stop once it is paid, failed or refunded; an unsent access message once refunded. */
export function cancelMessages(db: Kysely<Database> | Transaction<Database>, orderId: string, kinds: readonly AutomaticMessageKind[]) {
  return deleteUnsentMessages(db, orderId, { kinds: [], kindPrefixes: kinds.map((kind) => `${FAMILY}${kind}`) });
}

export interface WhatsappDeps {
  db: Kysely<Database>;
  config: WhatsappConfig;
  publicUrl: () => string;
  now: () => number;
}

const notNeeded = (reason: string) => new MessageNotNeededError(reason);

/** The checks a message of `kind` must pass when its turn comes; throws MessageNotNeededError otherwise. */
async function checkOrder(deps: WhatsappDeps, kind: AutomaticMessageKind, order: OrderRow, now: number): Promise<string> {
  if (!wantsWhatsapp(order, deps.config)) throw notNeeded('no WhatsApp consent on the order');
  const to = whatsappRecipient(order.buyer_phone);
  if (!to) throw notNeeded('no phone on the order');
  if ((await optedOutAt(deps.db, phoneKey(to))) !== null) throw notNeeded('the number asked for no more WhatsApp messages');
  if (await findBlockingFailure(deps.db, order.id, endsWhatsappForOrder)) throw notNeeded('WhatsApp is not possible for this order');
  if (kind === 'access') {
    if (!(await orderHasAccess(deps.db, order.id))) throw notNeeded(`order is ${order.status} without access`);
    return to;
  }
  if (order.status !== 'pending' || !order.charge_id) throw notNeeded(`order is ${order.status}`);
  if (Number(order.expires_at) <= now) throw notNeeded('the PIX expired');
  if (!order.pix_code) throw notNeeded('the charge has no PIX code to send');
  if (kind === 'reminder') {
    if (order.reminders_opted_out_at !== null) throw notNeeded('the buyer opted out of reminders');
    // Paid through another charge (the other bump choice, another tab): nothing to chase.
    if (await buyerPaidForItemsOf(deps.db, order)) throw notNeeded('the buyer paid for these items in another order');
  }
  return to;
}

// Long: Meta's answers (sent, refused, retried, opted out) are one decision about one claimed row.
export async function deliverMessage(deps: WhatsappDeps, row: ClaimedMessage): Promise<{ recipient?: string }> {
  const kind = messageKindOf(row.kind);
  if (!kind) throw new UndeliverableMessageError(`outbox kind "${row.kind}" is not a WhatsApp message`);
  const { db, config } = deps;
  const now = deps.now();
  const order = await findOrderById(db, row.orderId);
  if (!order) throw notNeeded('order not found');
  const to = await checkOrder(deps, kind, order, now);

  // Its turn came inside the quiet hours (a retry, a late run): it waits for their end as a new row.
  if (isQuiet(now, config.whatsapp.quietHours)) {
    const due = nextSendableAt(now, config.whatsapp.quietHours);
    if (kind !== 'access' && due >= Number(order.expires_at)) throw notNeeded('the PIX expires before the quiet hours end');
    await enqueueOutboxMessage(db, { orderId: order.id, kind: `${FAMILY}${kind}:${due}`, payload: {}, now, notBefore: due });
    throw notNeeded(`quiet hours: moved to ${new Date(due).toISOString()}`);
  }

  // A message not tried yet takes a place in the number's day (an earlier attempt already has one).
  if (
    !(await findMessageRow(db, order.id, kind)) &&
    (await countMessagesToPhoneSince(db, order.buyer_phone, businessDayStart(businessDay(now)))) >= WHATSAPP_MESSAGES_PER_NUMBER_PER_DAY
  ) {
    throw notNeeded(`this number had its ${WHATSAPP_MESSAGES_PER_NUMBER_PER_DAY} WhatsApp messages for today`);
  }

  const cloud = config.whatsapp.cloud;
  const template = config.whatsapp.templates[kind];
  const log = await claimMessageRow(db, {
    orderId: order.id,
    kind,
    messageKey: kind,
    mode: cloud ? 'cloud_api' : 'simulated',
    template,
    max: config.whatsapp.maxPerOrder,
    now,
  });
  if (!log) throw notNeeded(`the order had its ${config.whatsapp.maxPerOrder} WhatsApp messages`);
  // Already gone (the outbox lost the record of it): done, never twice.
  if (log.status !== 'sending' && log.status !== 'failed') return {};
  if (!cloud) {
    await markRecorded(db, log.id, now);
    return {};
  }

  // An earlier call whose outcome is unknown (no answer, or this process died during it).
  let unknown = Number(log.uncertain);
  if (log.status === 'sending' && Number(log.attempts) > unknown) {
    await markNoAnswer(db, log.id);
    unknown += 1;
  }
  if (unknown >= 2) {
    await markFailed(db, log.id, WHATSAPP_NO_ANSWER, now);
    throw notNeeded('two calls without an answer: not sent a third time');
  }

  const accessToken = kind === 'access' ? await issueAccessToken(db, order.id, now) : undefined;
  const productName = await productNameOf(db, order.id);
  const variables = messageVariables(kind, order, { publicUrl: deps.publicUrl(), productName, ...(accessToken ? { accessToken } : {}) });
  await markCalling(db, log.id, now);
  try {
    const { messageId } = await sendTemplate(cloud, {
      to,
      template,
      language: config.whatsapp.language,
      body: variables.body,
      urlSuffix: variables.urlSuffix,
      callbackData: log.id,
    });
    await markAccepted(db, log.id, messageId, deps.now());
    return {};
  } catch (error) {
    if (error instanceof CloudApiNoAnswer) {
      // Never reached Meta: nothing went, the next try is a first one. Else: unknown, see above.
      if (error.sent) await markNoAnswer(db, log.id);
      else await markFailed(db, log.id, null, deps.now());
      throw error;
    }
    if (!(error instanceof CloudApiError)) throw error;
    await markFailed(db, log.id, error.code, deps.now());
    if (error.retryable) throw error;
    if (error.code !== null && endsWhatsappForOrder(error.code)) {
      // The e-mails go on; the order's other WhatsApp messages would fail the same way.
      await cancelMessages(db, order.id, WHATSAPP_MESSAGE_KINDS);
      throw notNeeded(`WhatsApp is not possible for this order (code ${error.code})`);
    }
    throw new UndeliverableMessageError(error.message);
  }
}
