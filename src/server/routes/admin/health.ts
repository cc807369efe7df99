import { admin as copy } from '../../../content/admin.ts';
import { readHealth } from '../../admin/admin-health.ts';
import { retryEmail } from '../../admin/admin-orders.ts';
import { apiError } from '../../http/http.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { sendReply } from '../api-reply.ts';
import { adminRouter, ok } from './console.ts';

export function adminHealthRoutes(deps: { mailer?: Mailer; runOutbox: () => void }) {
  return adminRouter()
    .get('/health', async (c) => {
      const { db, config, orders } = c.var;
      return sendReply(c, 'GET', await readHealth({ db, config, payments: orders.payments, mailer: deps.mailer }, c.var.now()));
    })

    .post('/outbox/:id/retry', async (c) => {
      const result = await retryEmail(c.var.db, { messageId: c.req.param('id'), session: c.var.session, now: c.var.now() });
      if (result === 'not_found') return apiError(c, 404, copy.api.outboxNotFound);
      deps.runOutbox();
      return sendReply(c, 'POST', ok);
    });
}
