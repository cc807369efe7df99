import { emailTimeline } from '../content/admin.ts';
import { disputeAlertTimeline } from '../content/disputes.ts';
import type { EmailTimelineLabels } from '../shared/admin.ts';
import { registerAccessEvents } from './access/access-events.ts';
import { registerAdminEvents } from './admin/admin-events.ts';
import { registerAffiliatesEvents } from './affiliates/affiliates-events.ts';
import { registerBackgroundReadsEvents } from './background-reads/background-reads-events.ts';
import { registerBankReturnsEvents } from './bank-returns/bank-returns-events.ts';
import { registerConversionsEvents } from './conversions/conversions-events.ts';
import { registerDisputesEvents } from './disputes/disputes-events.ts';
import { registerDuplicatesEvents } from './duplicates/duplicates-events.ts';
import { registerFunnelEvents } from './funnel/funnel-events.ts';
import type { ConsumerDeps, EventWiring, OrderEvents, OrderEventType } from './orders/order-events.ts';
import type { OutboxKinds, RetryPolicy } from './outbox/outbox-kinds.ts';
import { deleteUnsentMessages, kindsMatch } from './outbox/outbox-queue.ts';
import { registerOutgoingWebhooksEvents } from './outgoing-webhooks/outgoing-webhooks-events.ts';
import { registerPushEvents } from './push/push-events.ts';
import { registerPixEmailsEvents } from './pix-emails/pix-emails-events.ts';
import { registerRefundsEvents } from './refunds/refunds-events.ts';
import { registerReviewsEvents } from './reviews/reviews-events.ts';
import { registerWhatsappEvents } from './whatsapp/whatsapp-events.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 30 s doubling to 10 min, never given up (an e-mail waits out a mail server's outage). */
const WORKER = undefined;
const WEBHOOK: RetryPolicy = { baseBackoffMs: 30_000, maxBackoffMs: 12 * HOUR, giveUpAfterMs: 3 * DAY };
/** Meta refuses events older than 7 days. */
const META: RetryPolicy = { baseBackoffMs: 30_000, maxBackoffMs: HOUR, giveUpAfterMs: 6 * DAY };
/** The Measurement Protocol takes events up to 72 hours back. */
const GA4: RetryPolicy = { baseBackoffMs: 30_000, maxBackoffMs: HOUR, giveUpAfterMs: 71 * HOUR };
/** Past a day the checks at send time drop it anyway. */
const WHATSAPP: RetryPolicy = { baseBackoffMs: 30_000, maxBackoffMs: 10 * MINUTE, giveUpAfterMs: DAY };
/** A `pending_refund` may take days; the reconciler re-reads paid orders after. */
const GATEWAY: RetryPolicy = { baseBackoffMs: 10_000, maxBackoffMs: 15 * MINUTE, giveUpAfterMs: 3 * DAY };
/** Money the buyer paid twice: asked again for a week, then parked in Saúde for the seller ("Tentar de novo"). */
/** A push older than its TTL (6 h) would be dropped by the push service anyway. */
const PUSH: RetryPolicy = { baseBackoffMs: 30_000, maxBackoffMs: 10 * MINUTE, giveUpAfterMs: 6 * HOUR };
const BANK_RETURN: RetryPolicy = { baseBackoffMs: 30_000, maxBackoffMs: HOUR, giveUpAfterMs: 7 * DAY };

type Subscriber = (wiring: EventWiring) => void;
type Row = [
  events: readonly OrderEventType[],
  subscriber: Subscriber,
  kind: string | null,
  handler: string,
  retry: RetryPolicy | undefined,
  toBuyer: boolean,
  erasedWithBuyer: boolean,
  timeline: EmailTimelineLabels | null,
];

const BUYER = true;
const ERASED = true;
const NO = false;
const NONE = null;
const email = emailTimeline;

/**
 * Who hears of which order event, in calling order; rows are written in the transition's transaction. A kind ending
 * in `:` is a family; a null kind queues nothing. `wireSubscribers` registers exactly this table, or fails at start.
 * A kind's facts (outbox/outbox-kinds.ts `OutboxKindFacts`): does the buyer read it; do its unsent rows go when the
 * buyer's data is erased; an e-mail's words on the console's order timeline (content/admin.ts `emailTimeline`).
 */
