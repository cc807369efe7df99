import { disputesApi } from '../../../content/disputes.ts';
import { AdminDisputeCreateSchema, AdminDisputeResolveSchema } from '../../../shared/disputes.ts';
import { recordAudit } from '../../admin/admin-audit.ts';
import { removeDisputeBlock } from '../../disputes/dispute-blocks.ts';
import { listAdminDisputes } from '../../disputes/dispute-console.ts';
import { loadDefencePdf, loadDefenceText, sendDefence } from '../../disputes/dispute-defence-send.ts';
import { registerManualDispute, resolveManualDispute } from '../../disputes/dispute-manual.ts';
import { describePolls } from '../../disputes/dispute-poll-health.ts';
import { pollDisputesNow } from '../../disputes/dispute-poller.ts';
import { applyProviderDispute } from '../../disputes/dispute-service.ts';
import { apiError, limitBody } from '../../http/http.ts';
import { sendReply } from '../api-reply.ts';
import { adminRouter, auditClient, json, tooLarge } from './console.ts';

/** docs/disputes.md: the console's "Contestações". */
export const adminDisputesRoutes = adminRouter()
  .get('/disputes', async (c) => sendReply(c, 'GET', await listAdminDisputes(c.var.orders)))

  .post('/disputes', limitBody(2048, tooLarge), json(AdminDisputeCreateSchema), async (c) => {
    const result = await registerManualDispute(c.var.orders, c.req.valid('json'));
    if (result.kind === 'refused') return apiError(c, result.status, result.message);
    await recordAudit(c.var.db, {
      session: c.var.session,
      action: 'dispute_register',
      orderId: result.dispute.orderId,
      detail: { dispute: result.dispute.id },
      now: c.var.now(),
    });
    return sendReply(c, 'POST', result.dispute, 201);
  })

  .post('/disputes/poll', async (c) => {
    const { orders } = c.var;
    const polls = await pollDisputesNow({
      db: orders.db,
      payments: orders.payments,
      logger: orders.logger,
      now: c.var.now,
      pollSeconds: orders.config.disputesPollSeconds,
      applyDispute: (providerId, dispute) => applyProviderDispute(orders, providerId, dispute),
      channels: { whatsapp: orders.config.disputeAlertWhatsapp !== null },
    });
    await recordAudit(c.var.db, { session: c.var.session, action: 'dispute_poll', now: c.var.now() });
    return sendReply(c, 'POST', describePolls(polls));
  })

  .get('/disputes/:id/defence', async (c) => {
    const found = await loadDefenceText(c.var.orders, c.req.param('id'));
    if (!found) return apiError(c, 404, disputesApi.notFound);
    c.header('Cache-Control', 'no-store');
    return sendReply(c, 'GET', found);
  })

  .post('/disputes/:id/defence', async (c) => {
    const result = await sendDefence(c.var.orders, c.req.param('id'));
    if (result.kind === 'refused') return apiError(c, result.status, result.message);
    await recordAudit(c.var.db, {
      session: c.var.session,
      action: 'dispute_defence',
      orderId: result.dispute.orderId,
      detail: { dispute: result.dispute.id, channel: result.dispute.defenceChannel },
      now: c.var.now(),
    });
    return sendReply(c, 'POST', result.dispute);
  })

  .get('/disputes/:id/defence.pdf', async (c) => {
    const now = c.var.now();
    const found = await loadDefencePdf(c.var.orders, c.req.param('id'));
    if (!found) return apiError(c, 404, disputesApi.notFound);
    // The buyer's personal data leaves the console in a file (LGPD art. 37).
    await recordAudit(c.var.db, { session: c.var.session, action: 'export_evidence', orderId: found.orderId, client: auditClient(c), now });
    c.header('Cache-Control', 'no-store');
    c.header('Content-Disposition', `attachment; filename="defesa-${found.ref}.pdf"`);
    return c.body(new Uint8Array(found.pdf), 200, { 'Content-Type': 'application/pdf' });
  })

  .post('/disputes/:id/resolve', limitBody(256, tooLarge), json(AdminDisputeResolveSchema), async (c) => {
    const result = await resolveManualDispute(c.var.orders, c.req.param('id'), c.req.valid('json').state);
    if (result.kind === 'refused') return apiError(c, result.status, result.message);
    await recordAudit(c.var.db, {
      session: c.var.session,
      action: 'dispute_resolve',
      orderId: result.dispute.orderId,
      detail: { dispute: result.dispute.id, state: result.dispute.state },
      now: c.var.now(),
    });
    return sendReply(c, 'POST', result.dispute);
  })

  .post('/dispute-blocks/:id/remove', async (c) => {
    if (!(await removeDisputeBlock(c.var.orders, c.req.param('id')))) return apiError(c, 404, disputesApi.blockNotFound);
    await recordAudit(c.var.db, {
      session: c.var.session,
      action: 'dispute_unblock',
      detail: { block: c.req.param('id') },
      now: c.var.now(),
    });
    return sendReply(c, 'POST', await listAdminDisputes(c.var.orders));
  });
