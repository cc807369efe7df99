import type { Hono } from 'hono';
import { createApp } from './app.ts';
import type { Config } from './config/config.ts';
import type { Db } from './db/database.ts';
import { createPayments, type Payments } from './gateway/payments.ts';
import { createBackgroundReads } from './background-reads/background-reads.ts';
import { createProviders, demoProvider, type ProviderId, type ProvidersOptions } from './gateway/provider-registry.ts';
import { SANDBOX_TOKEN } from './gateway/demo-sandbox.ts';
import { createSandboxGateway } from './sandbox/sandbox.ts';
import type { ProviderDeps } from './gateway/provider-descriptor.ts';
import type { Site } from './http/site.ts';
import { createRetentionJob, type RetentionJob } from './jobs/retention.ts';
import { purchaseHasOpenDispute } from './disputes/dispute-guard.ts';
import { createDisputeReminderJob } from './disputes/dispute-reminders.ts';
import { createDisputePoller } from './disputes/dispute-poller.ts';
import { ordersInOpenProviderDispute } from './disputes/dispute-repository.ts';
import { applyProviderDispute } from './disputes/dispute-service.ts';
import { createBackground, type Background } from './lib/background.ts';
import { createLifecycle, type Lifecycle } from './lib/lifecycle.ts';
import type { Logger } from './lib/logger.ts';
import { own } from './lib/own.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createOrderEvents } from './orders/order-events.ts';
import { retireRepeatsAfterPayment } from './checkout/paid-elsewhere.ts';
import type { OrdersDeps } from './orders/orders-deps.ts';
import { openFinanceProviders } from './gateway/open-finance-providers.ts';
import { createReconciler, type Reconciler } from './payment/reconciliation.ts';
import { resumeInterruptedCharges } from './checkout/charge-failover.ts';
import { createOutboxKinds, type OutboxKinds } from './outbox/outbox-kinds.ts';
import { createOutboxWorker, type OutboxWorker } from './outbox/outbox-worker.ts';
import { createInstanceClock, type InstanceClock } from './db/database-clock.ts';
import { createLandingReviews, REVIEWS_CHECK_MS, REVIEWS_REFRESH_MS } from './reviews/landing-reviews.ts';
import type { RefundsDeps } from './refunds/refunds-deps.ts';
import { refundAskedFor } from './refunds/refund-lookup.ts';
import { refundEnded } from './refunds/gateway-refund.ts';
import type { ReviewsDeps } from './reviews/review-service.ts';
import { createReviewsSignal, type ReviewsSignal } from './reviews/reviews-signal.ts';
import { createLiveOffer, OFFER_CHECK_MS } from './offer/live-offer.ts';
import { createLiveExperiments } from './experiments/live-experiments.ts';
import { ADMIN_COOKIE } from './routes/admin/console.ts';
import { catalogueDecidesPrice } from './config/catalogue-price.ts';
import { createOfferPricing } from './offer/offer-prices.ts';
import { currentProductInfo } from './checkout/checkout-service.ts';
import type { OfferDeps } from './offer/offer-service.ts';
import { publicConfigWithOffer, sellerFieldsFromEnvironment } from './config/public-config.ts';
import type { AppEnv } from './routes/context.ts';
import { runOutboxAfter, wireSubscribers } from './subscribers.ts';
import { announceVerdicts } from './experiments/experiment-service.ts';
import { createPayoutWorker } from './affiliates/payouts.ts';

export { SANDBOX_TOKEN };

/** How often running A/B tests are judged for the editors' phones (docs/notifications.md). */
const VERDICT_CHECK_MS = 5 * 60_000;

export interface ComposedServer {
  app: Hono<AppEnv>;
  orders: OrdersDeps;
  payments: Payments;
  background: Background;
  outbox: OutboxWorker;
  reconciler: Reconciler;
  lifecycle: Lifecycle;
  retention: RetentionJob;
  reviewsSignal: ReviewsSignal;
  /** Tests drive `runOnce()` instead. */
  startJobs(): void;
  stopJobs(): Promise<void>;
  /** PORT=0 picks one. */
  setPort(port: number): void;
  /** Before serving, then every minute with the jobs: this instance's clock compared with the database's (db/database-clock.ts). */
  syncClock(): Promise<void>;
  /** At start, on a timer and on moderation's change signal (reviews/landing-reviews.ts). */
  refreshReviews(): Promise<void>;
  /** At start and on a timer: the seller's live version, rendered and served (offer/live-offer.ts). */
  checkOffer(): Promise<void>;
}

