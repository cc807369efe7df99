import { admin as copy } from '../../../content/admin.ts';
import { recordAudit } from '../../admin/admin-audit.ts';
import { apiError } from '../../http/http.ts';
import { isIdShaped } from '../../orders/ids.ts';
import { openConsoleMessage } from '../../whatsapp/whatsapp-console.ts';
import { describeOrderWhatsapp } from '../../whatsapp/whatsapp-service.ts';
import { sendReply } from '../api-reply.ts';
import { adminRouter, auditClient } from './console.ts';

/** An order's WhatsApp: its consent, each message with the text it carried, and "Cobrar no WhatsApp". */
export const adminWhatsappRoutes = adminRouter()
  .get('/orders/:id/whatsapp', async (c) => {
    const at = c.var.now();
    const orderId = c.req.param('id');
    const { db, config, orders } = c.var;
    const view = isIdShaped(orderId) ? await describeOrderWhatsapp({ db, config, publicUrl: orders.publicUrl }, orderId) : undefined;
    if (!view) return apiError(c, 404, copy.api.orderNotFound);
    // The previews carry the buyer's name and PIX code: who looked, as for the order itself (LGPD art. 37).
    await recordAudit(db, { session: c.var.session, action: 'view_order_whatsapp', orderId, client: auditClient(c), now: at });
    return sendReply(c, 'GET', view);
  })

  // The use is recorded and audited before the link comes back, so the console opens WhatsApp
  // only for a use the recovery figures already count.
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