// prettier-ignore
export const SUBSCRIBERS: readonly Row[] = [
  // event                                                              subscriber                      outbox kind               handler            retry     buyer  erased  timeline
  [['paid', 'refunded', 'reversed', 'erased'],                          registerAccessEvents,           'access_email',           'e-mail',          WORKER,   BUYER, ERASED, email.access],
  [['paid', 'erased'],                                                  registerAccessEvents,           'access_resend:',         'e-mail',          WORKER,   BUYER, ERASED, email.access],
  [['charged', 'paid', 'duplicate', 'reversed', 'refunded', 'part_refunded', 'erased'], registerOutgoingWebhooksEvents, 'webhook:', 'webhook', WEBHOOK, NO, NO, NONE],
  [['paid'],                                                            registerConversionsEvents,      'conversion:meta',        'Meta conversion', META,     NO,    NO,     NONE],
  [['refunded', 'reversed', 'part_refunded'],                           registerConversionsEvents,      'conversion:meta_refund', 'Meta refund',     META,     NO,    NO,     NONE],
  [['refunded', 'reversed', 'part_refunded'],                           registerConversionsEvents,      'conversion:meta_refund:', 'Meta refund',    META,     NO,    NO,     NONE],
  [['paid'],                                                            registerConversionsEvents,      'conversion:ga4',         'GA4 conversion',  GA4,      NO,    NO,     NONE],
  [['refunded', 'reversed', 'part_refunded'],                           registerConversionsEvents,      'conversion:ga4_refund',  'GA4 refund',      GA4,      NO,    NO,     NONE],
  [['refunded', 'reversed', 'part_refunded'],                           registerConversionsEvents,      'conversion:ga4_refund:', 'GA4 refund',      GA4,      NO,    NO,     NONE],
  [['charged', 'paid', 'reversed', 'failed', 'erased'],                 registerPixEmailsEvents,        'pix_ready',              'e-mail',          WORKER,   BUYER, ERASED, email.pix],
  [['charged', 'paid', 'reversed', 'failed', 'erased'],                 registerPixEmailsEvents,        'pix_reminder:',          'e-mail',          WORKER,   BUYER, ERASED, email.pix],
  [['charged', 'paid', 'failed', 'reversed', 'erased'],                 registerWhatsappEvents,         'whatsapp:',              'whatsapp',        WHATSAPP, BUYER, ERASED, NONE],
  [['duplicate'],                                                       registerDuplicatesEvents,       'duplicate_alert',        'e-mail',          WORKER,   NO,    NO,     email.duplicateAlert],
  [['refunded', 'reversed', 'part_refunded', 'erased'],                 registerRefundsEvents,          'refund_done',            'e-mail',          WORKER,   BUYER, ERASED, email.refund],
  [['refunded', 'reversed', 'part_refunded', 'erased'],                 registerRefundsEvents,          'refund_done:',           'e-mail',          WORKER,   BUYER, ERASED, email.refund],
  [[],                                                                  registerRefundsEvents,          'refund_received',        'e-mail',          WORKER,   BUYER, ERASED, email.refund],
  [[],                                                                  registerRefundsEvents,          'refund_received:',       'e-mail',          WORKER,   BUYER, ERASED, email.refund],
  [[],                                                                  registerRefundsEvents,          'refund_declined',        'e-mail',          WORKER,   BUYER, ERASED, email.refund],
  [[],                                                                  registerRefundsEvents,          'refund_declined:',       'e-mail',          WORKER,   BUYER, ERASED, email.refund],
  [['paid', 'duplicate', 'undeliverable', 'failed'],                    registerRefundsEvents,          'gateway_refund:',        'gateway refund',  GATEWAY,  NO,    NO,     NONE],
  [['dispute_seen', 'erased'],                                          registerDisputesEvents,         'dispute_alert:',         'e-mail',          WORKER,   NO,    NO,     disputeAlertTimeline],
  [[],                                                                  registerDisputesEvents,         'dispute_whatsapp:',      'whatsapp',        WHATSAPP, NO,    NO,     NONE],
  [[],                                                                  registerBackgroundReadsEvents,  'read_alert:',            'e-mail',          WORKER,   NO,    NO,     email.readAlert],
  [[],                                                                  registerBackgroundReadsEvents,  'read_whatsapp:',         'whatsapp',        WHATSAPP, NO,    NO,     NONE],
  [[],                                                                  registerBackgroundReadsEvents,  'dispute_poll_alert:',    'e-mail',          WORKER,   NO,    NO,     email.readAlert],
  [[],                                                                  registerBackgroundReadsEvents,  'dispute_poll_whatsapp:', 'whatsapp',        WHATSAPP, NO,    NO,     NONE],
  [['paid', 'erased'],                                                  registerReviewsEvents,          'review_request',         'e-mail',          WORKER,   BUYER, ERASED, email.review],
  [[],                                                                  registerBankReturnsEvents,      'bank_return',            'e-mail',          WORKER,   BUYER, ERASED, email.bankReturn],
  [[],                                                                  registerBankReturnsEvents,      'bank_return_retry:',     'bank return',     BANK_RETURN, NO,  NO,     email.bankReturnRetry],
  [[],                                                                  registerBankReturnsEvents,      'pix_return',             'e-mail',          WORKER,   BUYER, ERASED, email.pixReturn],
  [[],                                                                  registerBankReturnsEvents,      'pix_return_retry:',      'bank return',     BANK_RETURN, NO,  NO,     email.pixReturnRetry],
  [['paid'],                                                            registerPushEvents,             'push_event:',            'push fan-out',    PUSH,     NO,    NO,     NONE],
  [[],                                                                  registerPushEvents,             'push:',                  'push',            PUSH,     NO,    NO,     NONE],
  [['paid', 'undeliverable'],                                           registerAffiliatesEvents,       null,                     'commission birth', WORKER,  NO,    NO,     NONE],
  [[],                                                                  registerAffiliatesEvents,       'affiliate_email:',       'e-mail',          WORKER,   NO,    NO,     email.affiliate],
  [[],                                                                  registerAffiliatesEvents,       'affiliate_payout',       'e-mail',          WORKER,   NO,    NO,     email.affiliatePayout],
  [['created', 'paid'],                                                 registerFunnelEvents,           null,                     'funnel count',    WORKER,   NO,    NO,     NONE],
  [['erased'],                                                          registerAdminEvents,            null,                     'audit erasure',   WORKER,   NO,    NO,     NONE],
  [[],                                                                  registerAdminEvents,            'unrecognised_event:',    'e-mail',          WORKER,   NO,    NO,     email.unrecognisedEvent],
];

