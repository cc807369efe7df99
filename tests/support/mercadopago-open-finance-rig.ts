/**
 * A server whose PIX provider is Mercado Pago with its Open Finance mode on (MERCADOPAGO_OPEN_FINANCE), over real
 * HTTP: the Mercado Pago stand-in (its Open Finance page too; sources at the top of its file) and a real SMTP server;
 * and the buyer's steps (an order with a CPF, "Pagar no app do banco", Mercado Pago's page, the way back).
 */
import { expect } from 'vitest';
import { placeOpenFinanceOrder, startBankPayment } from './open-finance-rig.ts';
import { mercadoPagoVariables, providersEnv } from './provider-rig.ts';
import { startMercadoPagoStandIn, type MercadoPagoStandIn, type StandInPayment } from './providers/mercadopago/mercadopago-stand-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { isPixEmail, startSmtpServer, type TestSmtpServer } from '../integration/smtp-test-server.ts';
import type { TestDb } from '../integration/test-db.ts';

export const MP_OPEN_FINANCE_PASSWORD = 'senha-do-painel-mp-open-finance';

export interface MercadoPagoOpenFinanceRig {
  smtp: TestSmtpServer;
  mp: MercadoPagoStandIn;
  server: TestServer;
  now: () => number;
  advance: (ms: number) => void;
  stop: () => Promise<void>;
}

export async function startMercadoPagoOpenFinanceRig(
  db: TestDb,
  extraEnv: Record<string, string> = {},
): Promise<MercadoPagoOpenFinanceRig> {
  let ahead = 0;
  const now = () => Date.now() + ahead;
  const smtp = await startSmtpServer();
  const mp = await startMercadoPagoStandIn({ now });
  const server = await startTestServer(
    db,
    {
      ...providersEnv(['mercadopago'], mercadoPagoVariables(mp), {
        MERCADOPAGO_OPEN_FINANCE: 'on',
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: smtp.url,
        ADMIN_PASSWORD: MP_OPEN_FINANCE_PASSWORD,
        REFUND_MODE: 'auto',
        GATEWAY_REFUNDS: '1',
        ...extraEnv,
      }),
    },
    { ownPublicUrl: true, now },
  );
  return {
    smtp,
    mp,
    server,
    now,
    advance: (ms) => {
      ahead += ms;
    },
    stop: async () => {
      await server.stopJobs();
      await server.stop();
      await mp.stop();
      await smtp.stop();
    },
  };
}

/** An order with the buyer's CPF, its tab's view key, and its row. */
export const placeMercadoPagoOrder = placeOpenFinanceOrder;

/** "Pagar no app do banco" from the order's tab: no bank to pick, Mercado Pago's page asks for it. */
export const startMercadoPagoBankPayment = (rig: MercadoPagoOpenFinanceRig, orderId: string, viewKey: string) =>
  startBankPayment(rig, orderId, viewKey, undefined);

/** The last Open Finance payment the stand-in holds. */
export function lastBankPayment(rig: MercadoPagoOpenFinanceRig): StandInPayment {
  return [...rig.mp.payments.values()].filter((payment) => payment.linkedTo === 'openfinance').at(-1)!;
}

/** The buyer approves or refuses at their bank; Mercado Pago notifies; the browser comes back to `callback_url`. */
export async function atMercadoPagoBank(rig: MercadoPagoOpenFinanceRig, paymentId: number, approve: boolean): Promise<string> {
  const back = await rig.mp.decideAtBank(paymentId, approve);
  await rig.server.background.idle();
  const landing = await fetch(back, { redirect: 'manual' });
  expect(landing.status).toBe(303);
  await rig.server.background.idle();
  await rig.server.outbox.runOnce();
  return landing.headers.get('location')!;
}

export const accessMailsOf = (rig: MercadoPagoOpenFinanceRig, email: string) =>
  rig.smtp.received.filter((mail) => mail.to.includes(email) && !isPixEmail(mail));
