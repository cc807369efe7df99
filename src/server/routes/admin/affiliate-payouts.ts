import { affiliatePayoutsCopy as copy } from '../../../content/affiliates.ts';
import { AdminPayoutApproveSchema, AdminPayoutSettingsSchema } from '../../../shared/affiliate-payouts.ts';
import { recordAudit } from '../../admin/admin-audit.ts';
import { renderPayoutsCsv } from '../../affiliates/payouts-csv.ts';
import { approveBatch, markPaidByHand, payoutsView, savePayoutSettings } from '../../affiliates/payouts.ts';
import { apiError, limitBody } from '../../http/http.ts';
import { sendReply } from '../api-reply.ts';
import { adminRouter, auditClient, download, json, tooLarge } from './console.ts';

/**
 * The console's payouts (docs/affiliates.md#payouts): the batch, the schedule, approval (one tap, a second above the limit)
 * and "Marcar como pago". Reading needs `orders`; paying and the schedule are the owner's (admin-permissions.ts).
 */
export function adminPayoutsRoutes(kickPayouts: () => void) {
  return adminRouter()
    .get('/affiliates/payouts', async (c) => sendReply(c, 'GET', await payoutsView(c.var.orders, c.var.now())))

    .get('/affiliates/payouts/export.csv', async (c) => {
      const view = await payoutsView(c.var.orders, c.var.now());
      return download(c, renderPayoutsCsv(view.payouts, view.months), 'text/csv', 'repasses-afiliados.csv');
    })

    .post('/affiliates/payouts/settings', limitBody(512, tooLarge), json(AdminPayoutSettingsSchema), async (c) => {
      const now = c.var.now();
      await savePayoutSettings(c.var.db, c.req.valid('json'), now);
      await recordAudit(c.var.db, {
        session: c.var.session,
        action: 'affiliate_payout_settings',
        detail: c.req.valid('json'),
        client: auditClient(c),
        now,
      });
      return sendReply(c, 'POST', await payoutsView(c.var.orders, now));
    })

    .post('/affiliates/payouts/approve', limitBody(256, tooLarge), json(AdminPayoutApproveSchema), async (c) => {
      const now = c.var.now();
      const input = c.req.valid('json');
      const approved = await approveBatch(c.var.orders, { ...input, by: c.var.session }, now);
      if (!approved.ok) return apiError(c, approved.reason === 'confirm' ? 428 : 409, approved.message);
      await recordAudit(c.var.db, {
        session: c.var.session,
        action: 'affiliate_payout_batch',
        detail: { batch: approved.batchId, payouts: approved.payouts, totalCents: approved.totalCents },
        client: auditClient(c),
        now,
      });
      kickPayouts();
      return sendReply(c, 'POST', await payoutsView(c.var.orders, now));
    })

    .post('/affiliates/payouts/:id/paid', async (c) => {
      const now = c.var.now();
      const payout = c.req.param('id');
      const marked = await markPaidByHand(c.var.orders, payout, now);
      if (marked === 'not_found') return apiError(c, 404, copy.api.notFound);
      if (marked === 'not_manual') return apiError(c, 409, copy.api.notManual);
      await recordAudit(c.var.db, {
        session: c.var.session,
        action: 'affiliate_payout_paid',
        detail: { payout },
        client: auditClient(c),
        now,
      });
      return sendReply(c, 'POST', await payoutsView(c.var.orders, now));
    });
}
