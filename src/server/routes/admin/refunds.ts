import type { Context } from 'hono';
import { admin as copy } from '../../../content/admin.ts';
import { disputeRefundGuard } from '../../../content/disputes.ts';
import { refundConsoleApi } from '../../../content/refunds.ts';
import type { ApiErrorBody } from '../../../shared/api.ts';
import { DisputeConfirmSchema } from '../../../shared/disputes.ts';
import { RefundDeclineSchema, RefundStartSchema } from '../../../shared/refunds.ts';
import { recordAudit } from '../../admin/admin-audit.ts';
import { apiError, limitBody } from '../../http/http.ts';
import { renderEvidenceHtml, renderEvidencePdf } from '../../evidence/evidence-document.ts';
import { loadOrderEvidence } from '../../refunds/order-evidence.ts';
import { retryNeedsPanelCheck } from '../../refunds/refund-admin.ts';
import { declineRefundRequest, markRefundedByHand, startRefund } from '../../refunds/seller-decisions.ts';
import { sendReply } from '../api-reply.ts';
import type { AdminEnv } from '../context.ts';
import { adminRouter, auditClient, json, ok, orderRefusal, tooLarge } from './console.ts';

export function adminRefundsRoutes(runOutbox: () => void) {
  return adminRouter()
    .post('/orders/:id/refund', limitBody(256, tooLarge), json(DisputeConfirmSchema), async (c) => {
      const now = c.var.now();
      const orderId = c.req.param('id');
      const confirmed = c.req.valid('json').confirmDispute === true;
      const result = await markRefundedByHand({ ...c.var.refunds, events: c.var.orders.events }, orderId, now, confirmed);
      if (result === 'dispute_open') return disputeOpen(c);
      if (result === 'not_paid') return apiError(c, 409, refundConsoleApi.markNotPaid);
      if (result === 'gateway_in_flight') return apiError(c, 409, refundConsoleApi.markWhileAtGateway);
      if (result === 'ok') await recordAudit(c.var.db, { session: c.var.session, action: 'mark_refunded', orderId, now });
      return orderRefusal(c, result, runOutbox) ?? sendReply(c, 'POST', ok);
    })

    .post('/orders/:id/refund/start', limitBody(256, tooLarge), json(RefundStartSchema), async (c) => {
      const now = c.var.now();
      const orderId = c.req.param('id');
      if (!c.req.valid('json').gatewayChecked && (await retryNeedsPanelCheck(c.var.db, orderId)))
        return apiError(c, 409, refundConsoleApi.checkGatewayFirst);
      const result = await startRefund(c.var.refunds, orderId, now, c.req.valid('json').confirmDispute === true);
      if (result === 'dispute_open') return disputeOpen(c);
      if (result === 'not_found') return apiError(c, 404, copy.api.orderNotFound);
      if (result === 'not_paid') return apiError(c, 409, refundConsoleApi.notPaid);
      if (result === 'in_progress') return apiError(c, 409, refundConsoleApi.inProgress);
      await recordAudit(c.var.db, { session: c.var.session, action: 'refund_start', orderId, now });
      return sendReply(c, 'POST', ok, c.var.config.gatewayRefunds ? 202 : 200);
    })

    .post(
      '/orders/:id/refund/decline',
      limitBody(2048, tooLarge),
      json(RefundDeclineSchema, { message: refundConsoleApi.declineReason, field: 'reason' }),
      async (c) => {
        const now = c.var.now();
        const orderId = c.req.param('id');
        const result = await declineRefundRequest(c.var.refunds, orderId, c.req.valid('json').reason, now);
        if (result === 'not_found') return apiError(c, 404, copy.api.orderNotFound);
        if (result === 'not_requested') return apiError(c, 409, refundConsoleApi.notRequested);
        await recordAudit(c.var.db, { session: c.var.session, action: 'refund_decline', orderId, now });
        return sendReply(c, 'POST', ok);
      },
    )

    .get('/orders/:id/evidence', async (c) => {
      const now = c.var.now();
      const format = c.req.query('format') ?? 'pdf';
      if (format !== 'pdf' && format !== 'html') return apiError(c, 422, refundConsoleApi.badFormat);
      const evidence = await loadOrderEvidence(c.var.db, c.req.param('id'), {
        config: c.var.config,
        publicUrl: c.var.orders.publicUrl(),
        now,
      });
      if (!evidence) return apiError(c, 404, copy.api.orderNotFound);
      // The buyer's personal data leaves the console in a file (LGPD art. 37).
      await recordAudit(c.var.db, {
        session: c.var.session,
        action: 'export_evidence',
        orderId: evidence.order.id,
        client: auditClient(c),
        now,
      });
      const filename = `comprovante-${evidence.order.reference}.${format}`;
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', `attachment; filename="${filename}"`);
      if (format === 'html') return c.body(renderEvidenceHtml(evidence), 200, { 'Content-Type': 'text/html; charset=utf-8' });
      const pdf = await renderEvidencePdf(evidence);
      return c.body(new Uint8Array(pdf), 200, { 'Content-Type': 'application/pdf' });
    });
}

/** The refund asked while a dispute is open, not confirmed a second time: the console asks again (docs/disputes.md#never-twice). */
function disputeOpen(c: Context<AdminEnv>) {
  const body: ApiErrorBody = { error: disputeRefundGuard.confirmNeeded, code: 'dispute_open' };
  return c.json(body, 409);
}
