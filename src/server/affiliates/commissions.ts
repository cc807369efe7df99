import type { Kysely, Transaction } from 'kysely';
import { commissionCents, type CommissionFlag, type CommissionItem, type CommissionState } from '../../shared/affiliates.ts';
import { digitsOnly } from '../../shared/digits.ts';
import { normalizeDocument } from '../../shared/documents.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { foldEmailForBlock } from '../disputes/block-email.ts';
import { isBuyerBlocked } from '../disputes/dispute-blocks.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { itemsOfOrder } from '../purchase/purchase-items.ts';
import { keptOfItems, type KeptItem } from '../purchase/purchase-ledger.ts';
import { loadPurchases } from '../purchase/purchase-service.ts';
import { purchasesWithOpenDispute } from '../disputes/dispute-guard.ts';
import { affiliateSettings, ratesOf } from './affiliate-service.ts';
import {
  commissionsOfAffiliates,
  findAffiliateByCode,
  insertCommissions,
  type AffiliateRow,
  type CommissionRow,
} from './affiliates-repository.ts';

export interface CommissionDeps {
  db: Kysely<Database>;
  config: Config;
}

/** Born with the payment, in its transaction: the rate of that day, and the flag that voids it (docs/affiliates.md#fraud). */
export async function recordCommissions(deps: Pick<CommissionDeps, 'config'>, trx: Transaction<Database>, order: OrderRow, at: number) {
  const main = order.kind === 'addon' && order.parent_order_id ? await findOrderById(trx, order.parent_order_id) : order;
  if (!main?.affiliate_code) return;
  const affiliate = await findAffiliateByCode(trx, main.affiliate_code);
  if (affiliate?.state !== 'active') return;
  const rates = ratesOf(affiliate, (await affiliateSettings(trx)).rates);
  const flag = await flagOf(deps, trx, affiliate, main);
  const items = await itemsOfOrder(trx, order.id);
  await insertCommissions(
    trx,
    items.map((item) => {
      const kind: CommissionItem = order.kind === 'addon' ? 'addon' : item.key;
      return {
        order_id: order.id,
        item: item.key,
        affiliate_id: affiliate.id,
        main_order_id: main.id,
        kind,
        rate: rates[kind],
        flag,
        created_at: at,
      };
    }),
  );
}

async function flagOf(
  deps: Pick<CommissionDeps, 'config'>,
  trx: Transaction<Database>,
  affiliate: AffiliateRow,
  buyer: OrderRow,
): Promise<CommissionFlag | null> {
  if (isSelfPurchase(affiliate, buyer)) return 'self_purchase';
  const blocked = await isBuyerBlocked(
    { db: trx, config: deps.config },
    { email: buyer.buyer_email, document: buyer.buyer_document, phone: buyer.buyer_phone },
  );
  return blocked ? 'blocked_buyer' : null;
}

/** Same CPF/CNPJ, e-mail (Gmail's dots and `+tags` folded) or PIX key, each written the one way it can be. */
export function isSelfPurchase(
  affiliate: Pick<AffiliateRow, 'email' | 'document' | 'pix_key' | 'pix_key_type'>,
  buyer: Pick<OrderRow, 'buyer_email' | 'buyer_document' | 'buyer_phone'>,
): boolean {
  const emails = [affiliate.email, ...(affiliate.pix_key_type === 'email' ? [affiliate.pix_key] : [])].map(foldEmailForBlock);
  const documents = [affiliate.document, ...(['cpf', 'cnpj'].includes(affiliate.pix_key_type) ? [affiliate.pix_key] : [])]
    .filter((value): value is string => value !== null)
    .map(normalizeDocument);
  const phone = digitsOnly(buyer.buyer_phone);
  const buyerPhone = phone.length === 10 || phone.length === 11 ? `+55${phone}` : `+${phone}`;
  return (
    emails.includes(foldEmailForBlock(buyer.buyer_email)) ||
    (buyer.buyer_document !== null && documents.includes(normalizeDocument(buyer.buyer_document))) ||
    (affiliate.pix_key_type === 'phone' && affiliate.pix_key === buyerPhone)
  );
}

