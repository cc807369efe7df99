import { cva } from 'class-variance-authority';
import { admin as copy } from '../../../content/admin.ts';
import type { AdminOrderStatus, AdminOrderSummary } from '../../../shared/admin.ts';
import type { RefundStatus } from '../../../shared/refunds.ts';

// An order's status, items, duplicate and refund marks, the same in Pedidos, an order's detail and Dados pessoais.

/** The console's small rounded mark; Saúde's provider states use it too. */
export const badge = cva('inline-block rounded-full px-2 py-0.5 text-xs', {
  variants: {
    tone: {
      success: 'bg-brand-500/15 font-semibold text-brand-300',
      danger: 'bg-danger/15 font-semibold text-red-200',
      warning: 'bg-gold-400/15 font-bold text-gold-300',
      neutral: 'bg-ink-700 font-semibold text-slate-300',
      bump: 'bg-sky-400/15 font-semibold text-sky-200',
    },
  },
});

const statusTone: Record<AdminOrderStatus, 'success' | 'danger' | 'neutral'> = {
  paid: 'success',
  reversed: 'danger',
  med_returned: 'danger',
  failed: 'danger',
  creating: 'neutral',
  pending: 'neutral',
  expired: 'neutral',
};

export function StatusBadge({ status }: { status: AdminOrderStatus }) {
  return <span className={badge({ tone: statusTone[status] })}>{copy.orders.status[status]}</span>;
}

/** A buyer's second payment: to refund at the gateway, or already refunded; null for any other order. */
export function duplicateMark(order: Pick<AdminOrderSummary, 'duplicateOf' | 'status'>): string | null {
  if (!order.duplicateOf) return null;
  return order.status === 'paid' ? copy.orders.duplicate : copy.orders.duplicateRefunded;
}

export function DuplicateMarker({ order }: { order: Pick<AdminOrderSummary, 'duplicateOf' | 'status'> }) {
  const mark = duplicateMark(order);
  if (mark === null) return null;
  return <span className={badge({ tone: order.status === 'paid' ? 'warning' : 'neutral' })}>{mark}</span>;
}

/** What the order holds beyond the main product: "+ Recarga" with the bump ticked, or an add-on order's mark. */
export function itemsMark(order: Pick<AdminOrderSummary, 'kind' | 'items'>): string | null {
  if (order.kind === 'addon') return copy.orders.addon;
  return order.items.some((item) => item.key === 'bump') ? copy.orders.withBump : null;
}

export function ItemsBadge({ order }: { order: Pick<AdminOrderSummary, 'kind' | 'items'> }) {
  const mark = itemsMark(order);
  if (mark === null) return null;
  return <span className={badge({ tone: 'bump' })}>{mark}</span>;
}

const refundTone: Record<RefundStatus, 'warning' | 'neutral' | 'danger'> = {
  requested: 'warning',
  approved: 'warning',
  declined: 'neutral',
  refunded: 'danger',
};

/**
 * Where the order's refund stands; null without one, or when it would repeat another badge: a
 * reversed order's "Reembolsado", or a duplicate's own refund (its duplicate mark says "reembolsar").
 */
export function refundMark(order: Pick<AdminOrderSummary, 'refundStatus' | 'status' | 'duplicateOf'>): string | null {
  const status = order.refundStatus;
  if (status === null || (status === 'refunded' && order.status === 'reversed')) return null;
  if (order.duplicateOf && (status === 'approved' || status === 'refunded')) return null;
  return copy.orders.refundStatus[status];
}

export function RefundBadge({ order }: { order: Pick<AdminOrderSummary, 'refundStatus' | 'status' | 'duplicateOf'> }) {
  const mark = refundMark(order);
  if (mark === null || order.refundStatus === null) return null;
  return <span className={badge({ tone: refundTone[order.refundStatus] })}>{mark}</span>;
}
