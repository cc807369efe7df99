import { cva } from 'class-variance-authority';
import { admin as copy } from '../../content/admin.ts';
import type { AdminOrderStatus, AdminOrderSummary } from '../../shared/admin.ts';

// An order's status and duplicate marks, the same in Pedidos, an order's detail and Dados pessoais.

const badge = cva('inline-block rounded-full px-2 py-0.5 text-xs', {
  variants: {
    tone: {
      success: 'bg-brand-500/15 font-semibold text-brand-300',
      danger: 'bg-danger/15 font-semibold text-red-200',
      warning: 'bg-gold-400/15 font-bold text-gold-300',
      neutral: 'bg-ink-700 font-semibold text-slate-300',
    },
  },
});

const statusTone: Record<AdminOrderStatus, 'success' | 'danger' | 'neutral'> = {
  paid: 'success',
  reversed: 'danger',
  failed: 'danger',
  creating: 'neutral',
  pending: 'neutral',
  expired: 'neutral',
};

export function StatusBadge({ status }: { status: AdminOrderStatus }) {
  return <span className={badge({ tone: statusTone[status] })}>{copy.orders.status[status]}</span>;
}

/** A buyer's second payment: to refund at the gateway, or already refunded. */
export function DuplicateMarker({ order }: { order: Pick<AdminOrderSummary, 'duplicateOf' | 'status'> }) {
  if (!order.duplicateOf) return null;
  const open = order.status === 'paid';
  return (
    <span className={badge({ tone: open ? 'warning' : 'neutral' })}>{open ? copy.orders.duplicate : copy.orders.duplicateRefunded}</span>
  );
}