/** main.ts and the integration tests share it, so tests run the production wiring. */
// Long: the composition root wires every feature in one place, by design (docs/architecture.md).
export function composeServer(options: {
  config: Config;
  database: Db;
  logger: Logger;
  site?: Site;
  /** Tests only: the demo provider's API client, built against a stand-in. */
  gateway?: ProviderDeps['apiClient'];
  /** Tests only, per provider: a CA for its stand-in (Node reads NODE_EXTRA_CA_CERTS only at start). */
  providerTesting?: ProvidersOptions['testing'];
  mailer?: Mailer;
  /** The one clock of the whole server; tests move it. Production passes nothing: the database's clock, as this instance reckons it. */
  now?: () => number;
  /** This machine's own clock, which the server corrects by the database's; tests set one that runs ahead. */
  systemClock?: () => number;
  adminPassword?: string;
}): ComposedServer {
  const { config, database, logger } = options;
  // Own properties only (lib/own.ts).
  const site = own(options, 'site');
  const now = own(options, 'now');
  let port = config.port;
  const { orders, kinds, mailer, publicUrl, instanceClock } = composeOrders({
    config,
    database,
    logger,
    port: () => port,
    ...(own(options, 'gateway') ? { gateway: own(options, 'gateway') } : {}),
    ...(own(options, 'providerTesting') ? { providerTesting: own(options, 'providerTesting') } : {}),
    ...(own(options, 'mailer') ? { mailer: own(options, 'mailer') } : {}),
    ...(now ? { now } : {}),
    ...(own(options, 'systemClock') ? { systemClock: own(options, 'systemClock') } : {}),
  });
  const { db, payments, now: clock } = orders;
  const sandbox = config.demoMode
    ? createSandboxGateway({ db, token: SANDBOX_TOKEN, logger, ownOrigin: () => new URL(publicUrl()).origin })
    : undefined;
  const background = createBackground(logger);
  const outbox = createOutboxWorker({
    db,
    dialect: database.dialect,
    ...(now ? { now } : {}),
    logger,
    kinds,
  });
  // A method call, not a bound one: a test may replace `outbox.runOnce`.
  runOutboxAfter(orders.events, (label) => background.run(label, () => outbox.runOnce()));

  const reconciler = createReconciler(orders, { resumeInterruptedCharges });
  const retention = createRetentionJob({
    db,
    logger,
    unpaidRetentionDays: config.unpaidRetentionDays,
    now: clock,
  });
  // Affiliate payouts approved in the console go out by the provider's API (docs/affiliates.md#payouts).
  const payouts = createPayoutWorker({ ...orders, logger }, clock);
  const admin = {
    password: config.adminPassword ?? own(options, 'adminPassword'),
    mailer,
    kinds,
    runOutbox: () => background.run('outbox after console action', () => outbox.runOnce()),
    kickPayouts: () => payouts.kick(),
  };
  const refunds: RefundsDeps = { db, config, runOutbox: admin.runOutbox, hasOpenDispute: orders.hasOpenDispute };
  const disputeReminders = createDisputeReminderJob({
    db,
    logger,
    now: clock,
    runOutbox: admin.runOutbox,
    channels: { whatsapp: config.disputeAlertWhatsapp !== null },
  });
  // The providers' dispute lists (Efí's infractions, which have no webhook; Woovi's, whose webhook may be lost) are read every
  // DISPUTES_POLL_SECONDS (docs/disputes.md).
  const disputePoller = createDisputePoller({
    db,
    payments,
    logger,
    now: clock,
    pollSeconds: config.disputesPollSeconds,
    applyDispute: (providerId, dispute) => applyProviderDispute(orders, providerId, dispute),
    channels: { whatsapp: config.disputeAlertWhatsapp !== null },
  });
  const reviewsSignal = createReviewsSignal((error) =>
    logger.error('A reviews listener failed', { error: error instanceof Error ? error.message : String(error) }),
  );
  const reviews: ReviewsDeps = { db, config, signal: reviewsSignal };
  const lifecycle = createLifecycle();
  const landingReviews = createLandingReviews({ db, site, minimum: config.reviewsMin, now: clock, logger });
  // Other instances see the change by the fingerprint check within 2 s.
  reviewsSignal.onChange(() => background.run('landing reviews after moderation', () => landingReviews.refresh()));
  let reviewsTimers: ReturnType<typeof setInterval>[] = [];
  const live = createLiveOffer({ db, site, logger, now: clock, publicValuesFor: (offer) => publicConfigWithOffer(config, offer) });
  const experiments = site
    ? createLiveExperiments({ db, site, live, logger, background, now: clock, consoleCookie: ADMIN_COOKIE })
    : undefined;
  const offer: OfferDeps = {
    db,
    site,
    live,
    fromEnvironment: sellerFieldsFromEnvironment(config),
    cataloguePrice: catalogueDecidesPrice(config) ? async () => (await currentProductInfo(orders)).priceCents : undefined,
  };
  let offerTimer: ReturnType<typeof setInterval> | undefined;
  let verdictTimer: ReturnType<typeof setInterval> | undefined;
  const app = createApp({ config, db, logger, site, sandbox, orders, refunds, reviews, offer, experiments, background, admin, lifecycle });
  return {
    app,
    reviewsSignal,
    lifecycle,
    orders,
    payments,
    background,
    outbox,
    reconciler,
    retention,
    startJobs() {
      instanceClock?.start();
      outbox.start();
      reconciler.start();
      retention.start();
      disputeReminders.start();
      disputePoller.start();
      payouts.start();
      void landingReviews.refresh();
      for (const { openFinance } of openFinanceProviders(payments)) {
        const register = openFinance.registerAtStart;
        if (register) background.run('open finance settings', () => register(config.publicUrl, logger));
      }
      // Another instance's publish is served here within OFFER_CHECK_MS (docs/editing.md#several-instances).
      // The A/B tests' variants follow the live version and the tests another instance started or ended.
      offerTimer ??= setInterval(() => void live.check().then(() => experiments?.check()), OFFER_CHECK_MS);
      offerTimer.unref();
      verdictTimer ??= setInterval(() => background.run('A/B verdicts', () => announceVerdicts({ db }, clock())), VERDICT_CHECK_MS);
      verdictTimer.unref();
      if (reviewsTimers.length === 0) {
        reviewsTimers = [
          setInterval(() => void landingReviews.refresh(), REVIEWS_REFRESH_MS),
          setInterval(() => void landingReviews.check(), REVIEWS_CHECK_MS),
        ];
        for (const timer of reviewsTimers) timer.unref();
      }
    },
    async stopJobs() {
      for (const timer of reviewsTimers) clearInterval(timer);
      clearInterval(offerTimer);
      offerTimer = undefined;
      clearInterval(verdictTimer);
      verdictTimer = undefined;
      reviewsTimers = [];
      await instanceClock?.stop();
      await retention.stop();
      await disputeReminders.stop();
      await disputePoller.stop();
      await payouts.stop();
      await reconciler.stop();
      await outbox.stop();
      await background.idle();
    },
    setPort(bound) {
      port = bound;
    },
    syncClock: async () => instanceClock?.sync(),
    refreshReviews: () => landingReviews.refresh(),
    checkOffer: async () => {
      await live.check();
      await experiments?.check();
    },
  };
}