export function wireSubscribers(kinds: OutboxKinds, deps: ConsumerDeps, table: readonly Row[] = SUBSCRIBERS): void {
  for (const subscriber of new Set(table.map(([, fn]) => fn))) {
    const rows = table.filter(([, fn]) => fn === subscriber);
    const refuse = (what: string) => new Error(`${subscriber.name}: ${what} is not in subscribers.ts's table`);
    const listed = (type: OrderEventType) => {
      if (!rows.some(([events]) => events.includes(type))) throw refuse(`order event "${type}"`);
    };
    const events: OrderEvents = {
      ...deps.events,
      subscribe(type, fn) {
        listed(type);
        deps.events.subscribe(type, fn);
      },
      afterCommit(type, fn) {
        listed(type);
        deps.events.afterCommit(type, fn);
      },
    };
    subscriber({
      events,
      kinds: {
        ...kinds,
        register(kind, handler) {
          const row = rows.find(([, , listedKind, channel]) => listedKind === kind && channel === handler.channel);
          const own = handler.retry ? ' with its own retry' : handler.facts ? ' with its own facts' : '';
          if (!row || own) throw refuse(`outbox kind "${kind}" sent by "${handler.channel}"${own}`);
          const [, , , , retry, toBuyer, erasedWithBuyer, timeline] = row;
          kinds.register(kind, { ...handler, ...(retry ? { retry } : {}), facts: { toBuyer, erasedWithBuyer, timeline } });
        },
      },
      deps,
    });
  }
  // Each feature erases its own tables on `erased`; the outbox rows the table marks go here, unsent, in that transaction.
  const erased = kindsMatch(table.flatMap(([, , kind, , , , erasedWithBuyer]) => (erasedWithBuyer && kind !== null ? [kind] : [])));
  deps.events.subscribe('erased', async (trx, { orderId }) => {
    await deleteUnsentMessages(trx, orderId, erased);
  });
}

const SENT_AT_ONCE = [
  ['paid', 'outbox after payment'],
  ['charged', 'outbox after charge'],
  ['refunded', 'outbox after refund'],
  ['reversed', 'outbox after refund'],
  ['part_refunded', 'outbox after refund'],
] as const;

export function runOutboxAfter(events: OrderEvents, run: (label: string) => void): void {
  for (const [type, label] of SENT_AT_ONCE) events.afterCommit(type, () => run(label));
}
