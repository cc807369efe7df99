import { affiliatePayoutsCopy } from '../../content/affiliates.ts';
import type { AdminPayout, AdminPayoutMonth } from '../../shared/affiliate-payouts.ts';
import { formatCentsNumber } from '../../shared/money.ts';
import { formatDateTime } from '../../shared/time.ts';
import { neutraliseCell } from '../lib/spreadsheet-cell.ts';

// As the orders' CSV (admin/orders-csv.ts): a BOM and `;`, for Excel in Brazil; no cell runs as a formula.
const BOM = '\uFEFF';

function cell(value: string): string {
  const safe = neutraliseCell(value);
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const row = (values: readonly string[]) => values.map(cell).join(';');

/**
 * Every payout (the keys to pay in the bank's app where no provider sends PIX, each with its amount), then money out per
 * affiliate and per month: the figures the console shows, to the centavo.
 */
export function renderPayoutsCsv(payouts: readonly AdminPayout[], months: readonly AdminPayoutMonth[]): string {
  const copy = affiliatePayoutsCopy.csv;
  const lines = [row(copy.header)];
  for (const payout of payouts) {
    lines.push(
      row([
        payout.id,
        formatDateTime(payout.createdAt),
        payout.name,
        copy.keyType[payout.pixKeyType as keyof typeof copy.keyType] ?? payout.pixKeyType,
        payout.pixKey,
        formatCentsNumber(payout.amountCents),
        payout.byApi ? copy.byApi : copy.byHand,
        copy.state[payout.state],
        payout.paidAt === null ? '' : formatDateTime(payout.paidAt),
        payout.endToEndId ?? '',
        payout.failure ?? '',
      ]),
    );
  }
  lines.push('', row(copy.monthHeader));
  for (const month of months) lines.push(row([month.month, month.name, formatCentsNumber(month.paidCents), String(month.payouts)]));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
