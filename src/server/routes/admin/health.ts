import { admin as copy } from '../../../content/admin.ts';
import { readHealth } from '../../admin/admin-health.ts';
import { withBackgroundReadErrors } from '../../background-reads/background-read-health.ts';
import { disputePollCheck } from '../../disputes/dispute-poll-health.ts';
import { emailKindsOf, retryEmail } from '../../admin/admin-orders.ts';
import { apiError } from '../../http/http.ts';
import { readPushHealth } from '../../push/push-console.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { OutboxKinds } from '../../outbox/outbox-kinds.ts';
import { sendReply } from '../api-reply.ts';
import { adminRouter, ok } from './console.ts';

export function adminHealthRoutes(deps: { mailer?: Mailer; runOutbox: () => void; kinds: OutboxKinds }) {
  const emailKinds = emailKindsOf(deps.kinds);
  return adminRouter()
    .get('/health', async (c) => {
      const { db, config, orders } = c.var;
      const now = c.var.now();
      const [health, reads, push] = await Promise.all([
        readHealth({ db, config, payments: orders.payments, mailer: deps.mailer, emailKinds }, now),
        disputePollCheck({ db, payments: orders.payments }, now),
        readPushHealth(db),
      ]);
      const providers = await withBackgroundReadErrors(db, health.providers);
      return sendReply(c, 'GET', { ...health, providers, checks: [...health.checks, ...reads], push });
    })

    .post('/outbox/:id/retry', async (c) => {
      const result = await retryEmail(c.var.db, { messageId: c.req.param('id'), session: c.var.session, now: c.var.now() });
      if (result === 'not_found') return apiError(c, 404, copy.api.outboxNotFound);
      deps.runOutbox();
      return sendReply(c, 'POST', ok);
    });
}
