import { formatBRL } from '../../shared/money.ts';
import type { OrderRow } from '../orders/orders-repository.ts';

/** `npm run report`'s list of duplicate payments still to refund (English, like the rest of the report). */
export function renderOpenDuplicates(list: Array<{ duplicate: OrderRow; original: OrderRow | undefined }>): string {
  if (list.length === 0) return 'Open duplicate payments: none';
  const lines = [`Open duplicate payments: ${list.length} (refund each at the gateway; both buyers kept their access)`];
  for (const { duplicate, original } of list) {
    const paidAt = duplicate.paid_at === null ? '?' : new Date(duplicate.paid_at).toISOString();
    lines.push(
      `  refund ${duplicate.id}  transaction ${duplicate.charge_id ?? '?'}  ${formatBRL(duplicate.amount_cents)}  paid ${paidAt}` +
        `  (duplicate of ${original?.id ?? duplicate.duplicate_of ?? '?'}, transaction ${original?.charge_id ?? '?'})`,
    );
  }
  return lines.join('\n');
}
