import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../shared/admin.ts';
import { DAY_MS, type AdminRefund } from '../../../shared/refunds.ts';
import { RefundPanel } from './refund-panel.tsx';

const paidAt = Date.UTC(2026, 2, 3, 15);

const detail = (fields: Partial<AdminOrderDetail> = {}): AdminOrderDetail => ({
  id: 'ord_teste',
  status: 'paid',
  buyerName: 'Joana Lima',
  buyerEmail: 'joana@example.com',
  buyerPhone: '21987654321',
  amountCents: 1990,
  netCents: 1990,
  createdAt: paidAt - 60_000,
  paidAt,
  hasAccess: true,
  duplicateOf: null,
  refundStatus: null,
  failureReason: null,
  bankLink: null,
  timeline: [],
  refund: null,
  guaranteeEndsAt: paidAt + 7 * DAY_MS,
  gatewayRefunds: false,
  manualRefund: {
    amountCents: 1990,
    charges: [
      {
        orderId: 'ord_1',
        provider: 'tribopay',
        providerName: 'TriboPay',
        transactionHash: 'tx_9f8e7d',
        amountCents: 1990,
        items: ['Lista de Fornecedores Secretos Vitalícia'],
        itemKeys: ['main'],
      },
    ],
    buyerDocument: '52998224725',
  },
  kind: 'main',
  parentOrderId: null,
  items: [{ key: 'main', title: 'Lista de Fornecedores Secretos Vitalícia', priceCents: 1990 }],
  provider: 'tribopay',
  providerName: 'TriboPay',
  addons: [],
  purchase: null,
  ...fields,
});

const request = (fields: Partial<AdminRefund> = {}): AdminRefund => ({
  status: 'requested',
  origin: 'buyer',
  reason: 'contacts_unanswered',
  note: 'Mandei mensagem para três e ninguém respondeu.',
  requestedAt: paidAt + 2 * DAY_MS,
  decidedAt: null,
  decidedBy: null,
  declineReason: null,
  refundedAt: null,
  gateway: { state: 'off', error: null, mayHaveRefunded: false },
  ...fields,
});

const render = (order: AdminOrderDetail) =>
  renderToStaticMarkup(createElement(RefundPanel, { order, reload: () => Promise.resolve(), onDone: () => undefined }));
/** The panel's buttons by their visible names (what Playwright's getByRole('button', { name }) finds). */
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ''));

describe('RefundPanel', () => {
  it('shows a request with its reason, the buyer’s words and the guarantee, and both answers', () => {
    const html = render(detail({ refund: request(), refundStatus: 'requested' }));
    expect(html).toContain('Garantia até 10/03');
    expect(html).toContain('Pedido dentro da garantia');
    expect(html).toContain('Os fornecedores não responderam');
    expect(html).toContain('“Mandei mensagem para três e ninguém respondeu.”');
    expect(html).toContain('Reembolso pedido');
    expect(buttons(html)).toEqual(['Reembolsar', 'Recusar', 'Marcar como reembolsado']);
  });

  it('numbers the steps by hand, with the transaction, the amount and the buyer’s CPF', () => {
    const approved = request({ status: 'approved', decidedAt: paidAt + 3 * DAY_MS, decidedBy: 'seller' });
    const html = render(detail({ refund: approved, refundStatus: 'approved' }));
    expect(html).toMatch(
      /<ol[^>]*>.*No painel do provedor TriboPay, abra a transação.*tx_9f8e7d.*Reembolse.*R\$\s19,90.*Marcar como reembolsado/,
    );
    expect(html).toContain('CPF do comprador (chave PIX possível)');
    expect(html).toContain('529.982.247-25');
    expect(buttons(html)).toEqual(['Copiar o código da transação', 'Copiar o CPF do comprador', 'Marcar como reembolsado']);
  });

  it('names the provider whose panel holds each PIX of a purchase paid through two', () => {
    const approved = request({ status: 'approved', decidedAt: paidAt + 3 * DAY_MS, decidedBy: 'seller' });
    const charge = (orderId: string, provider: 'mercadopago' | 'efi', providerName: string, hash: string, cents: number) => ({
      orderId,
      provider,
      providerName,
      transactionHash: hash,
      amountCents: cents,
      items: [],
      itemKeys: [],
    });
    const manualRefund = {
      amountCents: 2980,
      charges: [charge('ord_1', 'mercadopago', 'Mercado Pago', 'mp_123', 1990), charge('ord_2', 'efi', 'Efí', 'efi_txid_456', 990)],
      buyerDocument: null,
    };
    const html = render(detail({ refund: approved, refundStatus: 'approved', manualRefund }));
    expect(html).toMatch(
      /No painel do provedor Mercado Pago, abra a transação.*mp_123.*R\$\s19,90.*No painel do provedor Efí, abra a transação.*efi_txid_456.*R\$\s9,90/,
    );
  });

  it('explains the gateway at work and offers nothing to tap meanwhile', () => {
    const pending = request({
      status: 'approved',
      decidedBy: 'auto',
      decidedAt: paidAt + 2 * DAY_MS,
      gateway: { state: 'pending', error: null, mayHaveRefunded: true },
    });
    const html = render(detail({ refund: pending, refundStatus: 'approved', gatewayRefunds: true }));
    expect(html).toContain('Reembolso em processamento');
    expect(html).toContain('Automática');
    expect(buttons(html)).toEqual([]);
  });

  it('tells the seller to check the gateway panel before retrying a refund asked for and never seen', () => {
    const warning =
      'Antes de tentar de novo, confira no painel do gateway se o reembolso já foi feito: tentar de novo pode devolver duas vezes.';
    const failed = (mayHaveRefunded: boolean) =>
      request({
        status: 'approved',
        decidedBy: 'seller',
        decidedAt: paidAt + 2 * DAY_MS,
        gateway: { state: 'failed', error: 'O reembolso foi pedido ao gateway, mas a transação continua paga', mayHaveRefunded },
      });
    const unseen = render(detail({ refund: failed(true), refundStatus: 'approved', gatewayRefunds: true }));
    expect(unseen).toContain(warning);
    expect(buttons(unseen)).toContain('Reembolsar de novo pelo gateway');
    // Refused by the gateway: nothing was refunded, so no warning.
    expect(render(detail({ refund: failed(false), refundStatus: 'approved', gatewayRefunds: true }))).not.toContain(warning);
  });

  it('offers a refund the buyer did not ask for', () => {
    const html = render(detail());
    expect(html).toContain('O comprador não pediu reembolso.');
    expect(buttons(html)).toEqual(['Reembolsar', 'Marcar como reembolsado']);
  });
});
