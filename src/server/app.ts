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
import { clientAddress } from './access/client-address.ts';
import { contentSecurityPolicy, NO_TRACKERS } from './http/csp.ts';
import { PERMISSIONS_POLICY } from './http/permissions-policy.ts';
import { createRateLimiter, limits } from './http/rate-limit.ts';
import type { Background } from './lib/background.ts';
import type { AppEnv } from './routes/context.ts';
import type { OrdersDeps } from './orders/orders-deps.ts';
import type { RefundsDeps } from './refunds/refund-service.ts';
import type { ReviewsDeps } from './reviews/review-service.ts';
import { accessPageRoutes, accessRoutes } from './routes/access.ts';
import { adminRoutes, type AdminDeps } from './routes/admin.ts';
import { eventsRoutes } from './routes/events.ts';
import { healthRoutes, PROBE_PATHS } from './routes/health.ts';
import { liveRoutes } from './routes/live.ts';
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

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  logger: Logger;
  /** The orders bundle: what checkout and payment confirmation need (gateway client, dialect, public URL). */
  orders: OrdersDeps;
  /** The guarantee's refunds: the buyer's request, the seller's decisions (refunds/refund-service.ts). */
  refunds: RefundsDeps;
  /** Verified-buyer reviews: the review page, the member page's card, the console (reviews/review-service.ts). */
  reviews: ReviewsDeps;
  background: Background;
  /** The sandbox gateway, mounted at /sandbox when no real gateway is configured. */
  sandbox?: Hono;
  /** The built client; absent in API-only integration tests. */
  site?: Site;
  /** The seller's console (/painel, /api/admin); without it the console is off. */
  admin?: AdminDeps;
  /**
   * Draining after SIGTERM: /readyz answers 503 so the balancer stops sending traffic, and new
   * checkouts are refused. Absent → never draining.
   */
  lifecycle?: Lifecycle;
}

/**
 * The JSON API under /api. Each router carries its full path (its `basePath`), which its handlers'
 * replies are checked against in shared/api.ts's table (routes/api-reply.ts).
 */
function apiRoutes(admin: AdminDeps) {
  return new Hono<AppEnv>()
    .route('/', accessRoutes)
    .route('/', eventsRoutes)
    .route('/', liveRoutes)
    .route('/', ordersRoutes)
    .route('/', addonRoutes)
    .route('/', orderPageApiRoutes)
    .route('/', presenceRoutes)
    .route('/', productRoutes)
    .route('/', reviewsRoutes)
    .route('/', webhooksRoutes)
    .route('/', whatsappWebhookRoutes)
    .route('/', adminRoutes(admin))
    .all('/api/*', (c) => apiError(c, 404, apiErrors.notFound));
}

/** Builds the whole HTTP application. Tests call `app.request()` on it without opening a port. */
export function createApp(deps: AppDeps) {
  const { db, config, logger, orders, background, refunds, reviews } = deps;
  // Optional parts are read as own properties only (lib/own.ts).
  const [site, sandbox, admin] = [own(deps, 'site'), own(deps, 'sandbox'), own(deps, 'admin')];
  const lifecycle = own(deps, 'lifecycle') ?? createLifecycle();
  const app = new Hono<AppEnv>();
  const limiter = createRateLimiter(db);
  // Read at each call: a test may set `orders.now` after the app is built. Only an own
  // property: one inherited from a polluted Object.prototype would stop every request.
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
    c.set('background', background);
    c.set('lifecycle', lifecycle);
    c.set('now', now);
    await next();
  });
  // Documents get the full set of security headers. Hashed, immutable assets under /assets/ get
  // only what a script or stylesheet response uses (nosniff, resource policy): the rest (frame,
  // referrer, CSP...) only applies to documents, and on a phone's first load of a dozen files it
  // was ≈ 0.6 KB of headers per file (bench/lighthouse.ts counts transfer sizes, headers included).
  // Every response carries the Permissions-Policy, assets too: an SVG opened on its own is a document.
  const documentHeaders = secureHeaders({
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: PERMISSIONS_POLICY,
    referrerPolicy: 'strict-origin-when-cross-origin',
    // HSTS only where the public address is https: it would pin a plain-http demo to https.
    strictTransportSecurity: config.publicUrl?.startsWith('https://') ? 'max-age=31536000; includeSubDomains' : false,
    // A route may tighten a header for itself (the access link sends Referrer-Policy: no-referrer).
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
  // Pages carry their own policy (with their inline scripts' hashes, see site.ts); everything else
  // (the sandbox's pages, the reminders opt-out, plain-text errors, JSON) gets the strict one
  // without any inline script or tracker.
  const defaultPolicy = contentSecurityPolicy({ trackers: NO_TRACKERS });
  app.use(async (c, next) => {
    await next();
    if (isAssetPath(c.req.path) && c.res.ok) return;
    if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', defaultPolicy);
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      // e.g. a malformed JSON body: the client's fault, said plainly.
      return apiError(c, error.status, apiErrors.invalidRequest);
    }
    // The stack says where it broke; the logger masks any buyer data a database error may quote.
    logger.error('Unhandled error', { method: c.req.method, path: c.req.path, error: error.message, stack: error.stack });
    if (c.req.path.startsWith('/api/')) {
      return apiError(c, 500, apiErrors.internal);
    }
    return c.text('Erro interno', 500);
  });

  app.route('/', healthRoutes({ db, lifecycle, logger }));

  app.route('/', apiRoutes(admin ?? { password: undefined, runOutbox: () => undefined }));
  // Never in a configured production: main.ts mounts it only when PROVIDER_URL is unset.
  if (sandbox) app.route('/sandbox', sandbox);

  // The e-mailed access link; works without a built client too (API-only tests get a plain 404).
  app.route(paths.access, accessPageRoutes(site));
  // The buyer's order page (e-mailed) and the reminders' opt-out.
  app.route(paths.order, orderPageRoutes(site));
  // The review page (the review-request e-mail's link).
  app.route(paths.review, reviewPageRoutes(site));

  if (site) {
    // Every page of the route table at its path; a page with a required parameter (`/pedido/{ref}`)
    // is sent by its own routes above.
    for (const key of routeKeys) {
      const file = pageFile(paths[key]);
      if (!isServedAtPath(key) || !site.page(file)) continue;
      const { rendering, robots } = routes[key];
      app.get(paths[key], (c) => {
        // Looked up per request: a page's bytes may be replaced (the landing page's reviews, site.ts fillSlot).
        const response = sendPage(c, site.page(file)!);
        // A page rendered in the browser only is one person's (the console): never indexed, never cached.
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
    // One warning line per unknown path; the path is cut short so a huge URL cannot flood the log.
    logger.warn('Page not found', { method: c.req.method, path: c.req.path.slice(0, 200) });
    // Counted at most once per client per minute: a flood of random paths cannot grow the database.
    const counted = await limiter.consume(limits.notFound, c.var.clientAddress, now()).catch(() => ({ allowed: false }));
    if (counted.allowed) await recordFunnelEvent(db, { name: 'not_found', path: NOT_FOUND_KEY }).catch(() => undefined);
    const page = site?.page(NOT_FOUND_PAGE);
    if (page && (c.req.method === 'GET' || c.req.method === 'HEAD')) return sendPage(c, page, 404);
    return c.text('Not found', 404);
  });

  return app;
}
