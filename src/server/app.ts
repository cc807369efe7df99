import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { Kysely } from 'kysely';
import type { Config } from './config/config.ts';
import type { Database } from './db/schema.ts';
import { createLifecycle, type Lifecycle } from './lib/lifecycle.ts';
import type { Logger } from './lib/logger.ts';
import { own } from './lib/own.ts';
import { requestLogging } from './http/access-log.ts';
import { recordFunnelEvent } from './funnel/funnel-repository.ts';
import { apiError } from './http/http.ts';
import { clientAddress } from './http/client-address.ts';
import { contentSecurityPolicy, NO_TRACKERS } from './http/csp.ts';
import { PERMISSIONS_POLICY } from './http/permissions-policy.ts';
import { createRateLimiter, limits } from './http/rate-limit.ts';
import type { Background } from './lib/background.ts';
import type { AppEnv } from './routes/context.ts';
import type { OrdersDeps } from './orders/orders-deps.ts';
import type { RefundsDeps } from './refunds/refunds-deps.ts';
import type { ReviewsDeps } from './reviews/review-service.ts';
import { visitorOf, type LiveExperiments } from './experiments/live-experiments.ts';
import type { OfferDeps } from './offer/offer-service.ts';
import { accessPageRoutes, accessRoutes } from './routes/access.ts';
import { affiliatePageRoutes, affiliateRoutes } from './routes/affiliates.ts';
import { adminRoutes, type AdminDeps } from './routes/admin.ts';
import { createOutboxKinds } from './outbox/outbox-kinds.ts';
import { disputeEvidenceRoutes } from './routes/dispute-evidence.ts';
import { eventsRoutes } from './routes/events.ts';
import { healthRoutes, PROBE_PATHS } from './routes/health.ts';
import { mediaRoutes } from './routes/media.ts';
import { liveRoutes } from './routes/live.ts';
import { openFinanceOrderRoutes, openFinanceRoutes, openFinanceWebhookRoutes } from './routes/open-finance.ts';
import { bankLinkMemberRoutes, bankLinkOrderRoutes } from './routes/bank-link.ts';
import { orderPageApiRoutes, orderPageRoutes } from './routes/order-page.ts';
import { addonRoutes, ordersRoutes, productRoutes } from './routes/orders.ts';
import { presenceRoutes } from './routes/presence.ts';
import { reviewsRoutes } from './routes/reviews.ts';
import { reviewPageRoutes } from './routes/review-page.ts';
import { webhooksRoutes } from './routes/webhooks.ts';
import { whatsappWebhookRoutes } from './routes/whatsapp.ts';
import { isAssetPath, NOT_FOUND_PAGE, pageFile, sendPage, type Site } from './http/site.ts';
import { isServedAtPath, NOT_FOUND_KEY } from '../shared/route-lookup.ts';
import { paths, routeKeys, routes } from '../shared/routes.ts';
import { apiErrors } from '../content/api-errors.ts';
import { consoleAppRoutes } from './routes/console-app.ts';

const NEVER_A_DOCUMENT = /\.(?:js|css|woff2)$/;

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  logger: Logger;
  orders: OrdersDeps;
  refunds: RefundsDeps;
  reviews: ReviewsDeps;
  offer: OfferDeps;
  /** The A/B tests this instance serves (docs/experiments.md#serving); absent without a site. */
  experiments?: LiveExperiments;
  background: Background;
  sandbox?: Hono;
  site?: Site;
  admin?: AdminDeps;
  lifecycle?: Lifecycle;
}

/** Each router's `basePath` is what its replies are checked against (routes/api-reply.ts). */
function apiRoutes(admin: AdminDeps) {
  return (
    new Hono<AppEnv>()
      .route('/', bankLinkMemberRoutes)
      .route('/', accessRoutes)
      .route('/', affiliateRoutes(admin.runOutbox))
      .route('/', eventsRoutes)
      .route('/', liveRoutes)
      .route('/', ordersRoutes)
      .route('/', addonRoutes)
      .route('/', openFinanceOrderRoutes)
      .route('/', bankLinkOrderRoutes)
      .route('/', openFinanceRoutes)
      .route('/', orderPageApiRoutes)
      .route('/', presenceRoutes)
      .route('/', productRoutes)
      .route('/', reviewsRoutes)
      .route('/', disputeEvidenceRoutes)
      // Before the providers' door, whose `/:provider` would take /api/webhooks/whatsapp for an unknown provider.
      .route('/', whatsappWebhookRoutes)
      .route('/', openFinanceWebhookRoutes)
      .route('/', webhooksRoutes)
      .route('/', adminRoutes(admin))
      .all('/api/*', (c) => apiError(c, 404, apiErrors.notFound))
  );
}

