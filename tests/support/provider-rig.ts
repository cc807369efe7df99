import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import type { ProviderId } from '../../src/server/gateway/provider-registry.ts';
import { REAL_GATEWAY_TEST_ENV } from './real-gateway-env.ts';
import { newCheckoutKey, postOrder, uniqueBuyer } from './clients.ts';
import { createScratchDatabase } from './cluster.ts';

/**
 * What the tests of the seller's PIX providers through the real server share (PAYMENT_PROVIDERS,
 * docs/payments.md#pix-providers): each provider's variables pointed at its stand-in, the buyer's
 * checkout, and the order as stored.
 */

/** The buyer's CPF the server sends (the checkout form asks for none): the providers want one. */
const CUSTOMER_DOCUMENT = '52998224725';

/** PAYMENT_PROVIDERS in that order, with each listed provider's variables (`parts`) and what any real provider needs. */
export function providersEnv(providers: readonly ProviderId[], ...parts: Array<Record<string, string>>): Record<string, string> {
  const env: Record<string, string> = { ...REAL_GATEWAY_TEST_ENV, CUSTOMER_DOCUMENT, PAYMENT_PROVIDERS: providers.join(',') };
  for (const part of parts) Object.assign(env, part);
  return env;
}

/** One provider's stand-in, as these tests drive it. */
export interface StandInRig {
  env: Record<string, string>;
  /** The PIX code the stand-in made for the charge. */
  codeOf(chargeId: string): string;
  /** The charges it holds. */
  charges(): number;
  /** The buyer pays; the provider's webhook reaches the server (through the URL the server gave with the charge). */
  payAndNotify(server: { url: string }, chargeId: string): Promise<void>;
  /** Reads of the charge it answered. */
  readsOf(chargeId: string): number;
  /** The refunds it made of the charge, in centavos. */
  refundsOf(chargeId: string): number[];
  stop(): Promise<void>;
}

/** One provider's stand-in, as a browser journey (tests/e2e/) needs it; charges are named by the id the order keeps. */
export interface JourneyRig {
  env: Record<string, string>;
  /** The PIX code the provider gave for the charge. */
  pixCode(chargeId: string): string;
  /** The buyer pays: the stand-in marks the charge paid and posts its webhook, signed as the provider signs it. */
  pay(chargeId: string): Promise<void>;
  /** Brings a refund the provider accepted to its end (Efí's devolução settles later and is notified). */
  settleRefund(chargeId: string): Promise<void>;
  /** The refunds the stand-in holds for the charge, in centavos. */
  refundsInCents(chargeId: string): number[];
  /** Every charge the stand-in holds. */
  chargeIds(): string[];
  stop(): Promise<void>;
}

export interface CheckoutBody {
  orderId?: string;
  amountCents?: number;
  items?: Array<{ key: string; priceCents: number }>;
  pix?: { code: string | null };
  error?: string;
}

/** "Gerar PIX" in the modal: one POST /api/orders, with the bump ticked or not. */
export function checkout(url: string, options: { bump?: boolean; buyer?: ReturnType<typeof uniqueBuyer>; key?: string } = {}) {
  const buyer = options.buyer ?? uniqueBuyer('Renata Alves');
  return postOrder<CheckoutBody>(url, { ...buyer, checkoutKey: options.key ?? newCheckoutKey(), ...(options.bump ? { bump: true } : {}) });
}

/**
 * The database of a server process (tests/support/server-process.ts) that outlives it, a kill and
 * a restart included: a SQLite file or a scratch PostgreSQL database, named to the process by
 * DATABASE_URL (`env`); `db` is the test's own connection to it.
 */
export async function processDatabase(
  kind: 'sqlite' | 'postgres',
): Promise<{ env: Record<string, string>; db: Db; close(): Promise<void> }> {
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase();
    const db = openDatabase({ kind: 'postgres', url: scratch.url });
    return {
      env: { DATABASE_URL: scratch.url },
      db,
      async close() {
        await db.close();
        await scratch.drop();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-process-db-'));
  const file = path.join(dir, 'vitrine.sqlite');
  const db = openDatabase({ kind: 'sqlite', file });
  return {
    env: { DATABASE_URL: `sqlite:${file}` },
    db,
    async close() {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
