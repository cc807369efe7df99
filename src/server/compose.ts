import type { Hono } from 'hono';
import { createApp } from './app.ts';
import type { Config } from './config/config.ts';
import type { Db } from './db/database.ts';
import { createPayments, type Payments } from './gateway/payments.ts';
import { createProviders, SANDBOX_TOKEN } from './gateway/provider-registry.ts';
import { createSandboxGateway } from './gateway/sandbox.ts';
import type { GatewayClient } from './gateway/types.ts';
import type { Site } from './http/site.ts';
import { createRetentionJob, type RetentionJob } from './jobs/retention.ts';
import { createBackground, type Background } from './lib/background.ts';
import { createLifecycle, type Lifecycle } from './lib/lifecycle.ts';
import type { Logger } from './lib/logger.ts';
import { own } from './lib/own.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createOrderEvents } from './orders/order-events.ts';
import type { OrdersDeps } from './orders/orders-deps.ts';
import { createReconciler, type Reconciler } from './orders/reconciliation.ts';
import { createOutboxKinds, type OutboxKinds } from './outbox/outbox-kinds.ts';
import { createOutboxWorker, type OutboxWorker } from './outbox/outbox-worker.ts';
import { createLandingReviews, REVIEWS_CHECK_MS, REVIEWS_REFRESH_MS } from './reviews/landing-reviews.ts';
import type { RefundsDeps } from './refunds/refund-service.ts';
import type { ReviewsDeps } from './reviews/review-service.ts';
import { createReviewsSignal, type ReviewsSignal } from './reviews/reviews-signal.ts';
import type { AppEnv } from './routes/context.ts';
import { runOutboxAfter, wireSubscribers } from './subscribers.ts';

export { SANDBOX_TOKEN };

export interface ComposedServer {
  app: Hono<AppEnv>;
  orders: OrdersDeps;
  payments: Payments;
  background: Background;
  outbox: OutboxWorker;
  reconciler: Reconciler;
  /** Draining after SIGTERM: readiness fails and new checkouts are refused (main.ts begins it, tests may too). */
  lifecycle: Lifecycle;
  /** Erases personal data past its lifetime (jobs/retention.ts). */
  retention: RetentionJob;
  /** "The published reviews changed" (publish, hide, order, withdraw, erase): the landing page's fragment listens. */
  reviewsSignal: ReviewsSignal;
  /** Starts the timers (e-mail outbox, reconciliation, retention); tests drive `runOnce()` instead. */
  startJobs(): void;
  /** Stops the timers and waits for work in flight. */
  stopJobs(): Promise<void>;
  /** Tells the server which port it got (PORT=0 picks one), for its own absolute URLs. */
  setPort(port: number): void;
  /**
   * Re-reads the published reviews into `/`'s prepared bytes (reviews/landing-reviews.ts): at start,
   * on a timer (startJobs) and, once moderation has one, on its change signal.
   */
  refreshReviews(): Promise<void>;
}

/**
 * Assembles the server from its parts; main.ts and the integration tests both use it, so tests
 * run the same wiring as production.
 */
