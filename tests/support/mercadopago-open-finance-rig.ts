/**
 * A server whose PIX provider is Mercado Pago with its Open Finance mode on (MERCADOPAGO_OPEN_FINANCE), over real
 * HTTP: the Mercado Pago stand-in (its Open Finance page too; sources at the top of its file) and a real SMTP server;
 * and the buyer's steps (an order with a CPF, "Pagar no app do banco", Mercado Pago's page, the way back).
 */
import { comeBackFromBank, startOpenFinanceServer, type OpenFinanceServer } from './open-finance-rig.ts';
import {
  type MercadoPagoStandIn,
  mercadoPagoVariables,
  type StandInPayment,
  startMercadoPagoStandIn,
} from './providers/mercadopago/mercadopago-stand-in.ts';
import type { TestDb } from '../integration/test-db.ts';

export const MP_OPEN_FINANCE_PASSWORD = 'senha-do-painel-mp-open-finance';

export interface MercadoPagoOpenFinanceRig extends OpenFinanceServer {
  mp: MercadoPagoStandIn;
}

export async function startMercadoPagoOpenFinanceRig(
  db: TestDb,
  extraEnv: Record<string, string> = {},
): Promise<MercadoPagoOpenFinanceRig> {
  const started = await startOpenFinanceServer(db, {
    providers: ['mercadopago'],
    password: MP_OPEN_FINANCE_PASSWORD,
    extraEnv: { MERCADOPAGO_OPEN_FINANCE: 'on', ...extraEnv },
    standIns: async (now) => {
      const mp = await startMercadoPagoStandIn({ now });
      return { mp, env: mercadoPagoVariables(mp), stop: () => mp.stop() };
    },
  });
  return { ...started, mp: started.standIns.mp };
}

/** The last Open Finance payment the stand-in holds. */
export function lastBankPayment(rig: MercadoPagoOpenFinanceRig): StandInPayment {
  return [...rig.mp.payments.values()].filter((payment) => payment.linkedTo === 'openfinance').at(-1)!;
}

/** The buyer approves or refuses at their bank; Mercado Pago notifies; the browser comes back to `callback_url`. */
export async function atMercadoPagoBank(rig: MercadoPagoOpenFinanceRig, paymentId: number, approve: boolean): Promise<string> {
  return comeBackFromBank(rig, await rig.mp.decideAtBank(paymentId, approve));
}
