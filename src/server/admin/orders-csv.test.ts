import { describe, expect, it } from 'vitest';
import { renderOrdersCsv } from './orders-csv.ts';
import { neutraliseCell } from '../lib/spreadsheet-cell.ts';
import { admin } from '../../content/admin.ts';

describe('orders CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(neutraliseCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(neutraliseCell('+5511')).toBe(`'+5511`);
    expect(neutraliseCell('-1')).toBe(`'-1`);
    expect(neutraliseCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(neutraliseCell('Ana')).toBe('Ana');
  });

  it('starts with a BOM, separates with ; and quotes cells that need it', () => {
    const csv = renderOrdersCsv(
      [
        {
          id: 'ord_1',
          status: 'paid',
          buyerName: 'João; "Jota"',
          buyerEmail: 'j@example.com',
          buyerPhone: '11987654321',
          amountCents: 1990,
          createdAt: Date.UTC(2025, 2, 10, 15),
          chargedAt: null,
          paidAt: Date.UTC(2025, 2, 10, 15, 5),
          expiresAt: 0,
          hasAccess: true,
          failureReason: null,
          duplicateOf: null,
          refundStatus: null,
        },
      ],
      { header: admin.orders.csvHeader, status: admin.orders.status },
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [, row] = csv.slice(1).split('\r\n');
    expect(row).toBe('ord_1;Pago;"João; ""Jota""";j@example.com;11987654321;19,90;10/03/2025, 12:00;10/03/2025, 12:05');
  });
});
