import { admin as copy } from '../../../content/admin.ts';
import { recordAudit } from '../../admin/admin-audit.ts';
import { apiError } from '../../http/http.ts';
import { isIdShaped } from '../../orders/ids.ts';
import { openConsoleMessage } from '../../whatsapp/whatsapp-console.ts';
import { describeOrderWhatsapp } from '../../whatsapp/whatsapp-service.ts';
import { sendReply } from '../api-reply.ts';
import { adminRouter, auditClient } from './console.ts';

export const adminWhatsappRoutes = adminRouter()
  .get('/orders/:id/whatsapp', async (c) => {
    const at = c.var.now();
    const orderId = c.req.param('id');
    const { db, config, orders } = c.var;
    const view = isIdShaped(orderId) ? await describeOrderWhatsapp({ db, config, publicUrl: orders.publicUrl }, orderId) : undefined;
    if (!view) return apiError(c, 404, copy.api.orderNotFound);
    // The previews carry the buyer's name and PIX code (LGPD art. 37).
    await recordAudit(db, { session: c.var.session, action: 'view_order_whatsapp', orderId, client: auditClient(c), now: at });
    return sendReply(c, 'GET', view);
  })

  // Audited before the link comes back, so the console opens WhatsApp only for a use the figures count.
  .post('/orders/:id/whatsapp/console', async (c) => {
    const now = c.var.now();
    const orderId = c.req.param('id');
    const result = await openConsoleMessage(c.var.db, { orderId, publicUrl: c.var.orders.publicUrl(), now });
    if (result === 'not_found') return apiError(c, 404, copy.api.orderNotFound);
    if (result === 'not_pending') return apiError(c, 409, copy.api.notPending);
    if (result === 'no_number') return apiError(c, 409, copy.api.noWhatsappNumber);
    await recordAudit(c.var.db, { session: c.var.session, action: 'whatsapp_console', orderId, client: auditClient(c), now });
    return sendReply(c, 'POST', result);
  });
