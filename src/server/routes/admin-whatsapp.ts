import type { Context } from 'hono';
import { admin as copy } from '../../content/admin.ts';
import { recordAudit } from '../admin/admin-audit.ts';
import { apiError } from '../http/http.ts';
import { clientKey } from '../http/rate-limit.ts';
import { isIdShaped } from '../orders/ids.ts';
import { openConsoleMessage } from '../whatsapp/whatsapp-console.ts';
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
  const { db, config, orders } = c.var;
  const view = isIdShaped(orderId) ? await describeOrderWhatsapp({ db, config, publicUrl: orders.publicUrl }, orderId) : undefined;
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

/**
 * `POST /api/admin/orders/:id/whatsapp/console` (behind the session and same-origin checks): the
 * "Cobrar no WhatsApp" of a pending order. The use is recorded and audited before the link comes
 * back, so the console opens WhatsApp only for a use the recovery figures already count.
 */
export async function chargeOnWhatsapp(c: Context<AdminEnv, '/api/admin/orders/:id/whatsapp/console'>) {
  const now = c.var.now();
  const orderId = c.req.param('id');
  const result = await openConsoleMessage(c.var.db, { orderId, publicUrl: c.var.orders.publicUrl(), now });
  if (result === 'not_found') return apiError(c, 404, copy.api.orderNotFound);
  if (result === 'not_pending') return apiError(c, 409, copy.api.notPending);
  if (result === 'no_number') return apiError(c, 409, copy.api.noWhatsappNumber);
  await recordAudit(c.var.db, { session: c.var.session, action: 'whatsapp_console', orderId, client: clientKey(c.var.clientAddress), now });
  return sendReply(c, 'POST', result);
}
