// Sales per affiliate for the console's "Afiliados" and `npm run report`: the orders their code brought, summed in SQL.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { netPaidCentsSql } from '../purchase/purchase-service.ts';

export interface AffiliateSales {
  code: string;
  /** Purchases offered a PIX (charged, or paid anyway), as "Vendas por origem" counts them. */
  charges: number;
  /** Purchases paid, those given back since included. */
  paidOrders: number;
  /** Paid − refunded − returned, add-ons included (their parent's code): the rule "Faturamento" counts with. */
  revenueCents: number;
  /** Paid purchases with money given back: a refund (whole or part, by the shop or in the provider's panel), a MED return, a chargeback. */
  refundedOrders: number;
  /** paid ÷ PIX generated; null before the first PIX. */
  conversion: number | null;
  /** refunded ÷ paid; null before the first sale. */
  refundRate: number | null;
}

/** The code an order counts for: its own, or its parent's for an add-on (bought after payment, on the purchase's page). */
const codeOf = sql<string>`coalesce(orders.affiliate_code, parent.affiliate_code)`;
const isMain = sql<boolean>`orders.kind = 'main'`;

/** Per affiliate code, for orders created in [from, to). */
export async function sumOrdersByAffiliate(db: Kysely<Database>, from: number, to: number): Promise<AffiliateSales[]> {
  const rows = await db
    .selectFrom('orders')
    .leftJoin('orders as parent', 'parent.id', 'orders.parent_order_id')
    .select((eb) => [
      codeOf.as('code'),
      eb.fn
        .sum<number>(
          sql`case when ${isMain} and (orders.charged_at is not null or orders.status in ('paid', 'reversed')) then 1 else 0 end`,
        )
        .as('charges'),
      // A purchase reversed since was paid: a sale the link brought, whose return the refund rate counts.
      eb.fn.sum<number>(sql`case when ${isMain} and orders.status in ('paid', 'reversed') then 1 else 0 end`).as('paid'),
      eb.fn
        .sum<number>(
          sql`case when ${isMain} and (orders.status = 'reversed' or (orders.status = 'paid' and ${netPaidCentsSql} < orders.amount_cents)) then 1 else 0 end`,
        )
        .as('refunded'),
      eb.fn.sum<number>(netPaidCentsSql).as('revenue'),
    ])
    .where(codeOf, 'is not', null)
    .where('orders.created_at', '>=', from)
    .where('orders.created_at', '<', to)
    .groupBy(codeOf)
    .execute();
  return rows.map((row) => {
    const charges = Number(row.charges ?? 0);
    const paidOrders = Number(row.paid ?? 0);
    const refundedOrders = Number(row.refunded ?? 0);
    return {
      code: row.code,
      charges,
      paidOrders,
      revenueCents: Number(row.revenue ?? 0),
      refundedOrders,
      conversion: charges > 0 ? paidOrders / charges : null,
      refundRate: paidOrders > 0 ? refundedOrders / paidOrders : null,
    };
  });
}

/** How many PIX an affiliate's code must bring unpaid within the window for the seller to be told. */
export const BURST_UNPAID = 10;
export const BURST_WINDOW_MS = 60 * 60_000;

/**
 * Codes whose unpaid PIX in the last hour reach BURST_UNPAID (docs/affiliates.md#fraud): a script or a paid-traffic mistake
 * generating charges that nobody pays. The seller is shown the count; nothing is blocked, since a live at night can do it too.
 */
export async function unpaidBursts(db: Kysely<Database>, now: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['affiliate_code', eb.fn.countAll<number>().as('unpaid')])
    .where('kind', '=', 'main')
    .where('affiliate_code', 'is not', null)
    .where('charged_at', 'is not', null)
    .where('status', 'not in', ['paid', 'reversed'])
    .where('created_at', '>=', now - BURST_WINDOW_MS)
    .where('created_at', '<=', now)
    .groupBy('affiliate_code')
    .having((eb) => eb.fn.countAll(), '>=', BURST_UNPAID)
    .execute();
  return new Map(rows.map((row) => [row.affiliate_code!, Number(row.unpaid)]));
}

/** Everything the shop kept, add-ons included: "Faturamento" since the first sale, for the seller's revenue net of commissions. */
export async function sumRevenue(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.sum<number>(netPaidCentsSql).as('revenue'))
    .executeTakeFirst();
  return Number(row?.revenue ?? 0);
}
