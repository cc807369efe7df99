import type { TestDb } from '../integration/test-db.ts';
import { ordersBy } from '../support/db-reads.ts';
import { EfiOpenFinanceStandIn, OPEN_FINANCE_TEST_SELLER } from '../support/providers/efi/efi-open-finance-stand-in.ts';
import { expect, withServerDb } from './fixtures.ts';
import { shopAddress } from './provider-rigs.ts';
import { efiRig } from '../support/providers/efi/efi-journey-rig.ts';
import { startServer, type RunningServer } from './server.ts';

/** The production build paying by Efí with Open Finance on: its API Pix stand-in, its Open Finance stand-in and bank page. */

const ACCOUNT = OPEN_FINANCE_TEST_SELLER.account;

export interface Shop {
  server: RunningServer;
  rig: Awaited<ReturnType<typeof efiRig>>;
  bank: EfiOpenFinanceStandIn;
  database: (TestDb & { url: string }) | undefined;
  stop(): Promise<void>;
}

/** `env`: more of the server's settings (the tap bench's TRUST_PROXY_HOPS, for a visitor of its own per run). */
export async function openShop(database?: TestDb & { url: string }, env: Record<string, string> = {}): Promise<Shop> {
  const shop = await shopAddress();
  const rig = await efiRig(shop.url);
  const { EFI_CLIENT_ID, EFI_CLIENT_SECRET, EFI_PIX_KEY } = rig.env;
  const bank = new EfiOpenFinanceStandIn({
    pki: rig.pki,
    clientId: EFI_CLIENT_ID!,
    clientSecret: EFI_CLIENT_SECRET!,
    pixKey: EFI_PIX_KEY!,
    account: ACCOUNT,
  });
  await bank.start();
  const server = await startServer({
    ...shop.env,
    ...rig.env,
    EFI_OPEN_FINANCE: 'on',
    EFI_OPEN_FINANCE_API_URL: bank.url,
    EFI_ACCOUNT_BRANCH: ACCOUNT.agencia,
    EFI_ACCOUNT_NUMBER: ACCOUNT.conta,
    EFI_ACCOUNT_HOLDER_DOCUMENT: ACCOUNT.documento,
    EFI_ACCOUNT_HOLDER_NAME: ACCOUNT.nome,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  // The server registers its way back and its callback at start, on PUBLIC_URL, mTLS (no EFI_WEBHOOK_HMAC).
  await expect
    .poll(() => bank.config)
    .toEqual({
      redirectURL: `${shop.url}/api/open-finance/volta`,
      webhookURL: `${shop.url}/api/webhooks/efi-open-finance`,
      webhookSecurity: { type: 'mtls' },
    });
  // In front of it, as a seller's nginx does: the callback reaches the shop through the mTLS terminator.
  bank.config = { ...bank.config!, webhookURL: `${rig.webhookFront}/api/webhooks/efi-open-finance` };
  return {
    server,
    rig,
    bank,
    database,
    async stop() {
      await server.stop();
      await bank.stop();
      await rig.stop();
    },
  };
}

/** The orders whose `column` is `value`, read from the server's database. */
export function ordersOf(shop: Shop, column: Parameters<typeof ordersBy>[1], value: string) {
  return shop.database ? ordersBy(shop.database, column, value) : withServerDb(shop.server.dataDir, (db) => ordersBy(db, column, value));
}

/** The buyer's one order, read from the server's database. */
export async function orderOf(shop: Shop, email: string) {
  const orders = await ordersOf(shop, 'buyer_email', email);
  expect(orders).toHaveLength(1);
  return orders[0]!;
}
