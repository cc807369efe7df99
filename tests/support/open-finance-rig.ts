/**
 * A server paying by Efí with Open Finance on, over real HTTP: the API Pix stand-in, the Open Finance stand-in and
 * its bank page, a real SMTP server; and the buyer's steps (an order with a CPF, "Pagar no app do banco", the bank).
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { ProviderId } from '../../src/server/gateway/provider-registry.ts';
import { fetchFrom, newCheckoutKey, newClientAddress, newViewKey, postOrder, uniqueBuyer, uniqueCpf } from './clients.ts';
import { orderRow } from './db-reads.ts';
import { providersEnv } from './provider-rig.ts';
import { EfiOpenFinanceStandIn, OPEN_FINANCE_TEST_SELLER, STAND_IN_PARTICIPANTS } from './providers/efi/efi-open-finance-stand-in.ts';
import { startEfiStandIn } from './providers/efi/efi-stand-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { isPixEmail, startSmtpServer, type TestSmtpServer } from '../integration/smtp-test-server.ts';
import type { TestDb } from '../integration/test-db.ts';
import type { databases } from '../integration/test-db.ts';

const HMAC = 'hash-da-loja-open-finance-7c1d';
/** The callback path the shop registers at Efí (`webhookURL`, what `npm run efi-open-finance` sets). */
const EFI_OPEN_FINANCE_WEBHOOK_PATH = '/api/webhooks/efi-open-finance';
export const OPEN_FINANCE_BANK = STAND_IN_PARTICIPANTS[1]!.identificador;
export const OPEN_FINANCE_PASSWORD = 'senha-do-painel-open-finance';

/** What every Open Finance rig holds: a real SMTP server, the server under test and its clock. */
export interface OpenFinanceServer {
  smtp: TestSmtpServer;
  server: TestServer;
  /** The server's clock: the real one plus what `advance` added. */
  now: () => number;
  advance: (ms: number) => void;
  stop: () => Promise<void>;
}

export interface OpenFinanceRig extends OpenFinanceServer {
  efi: Awaited<ReturnType<typeof startEfiStandIn>>;
  bank: EfiOpenFinanceStandIn;
}

/**
 * The server paying by `providers` (their variables in `env`) with its SMTP server and the console's password,
 * refunds made at the provider; `standIns` start first on the rig's clock and stop after the server.
 */
export async function startOpenFinanceServer<T extends { stop(): Promise<void> }>(
  db: TestDb,
  options: {
    providers: ProviderId[];
    standIns: (now: () => number) => Promise<T & { env: Record<string, string> }>;
    password: string;
    extraEnv: Record<string, string>;
    /** The CA that signed the stand-ins' server certificates (Efí's), which the server is told to trust. */
    efiCa?: (standIns: T) => string;
  },
): Promise<OpenFinanceServer & { standIns: T }> {
  let ahead = 0;
  const now = () => Date.now() + ahead;
  const smtp = await startSmtpServer();
  const standIns = await options.standIns(now);
  const env = providersEnv(options.providers, standIns.env, {
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: smtp.url,
    ADMIN_PASSWORD: options.password,
    REFUND_MODE: 'auto',
    GATEWAY_REFUNDS: '1',
    ...options.extraEnv,
  });
  const server = await startTestServer(db, env, { ownPublicUrl: true, now, ...(options.efiCa ? { efiCa: options.efiCa(standIns) } : {}) });
  return {
    smtp,
    server,
    standIns,
    now,
    advance: (ms) => {
      ahead += ms;
    },
    stop: async () => {
      await server.stopJobs();
      await server.stop();
      await standIns.stop();
      await smtp.stop();
    },
  };
}

/** Efí's Open Finance variables for the seller's account at `bank`, its callbacks signed with `hmac`. */
export function efiOpenFinanceEnv(bank: { url: string }, hmac: string): Record<string, string> {
  const account = OPEN_FINANCE_TEST_SELLER.account;
  return {
    EFI_WEBHOOK_HMAC: hmac,
    EFI_OPEN_FINANCE: 'on',
    EFI_OPEN_FINANCE_API_URL: bank.url,
    EFI_ACCOUNT_BRANCH: account.agencia,
    EFI_ACCOUNT_NUMBER: account.conta,
    EFI_ACCOUNT_HOLDER_DOCUMENT: account.documento,
    EFI_ACCOUNT_HOLDER_NAME: account.nome,
  };
}

/** What `npm run efi-open-finance` registers (PUT /config), pointing at `serverUrl`. */
export function registerOpenFinance(bank: EfiOpenFinanceStandIn, serverUrl: string, hmac: string): void {
  bank.config = {
    redirectURL: `${serverUrl}/api/open-finance/volta`,
    webhookURL: `${serverUrl}${EFI_OPEN_FINANCE_WEBHOOK_PATH}`,
    webhookSecurity: { type: 'hmac', hash: hmac },
  };
}

