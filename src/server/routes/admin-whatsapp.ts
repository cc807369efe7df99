import type { Context } from 'hono';
import { admin as copy } from '../../content/admin.ts';
import { recordAudit } from '../admin/admin-audit.ts';
import { apiError } from '../http/http.ts';
import { clientKey } from '../http/rate-limit.ts';
import { isIdShaped } from '../orders/ids.ts';
import { describeOrderWhatsapp } from '../whatsapp/whatsapp-service.ts';
import { sendReply } from './api-reply.ts';
import type { AdminEnv } from './context.ts';

/**
 * `GET /api/admin/orders/:id/whatsapp` (mounted by routes/admin.ts, behind its session check): the
 * order's WhatsApp consent, whether the number stopped the messages, why WhatsApp is not possible
 * for it, and each message with its status and the text it carried (or would have).
 */
export async function orderWhatsapp(c: Context<AdminEnv, '/api/admin/orders/:id/whatsapp'>) {
  const at = c.var.now();
  const orderId = c.req.param('id');
  const { db, config, checkout } = c.var;
  const view = isIdShaped(orderId) ? await describeOrderWhatsapp({ db, config, publicUrl: checkout.publicUrl }, orderId) : undefined;
  if (!view) return apiError(c, 404, copy.api.orderNotFound);
  // The previews carry the buyer's name and PIX code: who looked, as for the order itself (LGPD art. 37).
  await recordAudit(db, {
    session: c.var.session,
    action: 'view_order_whatsapp',
    orderId,
    client: clientKey(c.var.clientAddress),
    now: at,
  });
  return sendReply(c, 'GET', view);
}
