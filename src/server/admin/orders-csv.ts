import type { AdminOrderStatus } from '../../shared/admin.ts';
import { formatCentsNumber } from '../../shared/money.ts';
import type { AdminOrderRow } from '../reads/order-console-lookup.ts';
import type { NamedOrderRow } from './admin-orders.ts';
import { neutraliseCell } from '../lib/spreadsheet-cell.ts';

// For Excel in Brazil: a BOM (else accents read as Latin-1) and `;` separators (`,` is the decimal mark).

const BOM = '\uFEFF';

function cell(value: string): string {
  const safe = neutraliseCell(value);
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

export function renderOrdersCsv(
  orders: readonly NamedOrderRow[],
  labels: { header: readonly string[]; status: Record<AdminOrderStatus, string>; kind: Record<AdminOrderRow['kind'], string> },
): string {
  const lines = [labels.header.map(cell).join(';')];
  for (const order of orders) {
    lines.push(
      [
        order.id,
        labels.status[order.status],
        order.buyerName,
        order.buyerEmail,
        order.buyerPhone,
        formatCentsNumber(order.amountCents),
        dateTime.format(order.createdAt),
        order.paidAt === null ? '' : dateTime.format(order.paidAt),
        order.items.map((item) => item.title).join('; '),
        labels.kind[order.kind],
        order.parentOrderId ?? '',
        order.providerName,
        // paid − refunded, as Faturamento counts it (docs/money.md).
        formatCentsNumber(order.netCents),
      ]
        .map(cell)
        .join(';'),
    );
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
