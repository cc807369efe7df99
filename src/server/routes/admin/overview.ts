import { readOverview } from '../../admin/admin-overview.ts';
import { openDisputesOverview } from '../../disputes/dispute-console.ts';
import { sendReply } from '../api-reply.ts';
import { adminRouter } from './console.ts';

export const adminOverviewRoutes = adminRouter().get('/overview', async (c) => {
  const { monthlyCapacity, offerEndsAt, orderBump, demoMode, whatsapp } = c.var.config;
  const settings = {
    monthlyCapacity,
    offerEndsAt,
    orderBump: orderBump !== null,
    countSimulatedWhatsapp: demoMode && whatsapp.cloud === null,
    whatsappPriceCents: whatsapp.priceCents,
  };
  const [overview, openDisputes] = await Promise.all([readOverview(c.var.db, settings, c.var.now()), openDisputesOverview(c.var.orders)]);
  return sendReply(c, 'GET', { ...overview, openDisputes });
});
