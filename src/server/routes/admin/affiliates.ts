import { zValidator } from '@hono/zod-validator';
import { affiliateFormMessages, affiliatesConsole as copy } from '../../../content/affiliates.ts';
import { apiErrors } from '../../../content/api-errors.ts';
import {
  AdminAffiliateDefaultsSchema,
  AdminAffiliateRatesSchema,
  AdminAffiliateStateSchema,
  affiliateFormSchema,
} from '../../../shared/affiliates.ts';
import { fieldErrors } from '../../../shared/checkout.ts';
import { recordAudit } from '../../admin/admin-audit.ts';
import { affiliateEmailKinds, queueAffiliateEmail } from '../../affiliates/affiliate-access.ts';
import { affiliateList } from '../../affiliates/affiliate-console.ts';
import {
  affiliateSettings,
  moveAffiliate,
  registerAffiliate,
  saveAffiliateSettings,
  setAffiliateRates,
} from '../../affiliates/affiliate-service.ts';
import { apiError, limitBody } from '../../http/http.ts';
import { sendReply } from '../api-reply.ts';
import { adminRouter, auditClient, json, tooLarge } from './console.ts';

const affiliateForm = zValidator('json', affiliateFormSchema(affiliateFormMessages), (result, c) => {
  if (!result.success) return apiError(c, 422, apiErrors.checkFields, fieldErrors(result.error));
});
const invalidRates = { message: copy.api.invalidRates, field: 'rates' };

/**
 * docs/affiliates.md: the console's "Afiliados". The audit names the affiliate by id: their details are personal data.
 * The invitation, an approval and a refusal each e-mail the person (affiliates/affiliate-email.ts), sent at once.
 */
export const adminAffiliatesRoutes = (runOutbox: () => void) =>
  adminRouter()
    .get('/affiliates', async (c) => sendReply(c, 'GET', await affiliateList(c.var.orders, c.var.now())))

    .post('/affiliates', limitBody(4096, tooLarge), affiliateForm, async (c) => {
      const now = c.var.now();
      const registered = await registerAffiliate(c.var.db, c.req.valid('json'), 'active', now);
      if (!registered.ok) return apiError(c, 409, copy.api.emailTaken, { email: copy.api.emailTaken });
      const affiliate = registered.affiliate.id;
      await recordAudit(c.var.db, {
        session: c.var.session,
        action: 'affiliate_invite',
        detail: { affiliate },
        client: auditClient(c),
        now,
      });
      await queueAffiliateEmail(c.var.db, affiliate, affiliateEmailKinds.invite, now);
      runOutbox();
      return sendReply(c, 'POST', await affiliateList(c.var.orders, now));
    })

    .post('/affiliates/rates', limitBody(512, tooLarge), json(AdminAffiliateDefaultsSchema, invalidRates), async (c) => {
      const now = c.var.now();
      await saveAffiliateSettings(c.var.db, { ...(await affiliateSettings(c.var.db)), rates: c.req.valid('json') }, now);
      await recordAudit(c.var.db, {
        session: c.var.session,
        action: 'affiliate_rates',
        detail: c.req.valid('json'),
        client: auditClient(c),
        now,
      });
      return sendReply(c, 'POST', await affiliateList(c.var.orders, now));
    })

    .post('/affiliates/:id/rates', limitBody(512, tooLarge), json(AdminAffiliateRatesSchema, invalidRates), async (c) => {
      const now = c.var.now();
      const affiliate = c.req.param('id');
      if (!(await setAffiliateRates(c.var.db, affiliate, c.req.valid('json'), now))) return apiError(c, 404, copy.api.notFound);
      await recordAudit(c.var.db, {
        session: c.var.session,
        action: 'affiliate_rates',
        detail: { affiliate, ...c.req.valid('json') },
        client: auditClient(c),
        now,
      });
      return sendReply(c, 'POST', await affiliateList(c.var.orders, now));
    })

    .post('/affiliates/:id/state', limitBody(1024, tooLarge), json(AdminAffiliateStateSchema), async (c) => {
      const now = c.var.now();
      const affiliate = c.req.param('id');
      const { state, reason } = c.req.valid('json');
      const moved = await moveAffiliate(c.var.db, affiliate, state, reason || null, now);
      if (moved.kind === 'not_found') return apiError(c, 404, copy.api.notFound);
      if (moved.kind === 'not_allowed') return apiError(c, 409, copy.api.notAllowed);
      // A decision on a request from /afiliados answers the person; pausing and resuming send nothing.
      if (moved.from === 'pending') {
        await queueAffiliateEmail(
          c.var.db,
          affiliate,
          state === 'active' ? affiliateEmailKinds.approved : affiliateEmailKinds.refused,
          now,
        );
        runOutbox();
      }
      await recordAudit(c.var.db, {
        session: c.var.session,
        action: 'affiliate_state',
        detail: { affiliate, state },
        client: auditClient(c),
        now,
      });
      return sendReply(c, 'POST', await affiliateList(c.var.orders, now));
    });