export interface CommissionView {
  orderId: string;
  mainOrderId: string;
  item: CommissionRow['item'];
  kind: CommissionItem;
  affiliateId: string;
  rate: number;
  flag: CommissionFlag | null;
  keptCents: number;
  amountCents: number;
  paidCents: number;
  state: CommissionState;
  /** When the item's guarantee ends; it becomes available then, unless held. */
  availableAt: number | null;
  createdAt: number;
}

const HELD: ReadonlyArray<KeptItem['state']> = ['owed', 'refund_requested', 'refunding', 'awaiting'];

/** Each commission as its purchase's ledger has it now: a refund, a MED return or a dispute shows at once. */
export async function commissionViews(deps: CommissionDeps, rows: readonly CommissionRow[], now: number): Promise<CommissionView[]> {
  // Every purchase in a few reads, not a few per purchase: the console lists an affiliate's every sale (tested in affiliate-commissions).
  const records = await loadPurchases(
    deps.db,
    rows.map((row) => row.main_order_id),
  );
  const disputed = await purchasesWithOpenDispute(deps.db, records.values());
  const kept = new Map<string, KeptItem[]>([...records].map(([id, record]) => [id, keptOfItems(record, deps.config)]));
  return rows.map((row) => {
    const purchase = { kept: kept.get(row.main_order_id) ?? [], disputed: disputed.has(row.main_order_id) };
    const item = purchase.kept.find((kept) => kept.orderId === row.order_id && kept.key === row.item);
    const keptCents = item?.keptCents ?? 0;
    const amountCents = row.flag === null ? commissionCents(keptCents, Number(row.rate)) : 0;
    const held = purchase.disputed || item === undefined || HELD.includes(item.state) || now < (item.guaranteeEndsAt ?? Infinity);
    return {
      orderId: row.order_id,
      mainOrderId: row.main_order_id,
      item: row.item,
      kind: row.kind,
      affiliateId: row.affiliate_id,
      rate: Number(row.rate),
      flag: row.flag,
      keptCents,
      amountCents,
      paidCents: Number(row.paid_cents),
      state: amountCents === 0 ? 'cancelada' : held ? 'pendente' : 'disponivel',
      availableAt: item?.guaranteeEndsAt ?? null,
      createdAt: Number(row.created_at),
    };
  });
}

/** `mainOrderIds`: only those purchases' commissions. */
export async function commissionsOf(
  deps: CommissionDeps,
  affiliateIds: readonly string[],
  now: number,
  mainOrderIds?: readonly string[],
): Promise<CommissionView[]> {
  const rows = await commissionsOfAffiliates(deps.db, affiliateIds);
  return commissionViews(deps, mainOrderIds ? rows.filter((row) => mainOrderIds.includes(row.main_order_id)) : rows, now);
}

export interface AffiliateBalance {
  pendingCents: number;
  availableCents: number;
  paidCents: number;
  /** Paid out of commissions cut since: netted from the next payouts, never sent back. */
  debtCents: number;
  /** What a payout may send now. */
  payableCents: number;
}

/** paid + pending + available − debt = the commissions' amounts, the rule applied to what the providers kept. */
export function balanceOf(views: readonly CommissionView[]): AffiliateBalance {
  const balance = { pendingCents: 0, availableCents: 0, paidCents: 0, debtCents: 0 };
  for (const view of views) {
    balance.paidCents += view.paidCents;
    const due = view.amountCents - view.paidCents;
    if (due < 0) balance.debtCents -= due;
    else if (view.state === 'disponivel') balance.availableCents += due;
    else balance.pendingCents += due;
  }
  return { ...balance, payableCents: Math.max(0, balance.availableCents - balance.debtCents) };
}
