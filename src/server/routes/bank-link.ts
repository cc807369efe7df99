import { Hono } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { apiErrors } from '../../content/api-errors.ts';
import { bankLink as copy } from '../../content/bank-link.ts';
import { bumpCopy } from '../../content/offers.ts';
import { checkout as checkoutCopy } from '../../content/checkout.ts';
import { members } from '../../content/members.ts';
import { BankLinkAddonSchema, type BankLinkEndedBody } from '../../shared/bank-link.ts';
import type { AddonPriceChangedBody } from '../../shared/checkout.ts';
import { apiError, limitBody } from '../http/http.ts';
import { limits } from '../http/rate-limit.ts';
import { acceptAddonOffer, findMainOrder } from '../checkout/addon-offer.ts';
import { isIdShaped } from '../orders/ids.ts';
import type { ChargeBudget } from '../orders/orders-deps.ts';
import { buyerLinkBank, linkRail, payAddonByLink, removeBuyerLinks, startSavingLink } from '../open-finance/open-finance-links.ts';
import { listBanks, openFinanceBanks } from '../open-finance/open-finance-service.ts';
import { memberOrder } from './access.ts';
import { checkoutBudget, findAddonOrder, refuseWhileDraining } from './addon-order.ts';
import { sendReply } from './api-reply.ts';
import type { AppEnv } from './context.ts';
import { mayActForOrder } from './order-actor.ts';

/** docs/payments.md#jsr-the-add-on-in-one-tap: the order tab (its view key) keeps the bank, then pays the add-on under it. */
export const bankLinkOrderRoutes = new Hono<AppEnv>()
  .basePath('/api/orders')
  .post('/:id/vinculo', async (c) => {
    c.header('Cache-Control', 'no-store');
    const id = c.req.param('id');
    const order = isIdShaped(id) ? await findMainOrder(c.var.orders, id) : undefined;
    if (!order || !mayActForOrder(order, c)) return apiError(c, 404, apiErrors.orderNotFound);
    const jsr = linkRail(c.var.orders);
    if (!jsr) return apiError(c, 404, copy.api.notOffered);
    // A vínculo charges nothing: only a new one at the provider spends a budget of its own, never the checkout's.
    const result = await startSavingLink(c.var.orders, jsr, order, checkoutBudget(c, limits.bankLinkSave));
    if (result.kind === 'started') return sendReply(c, 'POST', { redirectUri: result.redirectUri });
    if (result.kind === 'too_many_attempts') return apiError(c, 429, checkoutCopy.errors.tooManyAttempts);
    if (result.kind === 'not_offered') return apiError(c, 409, copy.api.notOffered);
    return apiError(c, 502, copy.api.failed);
  })
  .post(
    '/:id/addon/biometria',
    limitBody(256, (c) => apiError(c, 413, apiErrors.tooLarge)),
    zValidator('json', BankLinkAddonSchema, (result, c) => {
      if (!result.success) return apiError(c, 422, apiErrors.invalidRequest);
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const order = await findAddonOrder(c);
      if (order instanceof Response) return order;
      const jsr = linkRail(c.var.orders);
      if (!jsr) return apiError(c, 409, copy.api.notLinked);
      const refusal = refuseWhileDraining(c);
      if (refusal) return refusal;
      const { offerVersion } = c.req.valid('json');
      const accept = (budget: ChargeBudget) => acceptAddonOffer(c.var.orders, order, offerVersion, budget);
      const result = await payAddonByLink(c.var.orders, jsr, order, accept, checkoutBudget(c));
      if (result.kind === 'bank') return sendReply(c, 'POST', { redirectUri: result.redirectUri });
      if (result.kind === 'not_linked') return apiError(c, 409, copy.api.notLinked);
      if (result.kind === 'link_ended') {
        const body: BankLinkEndedBody = { error: copy.api.linkEnded[result.reason], linkEnded: result.reason };
        return c.json(body, 409);
      }
      if (result.kind === 'addon_price_changed') {
        const body: AddonPriceChangedBody = { error: bumpCopy.afterPayment.priceChanged, addonOffer: result.offer };
        return c.json(body, 409);
      }
      if (result.kind === 'created' || result.kind === 'failed') return apiError(c, 502, copy.api.failed);
      if (result.kind === 'paid_elsewhere') return apiError(c, 409, result.message);
      if (result.kind === 'too_many_attempts') return apiError(c, 429, checkoutCopy.errors.tooManyAttempts);
      return apiError(c, 409, bumpCopy.afterPayment.unavailable);
    },
  );

export const bankLinkMemberRoutes = new Hono<AppEnv>()
  .basePath('/api/access/vinculo')
  .get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const order = await memberOrder(c);
    if (!order) return apiError(c, 401, members.api.signedOut);
    const link = await buyerLinkBank(c.var.orders, order.buyerEmail);
    if (!link) return sendReply(c, 'GET', { bank: null });
    const listing = openFinanceBanks(c.var.orders);
    // Without the provider's list the page still shows the vínculo, under a generic name; the log says why (no buyer data).
    const banks = listing
      ? await listBanks(c.var.orders, listing, '').catch((error: unknown) => {
          c.var.logger.warn('Open Finance banks not read for the member page', {
            error: error instanceof Error ? error.message : String(error),
          });
          return [];
        })
      : [];
    const bank = banks.find((entry) => entry.id === link.participantId)?.name ?? copy.api.someBank;
    const { state } = link;
    if (state === 'revoked' || state === 'expired') return sendReply(c, 'GET', { bank, ended: state });
    return sendReply(c, 'GET', state === 'active' ? { bank } : { bank, state });
  })
  .post('/remover', async (c) => {
    c.header('Cache-Control', 'no-store');
    const order = await memberOrder(c);
    if (!order) return apiError(c, 401, members.api.signedOut);
    if (!(await removeBuyerLinks(c.var.orders, order.buyerEmail))) return apiError(c, 502, copy.api.notRemoved);
    return sendReply(c, 'POST', { bank: null });
  });