export async function startOpenFinanceRig(db: TestDb, extraEnv: Record<string, string> = {}): Promise<OpenFinanceRig> {
  const started = await startOpenFinanceServer(db, {
    providers: ['efi'],
    password: OPEN_FINANCE_PASSWORD,
    extraEnv,
    standIns: async (now) => {
      const efi = await startEfiStandIn();
      const env = efi.env();
      // A vínculo's `dataExpiracao` passes at the bank as the server's time does.
      const bank = new EfiOpenFinanceStandIn({
        consentNow: now,
        pki: efi.pki,
        clientId: env.EFI_CLIENT_ID!,
        clientSecret: env.EFI_CLIENT_SECRET!,
        pixKey: env.EFI_PIX_KEY!,
        account: OPEN_FINANCE_TEST_SELLER.account,
      });
      await bank.start();
      return {
        efi,
        bank,
        env: { ...env, ...efiOpenFinanceEnv(bank, HMAC) },
        stop: async () => {
          await bank.stop();
          await efi.stop();
        },
      };
    },
    efiCa: ({ efi }) => efi.ca,
  });
  const { efi, bank } = started.standIns;
  registerOpenFinance(bank, started.server.url, HMAC);
  return { ...started, efi, bank };
}

/**
 * A rig for the enclosing `describe` on `database`: started before its tests (`started` gets it and its database),
 * stopped after them, the server's background work finished after each test.
 */
export function useOpenFinanceRig<R extends OpenFinanceServer>(
  database: (typeof databases)[number],
  start: (db: TestDb) => Promise<R>,
  started: (rig: R, db: TestDb) => void,
): void {
  let db: TestDb | undefined;
  let rig: R | undefined;
  beforeAll(async () => {
    db = await database.create();
    rig = await start(db);
    started(rig, db);
  });
  afterEach(async () => {
    await rig?.server.background.idle();
  });
  afterAll(async () => {
    await rig?.stop();
    await db?.close();
  });
}

/** The buyer's browser comes back from the bank to `back`: the shop's answer, its background work and outbox run. */
export async function comeBackFromBank(rig: Pick<OpenFinanceServer, 'server'>, back: string): Promise<string> {
  return (await comeBackWithKey(rig, back)).location;
}

/**
 * The way back as the bank app opens it: where it lands (path and query) and the order's e-mailed key its fragment
 * carries (`#k=`), which lets a new tab act for the order.
 */
export async function comeBackWithKey(
  rig: Pick<OpenFinanceServer, 'server'>,
  back: string,
): Promise<{ location: string; contactKey: string | undefined }> {
  await rig.server.background.idle();
  const landing = await fetch(back, { redirect: 'manual' });
  expect(landing.status).toBe(303);
  await rig.server.background.idle();
  await rig.server.outbox.runOnce();
  const [location = '', fragment] = landing.headers.get('location')!.split('#');
  return { location, contactKey: fragment?.startsWith('k=') ? fragment.slice(2) : undefined };
}

/** The buyer's paid orders: the sales the console counts. */
export const salesOf = (db: TestDb, email: string) =>
  db.db.selectFrom('orders').select('id').where('buyer_email', '=', email).where('status', '=', 'paid').execute();

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
  return comeBackFromBank(rig, back);
}

/** Approved at the bank, but Efí's callback finds nothing listening and the buyer never comes back from the bank. */
export async function approvedUnheard(rig: Pick<OpenFinanceRig, 'bank'>, paymentId: string): Promise<void> {
  const config = rig.bank.config!;
  rig.bank.config = { ...config, webhookURL: 'http://127.0.0.1:9/perdido' };
  try {
    await rig.bank.decide(paymentId, true);
  } finally {
    rig.bank.config = config;
  }
  expect(rig.bank.deliveries.at(-1)?.status).toBe(0);
}

/** The e-mail telling a buyer who paid both ways that the bank's payment goes back. */
export const isBankReturnEmail = (mail: { raw: string }) => /^Message-ID:\s*<bank_return-/im.test(mail.raw);
/** The e-mail that the PIX, paid after the purchase was refunded through the bank-app payment, goes back. */
export const isPixReturnEmail = (mail: { raw: string }) => /^Message-ID:\s*<pix_return-/im.test(mail.raw);

/** The access e-mails (not the PIX ones, nor the one that a payment goes back) sent to `email`. */
export const accessMailsTo = (rig: Pick<OpenFinanceServer, 'smtp'>, email: string) =>
  rig.smtp.received.filter((mail) => mail.to.includes(email) && !isPixEmail(mail) && !isBankReturnEmail(mail) && !isPixReturnEmail(mail));