/** `npm run buyer` erases through it, so the seller's webhook hears of it. */
export function composeOrders(options: {
  config: Config;
  database: Db;
  logger: Logger;
  port?: () => number;
  gateway?: ProviderDeps['apiClient'];
  providerTesting?: ProvidersOptions['testing'];
  mailer?: Mailer;
  now?: () => number;
  systemClock?: () => number;
}): {
  orders: OrdersDeps & { now: () => number };
  kinds: OutboxKinds;
  mailer: Mailer;
  publicUrl: () => string;
  /** Without a given `now`. */
  instanceClock: InstanceClock | undefined;
} {
  const { config, database, logger } = options;
  const port = options.port ?? (() => config.port);
  const instanceClock = options.now
    ? undefined
    : createInstanceClock({
        db: database.db,
        dialect: database.dialect,
        logger,
        ...(options.systemClock ? { systemClock: options.systemClock } : {}),
      });
  const now = options.now ?? instanceClock?.now ?? (() => Date.now());
  const publicUrl = () => config.publicUrl ?? `http://localhost:${port()}`;
  const providerOptions = {
    logger,
    localUrl: () => `http://127.0.0.1:${port()}`,
    // Tests' hooks: the demo provider's client against a stand-in (TriboPay's), a CA for a provider's stand-in.
    testing: {
      ...options.providerTesting,
      ...(options.gateway && demoProvider ? { [demoProvider.id]: { apiClient: options.gateway } } : {}),
    },
  };
  const payments = createPayments(
    createProviders(config.payments, providerOptions),
    createProviders(config.retiredPayments, providerOptions),
  );
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger, demoMode: config.demoMode });
  const events = createOrderEvents({ logger });
  const prices = createOfferPricing(database.db);
  const disputedOrders = (provider: ProviderId) => ordersInOpenProviderDispute(database.db, provider);
  const orders = {
    db: database.db,
    dialect: database.dialect,
    config,
    payments,
    logger,
    publicUrl,
    now,
    events,
    prices,
    hasOpenDispute: purchaseHasOpenDispute,
    refundAskedFor,
    disputedOrders,
    backgroundReads: createBackgroundReads({ db: database.db, channels: { whatsapp: config.disputeAlertWhatsapp !== null } }),
    refundEnded: (orderId: string) => refundEnded({ db: database.db, now }, orderId),
  };
  const kinds = createOutboxKinds();
  wireSubscribers(kinds, { ...orders, mailer });
  retireRepeatsAfterPayment(orders);
  return { orders, kinds, mailer, publicUrl, instanceClock };
}
