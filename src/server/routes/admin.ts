import { Hono } from 'hono';
import { admin as copy } from '../../content/admin.ts';
import { affiliatesConsole } from '../../content/affiliates.ts';
import { disputesApi } from '../../content/disputes.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OutboxKinds } from '../outbox/outbox-kinds.ts';
import type { AdminEnv } from './context.ts';
import { ADMIN_BASE, idShaped, notFound, privateReplies, requireSession, sameOrigin } from './admin/console.ts';
import { adminPayoutsRoutes } from './admin/affiliate-payouts.ts';
import { adminAffiliatesRoutes } from './admin/affiliates.ts';
import { adminDisputesRoutes } from './admin/disputes.ts';
import { adminErrorsRoutes } from './admin/errors.ts';
import { adminHealthRoutes } from './admin/health.ts';
import { adminOrdersRoutes } from './admin/orders.ts';
import { adminOverviewRoutes } from './admin/overview.ts';
import { adminNotificationsRoutes } from './admin/notifications.ts';
import { adminPageRoutes } from './admin/page.ts';
import { adminPageFiguresRoutes } from './admin/page-figures.ts';
import { adminExperimentsRoutes } from './admin/experiments.ts';
import { adminPrivacyRoutes } from './admin/privacy.ts';
import { adminRefundsRoutes } from './admin/refunds.ts';
import { adminReviewsRoutes } from './admin/reviews.ts';
import { adminSessionRoutes, adminSignInRoutes } from './admin/session.ts';
import { adminSuppliersRoutes } from './admin/suppliers.ts';
import { adminUsersRoutes, adminInviteRoutes } from './admin/users.ts';
import { adminWhatsappRoutes } from './admin/whatsapp.ts';

export interface AdminDeps {
  password: string | undefined;
  mailer?: Mailer;
  runOutbox: () => void;
  /** What each outbox kind is (subscribers.ts's table): which rows are e-mails, and their words on the timeline. */
  kinds: OutboxKinds;
  /** Sends the payouts just approved now, rather than at the next pass (affiliates/payouts.ts). */
  kickPayouts?: () => void;
}

const everyPath = `${ADMIN_BASE}/*`;

/** A guard covers only the sections mounted after it: signing in and an invitation need no session. */
export function adminRoutes(deps: AdminDeps) {
  return new Hono<AdminEnv>()
    .use(everyPath, privateReplies)
    .use(everyPath, sameOrigin)
    .route('/', adminSignInRoutes(deps.password))
    .route('/', adminInviteRoutes)
    .use(everyPath, requireSession(deps.password))
    .use(`${ADMIN_BASE}/orders/:id/*`, idShaped(copy.api.orderNotFound))
    .use(`${ADMIN_BASE}/outbox/:id/*`, idShaped(copy.api.outboxNotFound))
    .use(`${ADMIN_BASE}/disputes/:id/*`, idShaped(disputesApi.notFound))
    .use(`${ADMIN_BASE}/dispute-blocks/:id/*`, idShaped(disputesApi.blockNotFound))
    .use(`${ADMIN_BASE}/affiliates/:id/*`, idShaped(affiliatesConsole.api.notFound))
    .route('/', adminSessionRoutes)
    .route('/', adminErrorsRoutes)
    .route('/', adminNotificationsRoutes)
    .route('/', adminOverviewRoutes)
    .route('/', adminOrdersRoutes(deps.runOutbox, deps.kinds))
    .route('/', adminRefundsRoutes(deps.runOutbox))
    .route('/', adminWhatsappRoutes)
    .route('/', adminDisputesRoutes)
    .route('/', adminPayoutsRoutes(deps.kickPayouts ?? (() => undefined)))
    .route('/', adminAffiliatesRoutes(deps.runOutbox))
    .route('/', adminPrivacyRoutes)
    .route('/', adminReviewsRoutes)
    .route('/', adminPageRoutes)
    .route('/', adminPageFiguresRoutes)
    .route('/', adminExperimentsRoutes)
    .route('/', adminUsersRoutes(deps.mailer))
    .route('/', adminSuppliersRoutes)
    .route('/', adminHealthRoutes(deps))
    .all(everyPath, notFound);
}