export function composeServer(options: {
  config: Config;
  database: Db;
  logger: Logger;
  site?: Site;
  /** Tests may swap the gateway client (e.g. one pointed at a stand-in). */
  gateway?: GatewayClient;
  /** Tests may have Efí's client trust a stand-in's certificate authority (Node reads NODE_EXTRA_CA_CERTS only at start). */
  efiCa?: string;
  /** Tests may swap the mailer (e.g. one whose SMTP server they stop and start). */
  mailer?: Mailer;
  now?: () => number;
  /** The console password when none is configured (main.ts generates one in demo mode). */
  adminPassword?: string;
}): ComposedServer {
  const { config, database, logger } = options;
  // Own properties only (lib/own.ts): every option here replaces a part of the server.
  const site = own(options, 'site');
  const now = own(options, 'now');
  let port = config.port;
  const { orders, kinds, mailer, publicUrl } = composeOrders({
    config,
    database,
    logger,
    port: () => port,
    ...(own(options, 'gateway') ? { gateway: own(options, 'gateway') } : {}),
    ...(own(options, 'efiCa') ? { efiCa: own(options, 'efiCa') } : {}),
    ...(own(options, 'mailer') ? { mailer: own(options, 'mailer') } : {}),
    ...(now ? { now } : {}),
  });
  const { db, payments, now: clock } = orders;
  const sandbox = config.demoMode
    ? createSandboxGateway({ db, token: SANDBOX_TOKEN, logger, ownOrigin: () => new URL(publicUrl()).origin })
    : undefined;
  const background = createBackground(logger);
  const outbox = createOutboxWorker({
    db,
    dialect: database.dialect,
    // Leases run on the database's clock; a test's fake clock replaces it.
    ...(now ? { now } : {}),
    logger,
    kinds,
  });
  // A method call, not a bound one: a test may hold the outbox by replacing `outbox.runOnce`.
  runOutboxAfter(orders.events, (label) => background.run(label, () => outbox.runOnce()));

  const reconciler = createReconciler(orders);
  const retention = createRetentionJob({
    db,
    logger,
    unpaidRetentionDays: config.unpaidRetentionDays,
    now: clock,
  });
  const admin = {
    password: config.adminPassword ?? own(options, 'adminPassword'),
    mailer,
    runOutbox: () => background.run('outbox after console action', () => outbox.runOnce()),
  };
  const refunds: RefundsDeps = { db, config, runOutbox: admin.runOutbox };
  const reviewsSignal = createReviewsSignal((error) =>
    logger.error('A reviews listener failed', { error: error instanceof Error ? error.message : String(error) }),
  );
  const reviews: ReviewsDeps = { db, config, signal: reviewsSignal };
  const lifecycle = createLifecycle();
  const landingReviews = createLandingReviews({ db, site, minimum: config.reviewsMin, now: clock, logger });
  // A moderation change on this instance refreshes `/` at once; the others (several instances
  // behind a proxy, or `npm run buyer delete`) are seen by the fingerprint check within 2 s.
  reviewsSignal.onChange(() => background.run('landing reviews after moderation', () => landingReviews.refresh()));
  let reviewsTimers: ReturnType<typeof setInterval>[] = [];
  const app = createApp({ config, db, logger, site, sandbox, orders, refunds, reviews, background, admin, lifecycle });
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
      outbox.start();
      reconciler.start();
      retention.start();
      void landingReviews.refresh();
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
      reviewsTimers = [];
      await retention.stop();
      await reconciler.stop();
      await outbox.stop();
      await background.idle();
    },
    setPort(bound) {
      port = bound;
    },
    refreshReviews: () => landingReviews.refresh(),
  };
}

/**
 * The order flow with its subscribers (subscribers.ts) and the outbox kinds they send, without the
 * app or the jobs. `npm run buyer` erases through it, so the seller's webhook hears of it.
 */
export function composeOrders(options: {
  config: Config;
  database: Db;
  logger: Logger;
  /** The server's port, once it has one (PORT=0 picks one), for its own absolute URLs. */
  port?: () => number;
  gateway?: GatewayClient;
  efiCa?: string;
  mailer?: Mailer;
  now?: () => number;
}): { orders: OrdersDeps & { now: () => number }; kinds: OutboxKinds; mailer: Mailer; publicUrl: () => string } {
  const { config, database, logger } = options;
  const port = options.port ?? (() => config.port);
  // Deps read at run time always carry their own clock, so none of their readers looks it up the chain.
  const now = options.now ?? (() => Date.now());
  const publicUrl = () => config.publicUrl ?? `http://localhost:${port()}`;
  const payments = createPayments(
    createProviders(config.payments, {
      logger,
      sandboxUrl: () => `http://127.0.0.1:${port()}/sandbox`,
      ...(options.gateway ? { tribopayClient: options.gateway } : {}),
      ...(options.efiCa ? { efiCa: options.efiCa } : {}),
    }),
  );
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger, demoMode: config.demoMode });
  const events = createOrderEvents({ logger });
  const orders = { db: database.db, dialect: database.dialect, config, payments, logger, publicUrl, now, events };
  const kinds = createOutboxKinds();
  wireSubscribers(kinds, { ...orders, mailer });
  return { orders, kinds, mailer, publicUrl };
}
