import { describe, expect, it } from 'vitest';
import { renderOrdersCsv } from './orders-csv.ts';
import { neutraliseCell } from '../lib/spreadsheet-cell.ts';
import { admin } from '../../content/admin.ts';
import type { NamedOrderRow } from './admin-orders.ts';

const order: NamedOrderRow = {
  id: 'ord_1',
  status: 'paid',
  buyerName: 'João; "Jota"',
  buyerEmail: 'j@example.com',
  buyerPhone: '11987654321',
  amountCents: 2980,
  netCents: 990,
  createdAt: Date.UTC(2025, 2, 10, 15),
  chargedAt: null,
  paidAt: Date.UTC(2025, 2, 10, 15, 5),
  expiresAt: 0,
  hasAccess: true,
  failureReason: null,
  duplicateOf: null,
  refundStatus: null,
  kind: 'main',
  parentOrderId: null,
  items: [
    { key: 'main', title: 'Lista de Fornecedores Secretos Vitalícia', priceCents: 1990 },
    { key: 'bump', title: 'Lista de Fornecedores de Recarga', priceCents: 990 },
  ],
  provider: 'mercadopago',
  providerName: 'Mercado Pago',
};

const labels = { header: admin.orders.csvHeader, status: admin.orders.status, kind: admin.orders.kind };

describe('orders CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(neutraliseCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(neutraliseCell('+5511')).toBe(`'+5511`);
    expect(neutraliseCell('-1')).toBe(`'-1`);
    expect(neutraliseCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(neutraliseCell('Ana')).toBe('Ana');
  });

  it('starts with a BOM, separates with ; and quotes cells that need it, items in one cell, then the PIX provider and the net amount', () => {
    const addon: NamedOrderRow = {
      ...order,
      id: 'ord_2',
      amountCents: 990,
      netCents: 990,
      kind: 'addon',
      parentOrderId: 'ord_1',
      items: [{ key: 'bump', title: 'Lista de Fornecedores de Recarga', priceCents: 990 }],
      provider: 'tribopay',
      providerName: 'TriboPay',
    };
    const csv = renderOrdersCsv([order, addon], labels);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, row, addonRow] = csv.slice(1).split('\r\n');
    expect(header).toBe(
      'Pedido;Status;Nome;E-mail;Telefone;Valor (R$);Criado em;Pago em;Itens;Tipo;Pedido principal;Provedor de PIX;Líquido (R$)',
    );
    expect(row).toBe(
      'ord_1;Pago;"João; ""Jota""";j@example.com;11987654321;29,80;10/03/2025, 12:00;10/03/2025, 12:05;' +
        '"Lista de Fornecedores Secretos Vitalícia; Lista de Fornecedores de Recarga";Compra;;Mercado Pago;9,90',
    );
    expect(addonRow).toBe(
      'ord_2;Pago;"João; ""Jota""";j@example.com;11987654321;9,90;10/03/2025, 12:00;10/03/2025, 12:05;' +
        'Lista de Fornecedores de Recarga;Adicional após o pagamento;ord_1;TriboPay;9,90',
    );
  });

  it('neutralises an items cell that starts like a formula', () => {
    const csv = renderOrdersCsv([{ ...order, buyerName: 'Ana', items: [{ key: 'main', title: '=cmd|calc', priceCents: 1990 }] }], labels);
    expect(csv.split('\r\n')[1]!.split(';')[8]).toBe(`'=cmd|calc`);
  });
});
