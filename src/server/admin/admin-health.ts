import type { Kysely } from 'kysely';
import { REFUND_ANSWER_DAYS } from '../../shared/guarantee.ts';
import { DAY_MS } from '../../shared/refunds.ts';
import { admin as copy } from '../../content/admin.ts';
import { providerName } from '../../content/providers.ts';
import type { AdminHealth, AdminProviderHealth, HealthCheck } from '../../shared/admin.ts';
import type { ProviderId } from '../gateway/provider-registry.ts';
import { PENDING_GRACE_MS } from '../payment/reconciliation.ts';
import { formatDateTime } from '../../shared/time.ts';
import { placeholdersInUse, type Config, type PlaceholderVariable } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { chooseOfferDeadline } from '../live/live-signals.ts';
import type { Payments } from '../gateway/payments.ts';
import type { Mailer } from '../mail/mailer.ts';
import { businessMonth } from '../../shared/time.ts';
import { failingMessages, outboxBacklog } from '../outbox/outbox-queue.ts';
import { CONVERSION_KIND_FAMILY } from '../conversions/conversions-events.ts';
import { WEBHOOK_KIND_FAMILY } from '../outgoing-webhooks/outgoing-webhooks-events.ts';
import { PAYMENT_RETURNS } from '../open-finance/open-finance-twice.ts';
import { countOpenDuplicates, lastPostbackAt } from '../reads/order-console-lookup.ts';
import { countSpotsTaken, countUnsettledOrdersByProvider, listUnrecognisedEvents, listWebhookRejections } from '../orders/order-lookup.ts';
import { countOpenRefunds } from '../refunds/refund-admin.ts';
import { CLOCK_SKEW_SHOWN_MS, listSkewedInstances } from '../db/database-clock.ts';

const text = copy.health;
/** Failures of a queued return before Saúde shows it: a passing fault clears within the first retries (about 3 min). */
const BANK_RETURN_SHOWN_AFTER = 3;
const CHECK_TIMEOUT_MS = 8_000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref())]);
}

function check(key: string, ok: boolean, detail: string): HealthCheck {
  return ok ? { key, ok, detail } : { key, ok, detail, fix: text.fix[key as keyof typeof text.fix] };
}

