import { zValidator } from '@hono/zod-validator';
import { admin as copy } from '../../../content/admin.ts';
import { AdminCorrectEmailSchema, AdminOrdersQuerySchema } from '../../../shared/admin.ts';
import { recordAudit } from '../../admin/admin-audit.ts';
import { correctEmailAndResend, exportOrders, listOrders, loadOrderDetail, resendAccess, revokeAccess } from '../../admin/admin-orders.ts';
import { renderOrdersCsv } from '../../admin/orders-csv.ts';
import type { OutboxKinds } from '../../outbox/outbox-kinds.ts';
import { apiError, limitBody } from '../../http/http.ts';
import { sendReply } from '../api-reply.ts';
import { adminRouter, auditClient, download, json, ok, orderRefusal, tooLarge } from './console.ts';

const ordersQuery = zValidator('query', AdminOrdersQuerySchema, (result, c) => {
  if (!result.success) return apiError(c, 422, copy.api.invalid);
});

export function adminOrdersRoutes(runOutbox: () => void, kinds: OutboxKinds) {
  return adminRouter()
    .get('/orders', ordersQuery, async (c) =>
      sendReply(c, 'GET', await listOrders(c.var.db, c.req.valid('query'), c.var.now(), c.var.config)),
    )

    .get('/orders.csv', ordersQuery, async (c) => {
      const orders = await exportOrders(c.var.db, c.req.valid('query'), { session: c.var.session, now: c.var.now() }, c.var.config);
      const csv = renderOrdersCsv(orders, { header: copy.orders.csvHeader, status: copy.orders.status, kind: copy.orders.kind });
      return download(c, csv, 'text/csv', 'pedidos.csv');
    })

    .get('/orders/:id', async (c) => {
      const at = c.var.now();
      const detail = await loadOrderDetail(c.var.db, c.req.param('id'), at, c.var.config, kinds);
      if (!detail) return apiError(c, 404, copy.api.orderNotFound);
      // The buyer's personal data was shown (LGPD art. 37).
      await recordAudit(c.var.db, { session: c.var.session, action: 'view_order', orderId: detail.id, client: auditClient(c), now: at });
      return sendReply(c, 'GET', detail);
    })

    .post('/orders/:id/resend', async (c) => {
      const result = await resendAccess(c.var.db, { orderId: c.req.param('id'), session: c.var.session, now: c.var.now() });
      return orderRefusal(c, result, runOutbox) ?? sendReply(c, 'POST', ok);
    })

    .post('/orders/:id/revoke', async (c) => {
      const result = await revokeAccess(c.var.db, { orderId: c.req.param('id'), session: c.var.session, now: c.var.now() });
      return orderRefusal(c, result, runOutbox) ?? sendReply(c, 'POST', ok);
    })

    .post(
      '/orders/:id/email',
      limitBody(1024, tooLarge),
      json(AdminCorrectEmailSchema, { message: copy.api.emailInvalid, field: 'email' }),
      async (c) => {
        const { email } = c.req.valid('json');
        const result = await correctEmailAndResend(c.var.db, {
          orderId: c.req.param('id'),
          email,
          session: c.var.session,
          now: c.var.now(),
        });
        return orderRefusal(c, result, runOutbox) ?? sendReply(c, 'POST', ok);
      },
    );
}
