import type { Kysely } from 'kysely';
import type { Background } from '../lib/background.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import type { Lifecycle } from '../lib/lifecycle.ts';
import type { Logger } from '../lib/logger.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import type { RefundsDeps } from '../refunds/refund-service.ts';
import type { ReviewsDeps } from '../reviews/review-service.ts';

/**
 * What every request handler reads from `c.var`, set once per request by app.ts. It lives apart
 * from app.ts so that route modules can name it without importing the app that mounts them.
 */
export type AppEnv = {
  Variables: {
    db: Kysely<Database>;
    config: Config;
    logger: Logger;
    orders: OrdersDeps;
    refunds: RefundsDeps;
    /** Verified-buyer reviews, and the signal the landing page listens to (reviews/review-service.ts). */
    reviews: ReviewsDeps;
    background: Background;
    /** Per-client limits on anonymous writes (one limiter per app: it remembers blocked keys). */
    limiter: RateLimiter;
    /** The client's address as TRUST_PROXY_HOPS says to read it. */
    clientAddress: string;
    /** This request's id, echoed as X-Request-Id and carried by its log lines. */
    requestId: string;
    lifecycle: Lifecycle;
    /** Epoch milliseconds: the clock tests inject (`orders.now`), else the system's. */
    now: () => number;
  };
};

/** A console request, once its session is checked (routes/admin/console.ts): the session's label for the audit. */
export type AdminEnv = AppEnv & { Variables: AppEnv['Variables'] & { session: string } };
