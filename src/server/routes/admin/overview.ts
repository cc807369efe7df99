import { providerStates, readOverview } from '../../admin/admin-overview.ts';
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
  const now = c.var.now();
  const [overview, openDisputes] = await Promise.all([readOverview(c.var.db, settings, now), openDisputesOverview(c.var.orders)]);
  const providers = providerStates(c.var.orders.payments.health(now), demoMode);
  return sendReply(c, 'GET', { ...overview, openDisputes, day: { ...overview.day, providers } });
});
