/**
 * A server paying by Efí with Open Finance on, over real HTTP: the API Pix stand-in, the Open Finance stand-in and
 * its bank page, a real SMTP server; and the buyer's steps (an order with a CPF, "Pagar no app do banco", the bank).
 */
import { expect } from 'vitest';
import { fetchFrom, newCheckoutKey, newClientAddress, newViewKey, postOrder, uniqueBuyer } from './clients.ts';
import { orderRow } from './db-reads.ts';
import { providersEnv } from './provider-rig.ts';
import { EfiOpenFinanceStandIn, OPEN_FINANCE_TEST_SELLER, STAND_IN_PARTICIPANTS } from './providers/efi/efi-open-finance-stand-in.ts';
import { startEfiStandIn } from './providers/efi/efi-stand-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { isPixEmail, startSmtpServer, type TestSmtpServer } from '../integration/smtp-test-server.ts';
import type { TestDb } from '../integration/test-db.ts';

const HMAC = 'hash-da-loja-open-finance-7c1d';
export const OPEN_FINANCE_BANK = STAND_IN_PARTICIPANTS[1]!.identificador;
export const OPEN_FINANCE_PASSWORD = 'senha-do-painel-open-finance';

/** A valid CPF of its own per buyer: one CPF buying again reads as a duplicate payment, refunded automatically. */
let cpfs = 0;
export function uniqueCpf(): string {
  cpfs += 1;
  const base = String(100_000_000 + ((process.pid * 7_919 + cpfs * 104_729) % 800_000_000))
    .split('')
    .map(Number);
  const check = (digits: number[]) => ((digits.reduce((sum, digit, index) => sum + digit * (digits.length + 1 - index), 0) * 10) % 11) % 10;
  const first = check(base);
  return [...base, first, check([...base, first])].join('');
}

export interface OpenFinanceRig {
  smtp: TestSmtpServer;
  efi: Awaited<ReturnType<typeof startEfiStandIn>>;
  bank: EfiOpenFinanceStandIn;
  server: TestServer;
  /** The server's clock: the real one plus what `advance` added. */
  now: () => number;
  advance: (ms: number) => void;
  stop: () => Promise<void>;
}

export async function startOpenFinanceRig(db: TestDb, extraEnv: Record<string, string> = {}): Promise<OpenFinanceRig> {
  let ahead = 0;
  const now = () => Date.now() + ahead;
  const smtp = await startSmtpServer();
  const efi = await startEfiStandIn();
  const env = efi.env();
  const account = OPEN_FINANCE_TEST_SELLER.account;
  const bank = new EfiOpenFinanceStandIn({
    pki: efi.pki,
    clientId: env.EFI_CLIENT_ID!,
    clientSecret: env.EFI_CLIENT_SECRET!,
    pixKey: env.EFI_PIX_KEY!,
    account,
  });
  await bank.start();
  const server = await startTestServer(
    db,
    {
      ...providersEnv(['efi'], env, {
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: smtp.url,
        EFI_WEBHOOK_HMAC: HMAC,
        EFI_OPEN_FINANCE: 'on',
        EFI_OPEN_FINANCE_API_URL: bank.url,
        EFI_ACCOUNT_BRANCH: account.agencia,
        EFI_ACCOUNT_NUMBER: account.conta,
        EFI_ACCOUNT_HOLDER_DOCUMENT: account.documento,
        EFI_ACCOUNT_HOLDER_NAME: account.nome,
        ADMIN_PASSWORD: OPEN_FINANCE_PASSWORD,
        REFUND_MODE: 'auto',
        GATEWAY_REFUNDS: '1',
        ...extraEnv,
      }),
    },
    { ownPublicUrl: true, efiCa: efi.ca, now },
  );
  // What `npm run efi-open-finance` registers (PUT /config), pointing at this server.
  bank.config = {
    redirectURL: `${server.url}/api/open-finance/volta`,
    webhookURL: `${server.url}/api/webhooks/efi-open-finance`,
    webhookSecurity: { type: 'hmac', hash: HMAC },
  };
  return {
    smtp,
    efi,
    bank,
    server,
    now,
    advance: (ms) => {
      ahead += ms;
    },
    stop: async () => {
      await server.stopJobs();
      await server.stop();
      await bank.stop();
      await efi.stop();
      await smtp.stop();
    },
  };
}

/** An order with the buyer's CPF, its tab's view key, and its row. */
export async function placeOpenFinanceOrder(rig: Pick<OpenFinanceRig, 'server'>, db: TestDb, name: string) {
  const buyer = { ...uniqueBuyer(name), document: uniqueCpf() };
  const viewKey = newViewKey();
  const created = await postOrder<{ orderId: string; pix: { code: string } }>(rig.server.url, {
    ...buyer,
    checkoutKey: newCheckoutKey(),
    viewKey,
  });
  expect(created.status).toBe(201);
  return { buyer, viewKey, order: await orderRow(db, created.body.orderId) };
}

/** "Pagar no app do banco" at `participantId` (none: Mercado Pago's own page), from the order's tab. */
export function startBankPayment(
  rig: Pick<OpenFinanceRig, 'server'>,
  orderId: string,
  viewKey: string,
  participantId: string | undefined = OPEN_FINANCE_BANK,
) {
  // From an address of its own: the checkout's hourly limit is per address.
  return fetchFrom(newClientAddress())(`${rig.server.url}/api/orders/${orderId}/open-finance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Order-Key': viewKey },
    body: JSON.stringify({ participantId }),
  });
}

/** The buyer approves or refuses at the bank; Efí posts its callback; the browser comes back to the shop. */
export async function atTheBank(rig: OpenFinanceRig, id: string, approve: boolean): Promise<string> {
  const back = await rig.bank.decide(id, approve);
  // A payment's callback reached the server (a vínculo has none).
  if (rig.bank.payments.has(id)) expect(rig.bank.deliveries.at(-1)?.status).toBe(200);
  await rig.server.background.idle();
  const landing = await fetch(back, { redirect: 'manual' });
  expect(landing.status).toBe(303);
  await rig.server.background.idle();
  await rig.server.outbox.runOnce();
  return landing.headers.get('location')!;
}

/** The access e-mails (not the PIX ones) sent to `email`. */
export const accessMailsTo = (rig: OpenFinanceRig, email: string) =>
  rig.smtp.received.filter((mail) => mail.to.includes(email) && !isPixEmail(mail));