/** Tests call `app.request()` on it without opening a port. */
// Long: the app's middleware and routers are mounted in the order requests meet them.
export function createApp(deps: AppDeps) {
  const { db, config, logger, orders, background, refunds, reviews, offer } = deps;
  const [site, sandbox, admin, experiments] = [own(deps, 'site'), own(deps, 'sandbox'), own(deps, 'admin'), own(deps, 'experiments')];
  const lifecycle = own(deps, 'lifecycle') ?? createLifecycle();
  const app = new Hono<AppEnv>();
  const limiter = createRateLimiter(db);
  // Read at each call (a test may set `orders.now` later); own property only.
  const now = () => (Object.hasOwn(orders, 'now') ? orders.now?.() : undefined) ?? Date.now();

  app.use(...requestLogging(logger, { quietPaths: PROBE_PATHS }));
  app.use(async (c, next) => {
    c.set('limiter', limiter);
    c.set('clientAddress', clientAddress(c, config));
    c.set('db', db);
    c.set('config', config);
    c.set('logger', logger);
    c.set('orders', orders);
    c.set('refunds', refunds);
    c.set('reviews', reviews);
    c.set('offer', offer);
    c.set('experiments', experiments);
    c.set('background', background);
    c.set('lifecycle', lifecycle);
    c.set('now', now);
    await next();
  });
  // Immutable assets get only nosniff and resource policy (≈ 0.6 KB less per file); an SVG opened alone is a document
  // and keeps Permissions-Policy, while a script, a stylesheet or a font never is one (≈ 0.3 KB less each, `/` loads five).
  app.use(async (c, next) => {
    await next();
    if (c.res.ok && isAssetPath(c.req.path) && NEVER_A_DOCUMENT.test(c.req.path)) c.res.headers.delete('Permissions-Policy');
  });
  const documentHeaders = secureHeaders({
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: PERMISSIONS_POLICY,
    referrerPolicy: 'strict-origin-when-cross-origin',
    // HSTS would pin a plain-http demo to https.
    strictTransportSecurity: config.publicUrl?.startsWith('https://') ? 'max-age=31536000; includeSubDomains' : false,
    // Headers no browser still reads: CSP's frame-ancestors supersedes X-Frame-Options, and the rest
    // served Internet Explorer (X-Download-Options), the removed XSS auditors (X-XSS-Protection),
    // Adobe's Flash and Acrobat clients (X-Permitted-Cross-Domain-Policies, for a site that serves no
    // crossdomain.xml) or turned off DNS prefetching, which only speeds up our own links. Bytes of
    // `/`'s first round trip. Origin-Agent-Cluster only stops a page from relaxing its origin with
    // `document.domain`, towards documents of its own browsing context group: our pages never set
    // it, their opener policy (same-origin) leaves no other site's document in that group, and
    // frame-ancestors 'none' lets no page frame them.
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    // A route may tighten a header for itself.
    overwrite: false,
  });
  const assetHeaders = secureHeaders({
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    permissionsPolicy: PERMISSIONS_POLICY,
    referrerPolicy: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.use((c, next) => (isAssetPath(c.req.path) ? assetHeaders(c, next) : documentHeaders(c, next)));
  // Pages carry their own policy with their scripts' hashes (site.ts); everything else gets the strict one.
  const defaultPolicy = contentSecurityPolicy({ trackers: NO_TRACKERS });
  app.use(async (c, next) => {
    await next();
    if (isAssetPath(c.req.path) && c.res.ok) return;
    if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', defaultPolicy);
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      return apiError(c, error.status, apiErrors.invalidRequest);
    }
    // The logger masks any buyer data a database error may quote.
    logger.error('Unhandled error', { method: c.req.method, path: c.req.path, error: error.message, stack: error.stack });
    if (c.req.path.startsWith('/api/')) {
      return apiError(c, 500, apiErrors.internal);
    }
    return c.text('Erro interno', 500);
  });

  app.route('/', healthRoutes({ db, lifecycle, logger }));
  app.route('/', mediaRoutes);

  app.route('/', apiRoutes(admin ?? { password: undefined, runOutbox: () => undefined, kinds: createOutboxKinds() }));
  // Never in a configured production.
  if (sandbox) app.route('/sandbox', sandbox);

  app.route('/', consoleAppRoutes(config.storefront.seller.name));
  app.route(paths.access, accessPageRoutes(site));
  app.route(paths.affiliate, affiliatePageRoutes(site));
  app.route(paths.order, orderPageRoutes(site));
  app.route(paths.review, reviewPageRoutes(site));

  if (site) {
    for (const key of routeKeys) {
      const file = pageFile(paths[key]);
      if (!isServedAtPath(key) || !site.page(file)) continue;
      const { rendering, robots } = routes[key];
      app.get(paths[key], async (c) => {
        // An A/B test's variant, picked per request on the server (docs/experiments.md#serving).
        const chosen = await experiments?.choose(file, visitorOf(c));
        // Looked up per request: a page's bytes may be replaced (site.ts fillSlot).
        const response = sendPage(c, chosen?.page ?? site.page(file)!);
        // Each visitor's variant differs on the same URL: no shared cache may keep one for all.
        if (chosen?.testing) response.headers.set('Cache-Control', 'private, no-cache');
        if (rendering === 'client-only') {
          if (robots) response.headers.set('X-Robots-Tag', robots);
          response.headers.set('Cache-Control', 'no-store');
        }
        return response;
      });
    }
    app.use('*', site.assets);
  }

  app.notFound(async (c) => {
    // The path is cut short so a huge URL cannot flood the log.
    logger.warn('Page not found', { method: c.req.method, path: c.req.path.slice(0, 200) });
    // At most once per client per minute, so random paths cannot grow the database.
    const counted = await limiter.consume(limits.notFound, c.var.clientAddress, now()).catch(() => ({ allowed: false }));
    if (counted.allowed) await recordFunnelEvent(db, { name: 'not_found', path: NOT_FOUND_KEY }).catch(() => undefined);
    const page = site?.page(NOT_FOUND_PAGE);
    if (page && (c.req.method === 'GET' || c.req.method === 'HEAD')) return sendPage(c, page, 404);
    return c.text('Not found', 404);
  });

  return app;
}
