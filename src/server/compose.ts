import type { Hono } from 'hono';
import { renderOutboxMessage } from './access/access-email-job.ts';
import { createApp } from './app.ts';
import type { AppEnv } from './routes/context.ts';
import { createBackground, type Background } from './lib/background.ts';
import type { Config } from './config/config.ts';
import type { Db } from './db/database.ts';
import { createGatewayClient } from './gateway/gateway-client.ts';
import { SANDBOX_PRODUCT_HASH, createSandboxGateway } from './gateway/sandbox.ts';
import type { GatewayClient } from './gateway/types.ts';
import { createLifecycle, type Lifecycle } from './lib/lifecycle.ts';
import type { Logger } from './lib/logger.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createEmailDeliverer, createOutboxWorker, type OutboxDeliverer, type OutboxWorker } from './outbox/outbox-worker.ts';
import { createConversionDeliverers } from './conversions/conversion-events.ts';
import { createWebhookDeliverer } from './outgoing-webhooks/webhook-events.ts';
import type { ConfirmationDeps } from './orders/payment-confirmation.ts';
import { DUPLICATE_ALERT_KIND, renderDuplicateAlert } from './duplicates/duplicate-alert.ts';
import { isPixEmailKind, renderPixOutboxMessage } from './pix-emails/pix-email-job.ts';
import { createReconciler, type Reconciler } from './orders/reconciliation.ts';
import { createRetentionJob, type RetentionJob } from './privacy/retention.ts';
import type { Site } from './http/site.ts';

/** The sandbox needs a token like the real API; it guards nothing of value, so it is fixed. */
export const SANDBOX_TOKEN = 'sandbox-token';

export interface ComposedServer {
  app: Hono<AppEnv>;
  checkout: ConfirmationDeps;
  gateway: GatewayClient;
  background: Background;
  outbox: OutboxWorker;
  reconciler: Reconciler;
  /** Draining after SIGTERM: readiness fails and new checkouts are refused (main.ts begins it, tests may too). */
  lifecycle: Lifecycle;
  /** Erases personal data past its lifetime (privacy/retention.ts). */
  retention: RetentionJob;
  /** Starts the timers (e-mail outbox, reconciliation, retention); tests drive `runOnce()` instead. */
  startJobs(): void;
  /** Stops the timers and waits for work in flight. */
  stopJobs(): Promise<void>;
  /** Tells the server which port it got (PORT=0 picks one), for its own absolute URLs. */
  setPort(port: number): void;
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
  /** Tests may swap the mailer (e.g. one whose SMTP server they stop and start). */
  mailer?: Mailer;
  now?: () => number;
  /** The console password when none is configured (main.ts generates one in demo mode). */
  adminPassword?: string;
}): ComposedServer {
  const { config, database, logger, site } = options;
  // Own properties only: an option bag inherits whatever reached Object.prototype, and a `now`
  // found there would replace every clock of the server (src/server/lib/safe-parse.ts says how one could).
  const now = Object.hasOwn(options, 'now') ? options.now : undefined;
  // Deps read at run time always carry their own clock, so none of their readers looks it up the chain.
  const clock = now ?? (() => Date.now());
  let port = config.port;
  const publicUrl = () => config.publicUrl ?? `http://localhost:${port}`;
  const target = config.gateway;
  const gateway =
    options.gateway ??
    (target.kind === 'remote'
      ? createGatewayClient({ baseUrl: target.url, token: target.token, productHash: target.productHash, logger })
      : createGatewayClient({
          // The sandbox is reached over real HTTP on loopback, exactly like a remote gateway.
          baseUrl: () => `http://127.0.0.1:${port}/sandbox`,
          token: SANDBOX_TOKEN,
          productHash: SANDBOX_PRODUCT_HASH,
          logger,
        }));
  const sandbox =
    target.kind === 'sandbox'
      ? createSandboxGateway({ db: database.db, token: SANDBOX_TOKEN, logger, ownOrigin: () => new URL(publicUrl()).origin })
      : undefined;
  const background = createBackground(logger);
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      dataDir: config.dataDir,
      logger,
      demoMode: config.demoMode,
    });
  const checkout: ConfirmationDeps = {
    db: database.db,
    dialect: database.dialect,
    config,
    gateway,
    logger,
    publicUrl,
    now: clock,
    // Send the access e-mail right away rather than at the outbox's next poll.
    onPaid: () => background.run('outbox after payment', () => outbox.runOnce()),
    // "Seu PIX está pronto" leaves right away too.
    onCharged: () => background.run('outbox after charge', () => outbox.runOnce()),
  };
  // Each outbox row's kind picks who sends it: e-mails, the seller's webhooks, the ad platforms.
  const deliverers: OutboxDeliverer[] = [
    createEmailDeliverer({
      mailer,
      render: (message) => {
        if (message.kind === DUPLICATE_ALERT_KIND) return renderDuplicateAlert({ db: database.db, config }, message);
        if (isPixEmailKind(message.kind)) {
          return renderPixOutboxMessage({ db: database.db, config, publicUrl, now: clock }, message);
        }
        return renderOutboxMessage({ db: database.db, config, publicUrl }, message);
      },
    }),
    ...(config.webhook ? [createWebhookDeliverer({ db: database.db, webhook: config.webhook, logger })] : []),
    ...createConversionDeliverers({ db: database.db, config, logger, publicUrl }),
  ];
  const outbox = createOutboxWorker({
    db: database.db,
    dialect: database.dialect,
    // Leases run on the database's clock; a test's fake clock replaces it.
    ...(now ? { now } : {}),
    logger,
    deliverers,
  });
  const reconciler = createReconciler(checkout);
  const retention = createRetentionJob({
    db: database.db,
    logger,
    unpaidRetentionDays: config.unpaidRetentionDays,
    now: clock,
  });
  const admin = {
    password: config.adminPassword ?? options.adminPassword,
    mailer,
    runOutbox: () => background.run('outbox after console action', () => outbox.runOnce()),
  };
  const lifecycle = createLifecycle();
  const app = createApp({ config, db: database.db, logger, site, sandbox, checkout, background, admin, lifecycle });
  return {
    app,
    lifecycle,
    checkout,
    gateway,
    background,
    outbox,
    reconciler,
    retention,
    startJobs() {
      outbox.start();
      reconciler.start();
      retention.start();
    },
    async stopJobs() {
      await retention.stop();
      await reconciler.stop();
      await outbox.stop();
      await background.idle();
    },
    setPort(bound) {
      port = bound;
    },
  };
}