// Long: Saúde's figures are independent reads gathered in one Promise.all and shaped into one reply.
export async function readHealth(
  deps: { db: Kysely<Database>; config: Config; payments: Payments; mailer: Mailer | undefined; emailKinds: readonly string[] },
  now: number,
): Promise<AdminHealth> {
  const { db, config } = deps;
  const [unsettled, rejections] = await Promise.all([
    countUnsettledOrdersByProvider(db, { now, pendingGraceMs: PENDING_GRACE_MS, refundWindowMs: config.guaranteeDays * DAY_MS }),
    listWebhookRejections(db),
  ]);
  const stored = (id: ProviderId) => {
    const rejected = rejections.find((entry) => entry.provider === id);
    return {
      name: providerName(id, { sandbox: config.demoMode }),
      unsettledOrders: unsettled.get(id) ?? 0,
      invalidSignatures: rejected ? { count: rejected.count, lastAt: rejected.lastAt } : null,
    };
  };
  const providers: AdminProviderHealth[] = [
    ...deps.payments.health(now).map((entry) => ({ ...entry, ...stored(entry.id), retired: false })),
    ...deps.payments.retired.map((provider) => ({
      id: provider.id,
      lastSuccessAt: null,
      lastError: null,
      skippedUntil: null,
      ...stored(provider.id),
      retired: true,
    })),
  ];
  const gatewayCheck = async (): Promise<HealthCheck> => {
    if (config.demoMode) return check('gateway', true, text.detail.sandbox);
    const catalogue = deps.payments.catalogue;
    if (!catalogue) {
      const charging = providers.filter((provider) => !provider.retired);
      return check('gateway', true, text.detail.providers(charging.map((provider) => provider.name).join(', ')));
    }
    try {
      const product = await withTimeout(catalogue.mainProduct({ fresh: true }));
      return check('gateway', true, text.detail.gatewayOk(product.title));
    } catch {
      return check('gateway', false, text.detail.gatewayError);
    }
  };
  const smtpCheck = async (): Promise<HealthCheck> => {
    if (!config.mail.smtpUrl || !deps.mailer?.verify) return check('smtp', true, text.detail.smtpFile);
    try {
      await withTimeout(deps.mailer.verify());
      return check('smtp', true, text.detail.smtpOk);
    } catch {
      return check('smtp', false, text.detail.smtpError);
    }
  };
  const month = businessMonth(now);
  const [
    gateway,
    smtp,
    lastPostback,
    outbox,
    taken,
    duplicates,
    webhooks,
    conversions,
    openRefunds,
    overdueRefunds,
    skewed,
    unread,
    returns,
  ] = await Promise.all([
    gatewayCheck(),
    smtpCheck(),
    lastPostbackAt(db),
    outboxBacklog(db, now, deps.emailKinds),
    config.monthlyCapacity > 0 ? countSpotsTaken(db, month.start) : Promise.resolve(0),
    countOpenDuplicates(db),
    failingMessages(db, WEBHOOK_KIND_FAMILY),
    failingMessages(db, CONVERSION_KIND_FAMILY),
    countOpenRefunds(db),
    countOpenRefunds(db, now - REFUND_ANSWER_DAYS * DAY_MS),
    listSkewedInstances(db, { now, toleranceMs: CLOCK_SKEW_SHOWN_MS }),
    listUnrecognisedEvents(db),
    Promise.all(Object.values(PAYMENT_RETURNS).map((way) => failingMessages(db, way.retryFamily))).then((ways) => ways.flat()),
  ]);
  const given = (list: typeof webhooks) => list.filter((delivery) => delivery.nextAttemptAt === null).length;
  const optionalChecks: HealthCheck[] = [];
  if (config.webhook) {
    optionalChecks.push(
      check(
        'webhooks',
        webhooks.length === 0,
        text.detail.deliveries(new URL(config.webhook.url).host, webhooks.length - given(webhooks), given(webhooks)),
      ),
    );
  }
  // Money a buyer paid twice (either payment) that the provider keeps refusing to return: shown once it failed again, with its order.
  const stuckReturns = returns.filter((row) => row.attempts >= BANK_RETURN_SHOWN_AFTER);
  if (stuckReturns.length > 0) {
    optionalChecks.push(check('bankReturns', false, text.detail.bankReturns(stuckReturns.map((row) => row.orderId))));
  }
  const conversionTargets = [config.conversions.meta && 'Meta', config.conversions.ga4 && 'GA4'].filter((name): name is string =>
    Boolean(name),
  );
  if (conversionTargets.length > 0) {
    optionalChecks.push(
      check(
        'conversions',
        conversions.length === 0,
        text.detail.deliveries(conversionTargets.join(', '), conversions.length - given(conversions), given(conversions)),
      ),
    );
  }

  const sellerFields: Partial<Record<PlaceholderVariable, string>> = {
    SELLER_NAME: text.fields.name,
    SELLER_DOCUMENT: text.fields.document,
    SELLER_ADDRESS: text.fields.address,
  };
  const placeholders = placeholdersInUse(config).flatMap((variable) => sellerFields[variable] ?? []);
  const trackers = [
    config.trackers.gaId && 'GA4',
    config.trackers.metaPixelId && 'Meta Pixel',
    config.trackers.clarityId && 'Clarity',
  ].filter((name): name is string => Boolean(name));
  const publicUrl = config.publicUrl;
  const left = config.monthlyCapacity > 0 ? config.monthlyCapacity - taken : null;
  const offerEnd = formatDateTime(chooseOfferDeadline(config.offerEndsAt, now));
  const postbackMinutes = lastPostback === null ? null : Math.floor((now - lastPostback) / 60_000);

  return {
    now,
    checks: [
      gateway,
      check(
        'postback',
        lastPostback !== null || config.demoMode,
        postbackMinutes === null ? text.detail.noPostback : text.detail.postbackAgo(copy.time.ago(postbackMinutes)),
      ),
      check('duplicates', duplicates === 0, text.detail.duplicates(duplicates)),
      // A verified event no reader knows may be money moving: named, counted and dated, never silent.
      check(
        'events',
        unread.length === 0,
        unread.length === 0
          ? text.detail.eventsOk
          : text.detail.events(
              unread.map((event) =>
                text.detail.eventOf(
                  providerName(event.provider, { sandbox: false }),
                  event.name,
                  event.count,
                  formatDateTime(event.lastAt),
                ),
              ),
            ),
      ),
      // Left unanswered past the promise of the terms (docs/refunds.md).
      check('refunds', overdueRefunds === 0, text.detail.refunds(openRefunds, overdueRefunds)),
      smtp,
      check(
        'outbox',
        outbox.backlog === 0 && outbox.undeliverable.length === 0,
        text.detail.outbox(outbox.backlog, outbox.undeliverable.length),
      ),
      // Work follows the database's clock (db/database-clock.ts); a skewed one still shows wrong times in logs and to providers.
      check(
        'clocks',
        skewed.length === 0,
        skewed.length === 0
          ? text.detail.clocksOk
          : text.detail.clocks(skewed.map((instance) => text.detail.clockOf(instance.name, instance.skewMs))),
      ),
      check(
        'placeholders',
        placeholders.length === 0,
        placeholders.length === 0 ? text.detail.placeholdersOk : text.detail.placeholders(placeholders.join(', ')),
      ),
      check(
        'publicUrl',
        publicUrl?.startsWith('https://') === true,
        publicUrl === undefined
          ? text.detail.publicUrlMissing
          : publicUrl.startsWith('https://')
            ? text.detail.publicUrlOk(publicUrl)
            : text.detail.publicUrlHttp(publicUrl),
      ),
      check('trackers', trackers.length > 0, trackers.length > 0 ? text.detail.trackersOn(trackers.join(', ')) : text.detail.trackersOff),
      ...optionalChecks,
      check(
        'capacity',
        left === null || left > 0,
        left !== null && left <= 0
          ? text.detail.capacityFull
          : text.detail.capacity(
              left === null ? copy.overview.unlimited : `${left} ${copy.overview.spotsOf(config.monthlyCapacity)}`,
              offerEnd,
            ),
      ),
    ],
    providers,
    undeliverable: outbox.undeliverable,
    failingDeliveries: [...webhooks, ...conversions],
  };
}
