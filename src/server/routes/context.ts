import type { Kysely } from 'kysely';
import type { ConsoleActor } from '../admin/admin-users.ts';
import type { Background } from '../lib/background.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import type { Lifecycle } from '../lib/lifecycle.ts';
import type { Logger } from '../lib/logger.ts';
import type { LiveExperiments } from '../experiments/live-experiments.ts';
import type { OfferDeps } from '../offer/offer-service.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import type { RefundsDeps } from '../refunds/refunds-deps.ts';
import type { ReviewsDeps } from '../reviews/review-service.ts';

/** Apart from app.ts so route modules can name it without importing the app that mounts them. */
export type AppEnv = {
  Variables: {
    db: Kysely<Database>;
    config: Config;
    logger: Logger;
    orders: OrdersDeps;
    refunds: RefundsDeps;
    reviews: ReviewsDeps;
    /** The seller's page versions (docs/editing.md). */
    offer: OfferDeps;
    /** The A/B tests this instance serves (docs/experiments.md#serving); absent without a site. */
    experiments: LiveExperiments | undefined;
    background: Background;
    /** One limiter per app: it remembers blocked keys. */
    limiter: RateLimiter;
    clientAddress: string;
    requestId: string;
    lifecycle: Lifecycle;
    now: () => number;
  };
};

/** `session`: the session's label in the audit log; `actor`: who it is, and what they may do. */
export type AdminEnv = AppEnv & { Variables: AppEnv['Variables'] & { session: string; actor: ConsoleActor } };
