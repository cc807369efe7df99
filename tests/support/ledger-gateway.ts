import type { Context } from 'hono';
import { buildPixBrCode } from '../../src/server/gateway/br-code.ts';
import { standInProduct, startStandInGateway, type StandInGateway } from '../integration/stand-in-gateway.ts';

/**
 * A gateway stand-in that remembers its charges, like the real one: POST makes a waiting
 * transaction, GET answers its current state, and the test decides when a buyer pays. Several
 * instances share it, exactly as they share the seller's real gateway account.
 */
export interface LedgerTransaction {
  hash: string;
  amount: number;
  status: 'waiting_payment' | 'paid';
  /** Our server's postback URL for this charge (`…/api/webhooks/gateway?t={order}.{secret}`). */
  postbackUrl: string;
  orderId: string;
  pixCode: string;
  /** The `tracking` object the charge was created with (utm_*, src), as the gateway keeps it. */
  tracking: Record<string, string>;
}

export interface LedgerGateway {
  url: string;
  stand: StandInGateway;
  transactions: Map<string, LedgerTransaction>;
  byOrder: Map<string, LedgerTransaction>;
  /** Charges created (POST /public/v1/transactions). */
  charges(): number;
  /** The transaction as the gateway shows it, in TriboPay's shape (also the postback body). */
  toJson(transaction: LedgerTransaction): Record<string, unknown>;
  stop(): Promise<void>;
}

export const LEDGER_PRODUCT_HASH = standInProduct.hash;

export async function startLedgerGateway(): Promise<LedgerGateway> {
  const stand = await startStandInGateway();
  const transactions = new Map<string, LedgerTransaction>();
  const byOrder = new Map<string, LedgerTransaction>();
  let created = 0;

  const toJson = (transaction: LedgerTransaction) => ({
    hash: transaction.hash,
    amount: transaction.amount,
    payment_method: 'pix',
    payment_status: transaction.status,
    pix: { pix_qr_code: transaction.pixCode, pix_url: transaction.pixCode, qr_code_base64: null },
    product: { hash: LEDGER_PRODUCT_HASH },
    postback_url: transaction.postbackUrl,
    // The charge's tracking comes back as top-level utm_* fields, "null" when not sent (gateway-notes §5.2).
    ...Object.fromEntries(
      ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'].map((key) => [key, transaction.tracking[key] ?? 'null']),
    ),
  });

  stand.onCreate = (c: Context, body: unknown) => {
    const request = body as { amount?: number; postback_url?: string; tracking?: Record<string, string> };
    created += 1;
    const hash = `tx${String(created).padStart(8, '0')}`;
    const postbackUrl = request.postback_url ?? '';
    const orderId = (new URL(postbackUrl).searchParams.get('t') ?? '').split('.')[0] ?? '';
    const amount = request.amount ?? 0;
    const pixCode = buildPixBrCode({
      key: '4f2a9c1e-7b3d-4e8a-9f60-5c1d2b3a4e5f',
      amountCents: amount,
      merchantName: 'LOJA TESTE',
      merchantCity: 'SAO PAULO',
      txid: hash,
    });
    const transaction: LedgerTransaction = {
      hash,
      amount,
      status: 'waiting_payment',
      postbackUrl,
      orderId,
      pixCode,
      tracking: request.tracking ?? {},
    };
    transactions.set(hash, transaction);
    byOrder.set(orderId, transaction);
    return c.json(toJson(transaction), 201);
  };
  stand.onRead = (c: Context, hash: string) => {
    const transaction = transactions.get(hash);
    return transaction ? c.json(toJson(transaction)) : c.json({ message: 'Transação não encontrada' }, 404);
  };
  return { url: stand.url, stand, transactions, byOrder, charges: () => created, toJson, stop: stand.stop };
}
