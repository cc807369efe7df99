import { readOverview } from '../../admin/admin-overview.ts';
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
  return sendReply(c, 'GET', await readOverview(c.var.db, settings, c.var.now()));
});
