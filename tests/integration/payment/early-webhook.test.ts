import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, providersEnv } from '../../support/provider-rig.ts';
import { drainOutbox } from '../../support/purchase.ts';
import { orderRow } from '../../support/db-reads.ts';
import {
  type MercadoPagoStandIn,
  mercadoPagoVariables,
  startMercadoPagoStandIn,
} from '../../support/providers/mercadopago/mercadopago-stand-in.ts';
import { waitFor } from '../../support/wait.ts';
import { useTestServer } from '../../support/test-server.ts';
import { parseMail } from '../mime.ts';
import { databases } from '../test-db.ts';

/**
 * Mercado Pago takes 6 s to answer the create, and the buyer pays within 2 s, so the payment's
 * webhook comes while no order has its id. Mercado Pago's notification for a payment is sent to the create's
 * `notification_url` as soon as the payment changes, and is retried only if not answered 2xx
 * (https://www.mercadopago.com.br/developers/en/docs/your-integrations/notifications/webhooks): answered 200
 * and dropped, the order waited for the reconciler (about a minute), and "Seu PIX está pronto" went out for
 * a PIX already paid.
 */
const CREATE_ANSWER_MS = 6_000;
const PAID_AFTER_MS = 2_000;

for (const database of databases) {
  describe(`a webhook before the create answers on ${database.name}`, () => {
    let standIn: MercadoPagoStandIn;
    beforeAll(async () => {
      standIn = await startMercadoPagoStandIn();
    });
    afterAll(() => standIn?.stop());
    const running = useTestServer(
      database,
      () => ({
        ...providersEnv(['mercadopago'], mercadoPagoVariables(standIn)),
        MAIL_FROM: 'Loja <loja@example.com>',
        MAIL_TRANSPORT: 'smtp',
      }),
      { ownPublicUrl: true, smtp: true },
    );

    it('is kept and applied once the create answers: the order is paid at once, with no "PIX pronto" e-mail', async () => {
      standIn.scriptNext('create', { kind: 'delay', ms: CREATE_ANSWER_MS });
      const started = Date.now();
      const created = checkout(running.server.url);
      await waitFor('the payment at Mercado Pago', () => standIn.payments.size === 1, 5_000, 20);
      const [payment] = [...standIn.payments.values()];
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + PAID_AFTER_MS - Date.now())));
      standIn.pay(payment!.id);
      const notified = await standIn.notify(payment!.id);
      expect(notified.status).toBe(200);

      const answer = await created;
      expect(answer.status).toBe(201);
      await running.server.background.idle();
      // No reconciler pass ran: the webhook kept at 2 s did it when the create answered.
      expect(await orderRow(running.db, answer.body.orderId!)).toMatchObject({ status: 'paid', charge_id: String(payment!.id) });

      await drainOutbox(running.server);
      const sent = running.smtp.received.map((mail) => parseMail(mail.raw).headers.get('message-id') ?? '');
      expect(sent.filter((id) => id.startsWith(`<pix-${answer.body.orderId}-`))).toEqual([]);
      expect(sent).toContain(`<access-${answer.body.orderId}-access_email@vitrine>`);
    });
  });
}
