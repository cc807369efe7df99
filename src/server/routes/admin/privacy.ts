import { admin as copy } from '../../../content/admin.ts';
import { AdminBuyerDeleteSchema, AdminBuyerSchema } from '../../../shared/admin.ts';
import { listAudit, recordAudit } from '../../admin/admin-audit.ts';
import { eraseBuyer, exportBuyer, findBuyer } from '../../admin/admin-buyers.ts';
import { limitBody } from '../../http/http.ts';
import { sendReply } from '../api-reply.ts';
import { adminRouter, auditClient, download, json, tooLarge } from './console.ts';

// POST, so the buyer's address never lands in a URL a proxy log or browser history keeps.
const buyerBody = [limitBody(1024, tooLarge), json(AdminBuyerSchema)] as const;

export const adminPrivacyRoutes = adminRouter()
  .get('/audit', async (c) => {
    const orderId = c.req.query('order');
    return c.json({ entries: await listAudit(c.var.db, { ...(orderId ? { orderId } : {}), limit: 100 }) });
  })

  .post('/buyer', ...buyerBody, async (c) => {
    const found = await findBuyer(c.var.db, c.req.valid('json').email);
    // The address searched for is personal data: the audit keeps only the count.
    const detail = { orders: found.orders.length };
    await recordAudit(c.var.db, { session: c.var.session, action: 'find_buyer', detail, client: auditClient(c), now: c.var.now() });
    return sendReply(c, 'POST', found);
  })

  .post('/buyer/export', ...buyerBody, async (c) => {
    const data = await exportBuyer(c.var.db, { email: c.req.valid('json').email, session: c.var.session, now: c.var.now() });
    return download(c, `${JSON.stringify(data, null, 2)}\n`, 'application/json', 'dados-pessoais.json');
  })

  .post(
    '/buyer/delete',
    limitBody(1024, tooLarge),
    json(AdminBuyerDeleteSchema, { message: copy.api.buyerConfirmation, field: 'confirmation' }),
    async (c) => {
      const { email } = c.req.valid('json');
      const erased = await eraseBuyer(c.var.db, c.var.orders.dialect, {
        email,
        session: c.var.session,
        now: c.var.now(),
        dataDir: c.var.config.dataDir,
        orders: c.var.orders,
        reviewsChanged: () => c.var.reviews.signal.changed(),
      });
      return sendReply(c, 'POST', erased);
    },
  );
